import { PRODUCT_VERSION } from '@ccms/contracts/constants';
import { Badge, Card, Col, Empty, List, Row, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../state/session-store';
import { NeedsYou } from '../components/NeedsYou';
import { useAttention, useDashboard } from '../dashboard-queries';
import '../home.css';

/** ECharts is large: its chunk loads only when the trends panel shows. */
const TrendChart = lazy(() => import('../components/TrendChart'));

/** Home dashboard: "Needs you" for leads, my projects (status 0), my open work items and the past 7 days' trends. */
export default function HomePage() {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('work-item');
  const navigate = useNavigate();
  const name = useSession((s) => s.nickName || s.name);
  const dashboard = useDashboard();
  const attention = useAttention();
  const data = dashboard.data;
  const labels = useMemo(() => ({ created: t('created'), resolved: t('resolved'), closed: t('closed') }), [t]);
  const today = data?.trends.at(-1);

  return (
    <div className="home-page" data-testid="home">
      {attention.data && <NeedsYou attention={attention.data} />}
      <Card className="home-banner" variant="borderless">
        <h1>{t('welcome', { name })}</h1>
        <p>{t('intro')}</p>
        <span className="home-version">{t('version', { version: PRODUCT_VERSION })}</span>
      </Card>
      {dashboard.isError && <Typography.Text type="secondary">{t('loadFailed')}</Typography.Text>}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title={t('trends')}
            variant="borderless"
            data-testid="home-trends"
            data-today-created={today?.created ?? ''}
            data-today-resolved={today?.resolved ?? ''}
            data-today-closed={today?.closed ?? ''}
          >
            {data ? (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
                <TrendChart trends={data.trends} labels={labels} />
              </Suspense>
            ) : (
              <Spin spinning={dashboard.isLoading} style={{ display: 'block', margin: '120px auto' }} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('myProjects')} variant="borderless" data-testid="home-projects">
            <List
              size="small"
              loading={dashboard.isLoading}
              dataSource={data?.projects ?? []}
              locale={{ emptyText: <Empty description={t('noProjects')} /> }}
              renderItem={(p) => (
                <List.Item extra={<Badge count={p.openItems} showZero color={p.openItems ? '#409EFF' : '#c0c4cc'} title={t('openItems')} />}>
                  <List.Item.Meta
                    title={<Link to={`/ccms/projectDetail/index?id=${p.projectId}`}>{p.title}</Link>}
                    description={p.endDate ? `${t('endDate')}: ${p.endDate}` : p.name}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('myOpenItems')} variant="borderless" extra={data ? t('openTotal', { count: data.openItemTotal }) : null} data-testid="home-open-items">
        <Table
          size="small"
          rowKey="workItemId"
          loading={dashboard.isLoading}
          dataSource={data?.openItems ?? []}
          pagination={false}
          locale={{ emptyText: t('noItems') }}
          onRow={(r) => ({ onClick: () => navigate(`/ccms/staging/detail?id=${r.workItemId}`), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'workItemId', dataIndex: 'workItemId', title: tw('fields.workItemId'), width: 80 },
            {
              key: 'type',
              dataIndex: 'workItemType',
              title: tw('fields.workItemType'),
              width: 90,
              render: (v: 'requirement' | 'defect') => <Tag color={v === 'defect' ? 'volcano' : 'geekblue'}>{tw(`types.${v}`)}</Tag>,
            },
            { key: 'title', dataIndex: 'title', title: tw('fields.title') },
            { key: 'projectTitle', dataIndex: 'projectTitle', title: tw('fields.projectId'), width: 160 },
            { key: 'status', dataIndex: 'status', title: tw('fields.status'), width: 100, render: (v: string) => tw(`statuses.${v}` as 'statuses.active') },
            { key: 'priority', dataIndex: 'priority', title: tw('fields.priority'), width: 80 },
            { key: 'due', dataIndex: 'due', title: tw('fields.due'), width: 110 },
          ]}
        />
      </Card>
    </div>
  );
}
