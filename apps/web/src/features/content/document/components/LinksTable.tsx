import type { LinkRow } from '@ccms/contracts/content/catalog';
import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** Where a reference leads when clicked: the topic or document page, or the file itself. */
export type Place = { type: 'topic'; id: number } | { type: 'document'; id: number } | { type: 'file'; path: string };

/**
 * The place of a reference: for an outgoing one its target, for an incoming one its source.
 * Null for an external link or an undefined key (nothing in the library to open).
 */
export function placeOf(link: LinkRow, direction: 'outgoing' | 'incoming'): Place | null {
  if (direction === 'incoming') {
    if (link.sourceTopicId !== null) return { type: 'topic', id: link.sourceTopicId };
    if (link.sourceDocumentId !== null) return { type: 'document', id: link.sourceDocumentId };
    return { type: 'file', path: link.sourcePath };
  }
  if (link.status === 'external') return null;
  if (link.targetTopicId !== null) return { type: 'topic', id: link.targetTopicId };
  if (link.targetDocumentId !== null) return { type: 'document', id: link.targetDocumentId };
  if (link.targetPath && link.status === 'resolved') return { type: 'file', path: link.targetPath };
  return null;
}

export interface LinksTableProps {
  links: readonly LinkRow[];
  direction: 'outgoing' | 'incoming';
  onOpen: (place: Place) => void;
  testId?: string;
}

/** References of a topic or map: kind, where written (path:line:col), target, status; each place clickable. */
export function LinksTable({ links, direction, onOpen, testId }: LinksTableProps) {
  const { t } = useTranslation('document');
  const columns: ColumnsType<LinkRow> = [
    { key: 'kind', dataIndex: 'kind', title: t('links.kind'), width: 100, render: (v: string) => <Tag>{v}</Tag> },
    {
      key: 'source',
      title: t('links.source'),
      ellipsis: true,
      render: (_: unknown, link) => {
        const text = `${link.sourcePath}:${link.line}:${link.col}`;
        const place = direction === 'incoming' ? placeOf(link, 'incoming') : null;
        return place ? (
          <Typography.Link onClick={() => onOpen(place)} data-testid="link-place">
            {text}
          </Typography.Link>
        ) : (
          text
        );
      },
    },
    { key: 'value', dataIndex: 'value', title: t('links.value'), ellipsis: true },
    {
      key: 'target',
      title: t('links.target'),
      ellipsis: true,
      render: (_: unknown, link) => {
        const text = link.targetPath ? `${link.targetPath}${link.targetFragment ? `#${link.targetFragment}` : ''}` : link.key ? `@${link.key}` : link.value;
        const place = direction === 'outgoing' ? placeOf(link, 'outgoing') : null;
        return place ? (
          <Typography.Link onClick={() => onOpen(place)} data-testid="link-place">
            {text}
          </Typography.Link>
        ) : (
          text
        );
      },
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('links.status'),
      width: 170,
      render: (v: LinkRow['status'], link) =>
        v === 'broken' ? (
          <Tooltip title={link.reason}>
            <Typography.Text type="danger" data-testid="broken-link">
              {t('brokenLink')}
            </Typography.Text>
          </Tooltip>
        ) : (
          <Tag color={v === 'resolved' ? 'success' : 'default'}>{t(`links.statuses.${v}`)}</Tag>
        ),
    },
  ];
  return (
    <div data-testid={testId}>
      <Table<LinkRow>
        size="small"
        rowKey="linkId"
        columns={columns}
        dataSource={[...links]}
        pagination={links.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
