import type { DatasourceInfo, StatementFigures } from '@ccms/contracts/monitor/datasource';
import { Alert, Card, Col, Progress, Row, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format';
import { DatabaseCard, MonitorHead, MonitorLoading } from '../../monitor-parts';
import { useDatasourceInfo } from '../datasource-queries';

type TableRow = DatasourceInfo['tables'][number];

/**
 * Datasource monitor (RuoYi monitor/druid/index) over GET /monitor/druid: the database the server
 * runs on, its pool and connections, the slowest and most frequent statements, the largest tables.
 */
export default function DatasourcePage() {
  const { t } = useTranslation('monitor');
  const info = useDatasourceInfo();
  const data = info.data;

  if (!data) return <MonitorLoading query={info} />;

  const { database: db, pool, connections, statements, tables } = data;
  const facts: [string, ReactNode][] = [
    [
      t('cache.size'),
      <span key="size" data-testid="druid-size">
        {formatBytes(db.size)}
      </span>,
    ],
    [t('druid.startedAt'), db.startedAt ? dayjs(db.startedAt).format('YYYY-MM-DD HH:mm:ss') : '-'],
  ];
  const statementColumns = [
    {
      key: 'text',
      dataIndex: 'text',
      title: t('druid.sql'),
      render: (v: string) => (
        <Typography.Text className="monitor-mono" ellipsis={{ tooltip: v }} style={{ maxWidth: 520 }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'calls', dataIndex: 'calls', title: t('druid.calls'), align: 'right' as const, width: 90 },
    { key: 'meanMs', dataIndex: 'meanMs', title: t('druid.meanMs'), align: 'right' as const, width: 110, render: (v: number) => v.toFixed(3) },
    { key: 'maxMs', dataIndex: 'maxMs', title: t('druid.maxMs'), align: 'right' as const, width: 110, render: (v: number) => v.toFixed(3) },
    { key: 'totalMs', dataIndex: 'totalMs', title: t('druid.totalMs'), align: 'right' as const, width: 120, render: (v: number) => v.toFixed(1) },
  ];
  const maxBytes = Math.max(1, ...tables.map((r) => r.totalBytes));
  const source =
    statements.source === 'server'
      ? t('druid.sourceServer', { since: statements.since ? dayjs(statements.since).format('YYYY-MM-DD HH:mm:ss') : '-' })
      : t('druid.sourcePgStat');

  return (
    <div className="monitor-page">
      <MonitorHead query={info} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <DatabaseCard db={db} rows={facts} />
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('druid.pool')} className="monitor-card" data-testid="druid-pool">
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title={t('druid.poolMax')} value={pool.max} />
              </Col>
              <Col span={8}>
                <Statistic title={t('druid.poolInUse')} value={pool.inUse} />
              </Col>
              <Col span={8}>
                <Statistic title={t('druid.poolIdle')} value={pool.idle} />
              </Col>
            </Row>
            <Progress percent={Math.round((pool.total / Math.max(1, pool.max)) * 100)} format={() => `${pool.total} / ${pool.max}`} />
            <div>{t('druid.poolWaiting', { n: pool.waiting })}</div>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('druid.connections')} className="monitor-card" data-testid="druid-connections">
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title={t('druid.active')} value={connections.active} />
              </Col>
              <Col span={8}>
                <Statistic title={t('druid.idle')} value={connections.idle} />
              </Col>
              <Col span={8}>
                <Statistic title={t('druid.idleInTransaction')} value={connections.idleInTransaction} />
              </Col>
            </Row>
            <div>{t('druid.totalConnections', { n: connections.total, max: connections.max ?? '-' })}</div>
          </Card>
        </Col>
        <Col span={24}>
          <Alert type="info" showIcon title={source} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('druid.slowest')} className="monitor-card">
            <Table<StatementFigures>
              rowKey="text"
              size="small"
              pagination={false}
              dataSource={statements.slowest}
              scroll={{ x: 'max-content' }}
              columns={statementColumns}
              data-testid="druid-slowest"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('druid.frequent')} className="monitor-card">
            <Table<StatementFigures>
              rowKey="text"
              size="small"
              pagination={false}
              dataSource={statements.frequent}
              scroll={{ x: 'max-content' }}
              columns={statementColumns}
              data-testid="druid-frequent"
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('druid.largestTables')} className="monitor-card">
            <Table<TableRow>
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={tables}
              columns={[
                { key: 'name', dataIndex: 'name', title: t('cache.tableName'), render: (v: string) => <span className="monitor-mono">{v}</span> },
                { key: 'rows', dataIndex: 'rows', title: t('druid.rowsEstimated'), align: 'right', width: 140, render: (v: number) => v.toLocaleString() },
                {
                  key: 'totalBytes',
                  dataIndex: 'totalBytes',
                  title: t('druid.tableSize'),
                  width: 320,
                  render: (v: number) => <Progress percent={Math.round((v / maxBytes) * 100)} format={() => formatBytes(v)} size="small" />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
