import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import { Alert, Card, Col, Progress, Row, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { formatBytes } from '../../format';
import { DatabaseCard, MonitorHead, MonitorLoading } from '../../monitor-parts';
import { useCacheInfo } from '../cache-queries';

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

  if (!data) return <MonitorLoading query={info} />;

  const { database: db, tables, caches } = data;
  const maxRows = Math.max(1, ...tables.map((r) => r.rows));
  const facts: [string, ReactNode][] = [
    [t('cache.user'), db.user],
    [t('cache.size'), formatBytes(db.size)],
    [t('cache.connections'), db.maxConnections ? `${db.connections} / ${db.maxConnections}` : db.connections],
    [t('cache.pool'), db.pool ? t('cache.poolText', db.pool) : t('cache.none')],
  ];

  return (
    <div className="monitor-page">
      <MonitorHead query={info} />
      <Alert type="info" showIcon title={t('cache.noRedis')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <DatabaseCard db={db} rows={facts} />
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
