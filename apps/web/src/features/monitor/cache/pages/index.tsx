import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import { Alert, Card, Col, Progress, Row, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { formatBytes } from '../../../../shared/format';
import { DatabaseCard, KeyValues, MonitorHead, MonitorLoading } from '../../monitor-parts';
import { useCacheInfo } from '../cache-queries';

type TableRow = CacheInfo['tables'][number];
type CacheRow = CacheInfo['caches'][number];
type CommandRow = CacheInfo['commandStats'][number];

/** The cache store: Redis's INFO, or the in-process store's figures under the same names. */
function StoreCard({ data }: { data: CacheInfo }) {
  const { t } = useTranslation('monitor');
  const { info, backend } = data;
  const rows: [string, ReactNode][] = [
    [
      t('cache.backend'),
      <Tag key="backend" color={backend === 'redis' ? 'red' : 'blue'}>
        {t(`cache.backends.${backend}`)}
      </Tag>,
    ],
    ...(backend === 'redis'
      ? ([
          [t('cache.version'), info.redis_version],
          [t('cache.mode'), info.redis_mode],
          [t('cache.port'), info.tcp_port],
          [t('cache.clients'), info.connected_clients],
          [t('cache.uptimeDays'), info.uptime_in_days],
          [t('cache.maxMemory'), info.maxmemory_human],
        ] as [string, ReactNode][])
      : []),
    [t('cache.usedMemory'), info.used_memory_human],
    [t('cache.keys'), data.dbSize],
    [t('cache.hitsMisses'), `${info.keyspace_hits ?? 0} / ${info.keyspace_misses ?? 0}`],
  ];
  const commands = [...data.commandStats].sort((a, b) => Number(b.value) - Number(a.value));
  return (
    <Card title={t('cache.store')} className="monitor-card">
      <KeyValues rows={rows} />
      <Table<CommandRow>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={commands.slice(0, 10)}
        title={() => t('cache.commands')}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('cache.command'), render: (v: string) => <span className="monitor-mono">{v}</span> },
          { key: 'value', dataIndex: 'value', title: t('cache.calls'), align: 'right', width: 120 },
        ]}
      />
    </Card>
  );
}

/**
 * Cache monitor (RuoYi monitor/cache/index) over GET /monitor/cache: the cache store (Redis with
 * REDIS_URL, else the process's memory), the database that holds sessions, captchas and config,
 * and what the process holds.
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
      <Alert
        type="info"
        showIcon
        title={data.backend === 'redis' ? t('cache.storeRedis', { version: data.info.redis_version ?? '' }) : t('cache.storeMemory')}
      />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <StoreCard data={data} />
        </Col>
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
