import { DatabaseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './monitor.css';

/** The part of a react-query result a monitor page's head reads. */
interface Refreshable {
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A label/value table, the facts cards of the monitor pages. */
export function KeyValues({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table className="monitor-kv">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The head of a monitor page: when its figures were read, and a refresh button. */
export function MonitorHead({ query }: { query: Refreshable }) {
  const { t } = useTranslation('monitor');
  return (
    <div className="monitor-head">
      {query.dataUpdatedAt > 0 && <span>{t('updatedAt', { time: dayjs(query.dataUpdatedAt).format('HH:mm:ss') })}</span>}
      <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => query.refetch()}>
        {t('refresh')}
      </Button>
    </div>
  );
}

/** A monitor page before its first answer: the head and a skeleton. */
export function MonitorLoading({ query }: { query: Refreshable }) {
  return (
    <div className="monitor-page list-page">
      <MonitorHead query={query} />
      <Skeleton active paragraph={{ rows: 10 }} />
    </div>
  );
}

/** What the cache and datasource monitors both say of the database the server runs on. */
interface DatabaseFacts {
  kind: 'pglite' | 'postgres';
  version: string;
  name: string;
}

/** The "database" card: its kind, version and name first, then the page's own rows. */
export function DatabaseCard({ db, rows }: { db: DatabaseFacts; rows: [string, ReactNode][] }) {
  const { t } = useTranslation('monitor');
  const facts: [string, ReactNode][] = [
    [
      t('cache.kind'),
      <Tag key="kind" color="blue">
        {t(`cache.kinds.${db.kind}`)}
      </Tag>,
    ],
    [t('cache.version'), db.version],
    [t('cache.name'), db.name],
    ...rows,
  ];
  return (
    <Card
      title={
        <span>
          <DatabaseOutlined /> {t('cache.database')}
        </span>
      }
      className="monitor-card"
    >
      <KeyValues rows={facts} />
    </Card>
  );
}
