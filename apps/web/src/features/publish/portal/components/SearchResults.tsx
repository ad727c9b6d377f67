import type { PortalHit } from '@ccms/contracts/publish/portal';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { portalViewPath } from '../portal-paths';

/** Pages holding the words: each opens at that page, inside the portal. */
export function SearchResults({ q, rows, total, loading }: { q: string; rows: PortalHit[]; total: number; loading: boolean }) {
  const { t } = useTranslation('portal');
  return (
    <List<PortalHit>
      loading={loading}
      header={!loading && rows.length > 0 ? (total > rows.length ? t('hitsCapped', { total, shown: rows.length }) : t('hits', { total })) : undefined}
      dataSource={rows}
      locale={{ emptyText: <Empty description={t('noHits', { q })} /> }}
      renderItem={(hit) => (
        <List.Item data-testid="portal-hit">
          <List.Item.Meta
            title={<Link to={portalViewPath(hit.outputId, hit.page)}>{hit.title}</Link>}
            description={
              <Space direction="vertical" size={2}>
                <Space wrap size={4}>
                  <span>{hit.publication}</span>
                  <Typography.Text type="secondary">{hit.libraryName}</Typography.Text>
                  <Tag color="blue">{hit.lang}</Tag>
                </Space>
                <span className="portal-snippet">{hit.snippet}</span>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
