import type { Connection, DocumentDetail } from '@ccms/contracts/content/document';
import { Divider, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDocumentConnections } from '../document-queries';
import { IndexedCommit } from './IndexedCommit';
import { LinksTable, type Place } from './LinksTable';
import { usePlaceOpener } from './use-place-opener';

const placeOfConnection = (c: Connection): Place =>
  c.topicId !== null ? { type: 'topic', id: c.topicId } : c.documentId !== null ? { type: 'document', id: c.documentId } : { type: 'file', path: c.path };

/** The connections tab: what the document uses (in reading order) and what uses it; each opens its place. */
export function ConnectionsTab({ document: d }: { document: DocumentDetail }) {
  const { t } = useTranslation('document');
  const connections = useDocumentConnections(d.documentId);
  const { open, viewer } = usePlaceOpener(d.libraryId, d.branch);
  if (connections.isLoading) return <Spin />;
  const data = connections.data;
  if (!data) return <Empty />;

  const columns: ColumnsType<Connection> = [
    { key: 'type', dataIndex: 'type', title: t('connections.type'), width: 90, render: (v: Connection['type']) => <Tag>{t(`connections.types.${v}`)}</Tag> },
    {
      key: 'title',
      title: t('connections.title'),
      ellipsis: true,
      render: (_: unknown, c) =>
        c.broken ? (
          <Typography.Text type="danger">
            {c.title || c.path} · {t('brokenLink')}
          </Typography.Text>
        ) : (
          <Typography.Link onClick={() => open(placeOfConnection(c))} data-testid="connection-link">
            {c.title || c.path}
          </Typography.Link>
        ),
    },
    { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true },
    { key: 'kinds', dataIndex: 'kinds', title: t('connections.kinds'), render: (v: string[]) => v.map((k) => <Tag key={k}>{k}</Tag>) },
  ];
  const table = (rows: readonly Connection[], testId: string) => (
    <div data-testid={testId}>
      <Table<Connection>
        size="small"
        rowKey={(c) => `${c.type}:${c.path}`}
        columns={columns}
        dataSource={[...rows]}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <IndexedCommit commit={data.commit} indexedAt={data.indexedAt} branch={data.branch} />
      <Divider titlePlacement="start">{t('connections.uses', { count: data.uses.length })}</Divider>
      {table(data.uses, 'connections-uses')}
      <Divider titlePlacement="start">{t('connections.usedBy', { count: data.usedBy.length })}</Divider>
      {table(data.usedBy, 'connections-used-by')}
      <Divider titlePlacement="start">{t('connections.mapLinks', { count: data.links.length })}</Divider>
      <LinksTable links={data.links} direction="outgoing" onOpen={open} />
      {viewer}
    </Space>
  );
}
