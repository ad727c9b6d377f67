import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UsageAnswer } from '../graphic-api';

type UsageRow = UsageAnswer['rows'][number];

export interface UsageDrawerProps {
  /** What is looked up (a file name); null closes the drawer. */
  name: string | null;
  /** The uses, as the entity's queries build them (`glossaryQueries.usage(...)`); fetched while the drawer is open. */
  query: { queryKey: QueryKey; queryFn: () => Promise<UsageAnswer> };
  onClose: () => void;
}

/** "Where used": the topics and maps that reference a graphic, video, abbreviation or term, by file and line. */
export function UsageDrawer({ name, query, onClose }: UsageDrawerProps) {
  const { t } = useTranslation('graphic');
  const navigate = useNavigate();
  const usage = useQuery({ ...query, enabled: name !== null, gcTime: 0 });
  const open = (row: UsageRow) => {
    if (row.topicId !== null) navigate(`/ccms/topic-detail/index?id=${row.topicId}`);
    else if (row.documentId !== null) navigate(`/ccms/document-detail/index?id=${row.documentId}`);
  };
  const data = usage.data;
  return (
    <Drawer open={name !== null} title={t('usage.title', { name: name ?? '' })} size={640} onClose={onClose} destroyOnHidden>
      {data && (
        <Typography.Paragraph type="secondary">
          {data.source === 'catalog' ? t('usage.fromCatalog', { commit: data.commit.slice(0, 8) }) : t('usage.fromScan', { commit: data.commit.slice(0, 8) })}
        </Typography.Paragraph>
      )}
      <Table<UsageRow>
        size="small"
        rowKey={(r) => `${r.sourcePath}:${r.line}:${r.col}:${r.kind}`}
        loading={usage.isFetching}
        dataSource={data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.empty')} /> }}
        columns={[
          {
            key: 'title',
            title: t('usage.usedIn'),
            render: (_: unknown, r) =>
              r.topicId !== null || r.documentId !== null ? (
                <Typography.Link onClick={() => open(r)}>{r.title || r.sourcePath}</Typography.Link>
              ) : (
                r.title || '—'
              ),
          },
          { key: 'file', title: t('usage.file'), dataIndex: 'sourcePath', ellipsis: true },
          { key: 'line', title: t('usage.line'), dataIndex: 'line', width: 70 },
          { key: 'kind', title: t('usage.kind'), dataIndex: 'kind', width: 100 },
        ]}
      />
    </Drawer>
  );
}
