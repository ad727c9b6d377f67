import { DatabaseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import { Alert, Button, Card, Col, Progress, Row, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { formatBytes } from '../../format';
import { useCacheInfo } from '../cache-queries';
import '../../monitor.css';

type TableRow = CacheInfo['tables'][number];
type CacheRow = CacheInfo['caches'][number];

/**
 * Cache monitor (RuoYi monitor/cache/index) over GET /monitor/cache. There is no Redis here: the
 * page shows the database that holds sessions, captchas and config, and the process's own caches.
 */
export default function CachePage() {
  const { t, i18n } = useTranslation('monitor');
  const lang = normalizeLanguage(i18n.language);
  const info = useCacheInfo();
  const data = info.data;

  const head = (
    <div className="monitor-head">
      {info.dataUpdatedAt > 0 && <span>{t('updatedAt', { time: dayjs(info.dataUpdatedAt).format('HH:mm:ss') })}</span>}
      <Button icon={<ReloadOutlined />} loading={info.isFetching} onClick={() => info.refetch()}>
        {t('refresh')}
      </Button>
    </div>
  );

  if (!data) {
    return (
      <div className="monitor-page list-page">
        {head}
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }

  const { database: db, tables, caches } = data;
  const maxRows = Math.max(1, ...tables.map((r) => r.rows));
  const facts: [string, ReactNode][] = [
    [
      t('cache.kind'),
      <Tag key="kind" color="blue">
        {t(`cache.kinds.${db.kind}`)}
      </Tag>,
    ],
    [t('cache.version'), db.version],
    [t('cache.name'), db.name],
    [t('cache.user'), db.user],
    [t('cache.size'), formatBytes(db.size)],
    [t('cache.connections'), db.maxConnections ? `${db.connections} / ${db.maxConnections}` : db.connections],
    [t('cache.pool'), db.pool ? t('cache.poolText', db.pool) : t('cache.none')],
  ];

  return (
    <div className="monitor-page">
      {head}
      <Alert type="info" showIcon title={t('cache.noRedis')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            title={
              <span>
                <DatabaseOutlined /> {t('cache.database')}
              </span>
            }
            className="monitor-card"
          >
            <table className="monitor-kv">
              <tbody>
                {facts.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('cache.caches')} className="monitor-card">
            <Table<CacheRow>
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={caches}
              columns={[
                { key: 'name', dataIndex: 'name', title: t('cache.cacheName'), render: (v: string) => <span className="monitor-mono">{v}</span> },
                { key: 'entries', dataIndex: 'entries', title: t('cache.entries'), align: 'right', width: 90 },
                { key: 'description', dataIndex: 'description', title: t('cache.description'), render: (v: CacheRow['description']) => v[lang] || v.zh },
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('cache.tables')} className="monitor-card">
            <Table<TableRow>
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={tables}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'name', dataIndex: 'name', title: t('cache.tableName'), render: (v: string) => <span className="monitor-mono">{v}</span> },
                {
                  key: 'rows',
                  dataIndex: 'rows',
                  title: t('cache.rows'),
                  align: 'right',
                  width: 140,
                  render: (v: number, row: TableRow) => (
                    <span>
                      {row.estimated ? '≈ ' : ''}
                      {v.toLocaleString()}
                      {row.estimated && <Tag className="cache-estimated">{t('cache.estimated')}</Tag>}
                    </span>
                  ),
                },
                {
                  key: 'bar',
                  title: '',
                  width: '45%',
                  render: (_: unknown, row: TableRow) => <Progress percent={(row.rows / maxRows) * 100} showInfo={false} size="small" />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
