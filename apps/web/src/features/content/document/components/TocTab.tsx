import { EditOutlined, FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import type { DocumentDetail, TocNode } from '@ccms/contracts/content/document';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { MapEditorPerm } from '@ccms/contracts/content/map-editor';
import { TopicStatus } from '@ccms/contracts/content/status';
import { Button, Empty, Space, Spin, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useSetNodeStatus } from '../../catalog/catalog-queries';
import { topicDetailPath } from '../../shared/paths';
import { StatusTag } from '../../shared/StatusTag';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { useDocumentToc } from '../document-queries';
import { IndexedCommit } from './IndexedCommit';
import { SetStatusDialog } from './SetStatusDialog';
import '../catalog.css';

type TocDataNode = DataNode & { node: TocNode; children: TocDataNode[] };

const toData = (nodes: readonly TocNode[]): TocDataNode[] => nodes.map((n) => ({ key: n.nodeId, node: n, children: toData(n.children) }));
const allKeys = (nodes: readonly TocNode[]): string[] => nodes.flatMap((n) => [n.nodeId, ...allKeys(n.children)]);

/** The structure tab: the toc as the map orders it; a click opens the node's topic. */
export function TocTab({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('document');
  const navigate = useNavigate();
  const toc = useDocumentToc(document.documentId);
  const setNodeStatus = useSetNodeStatus();
  const [statusOf, setStatusOf] = useState<TocNode | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const treeData = useMemo(() => toData(toc.data?.nodes ?? []), [toc.data]);

  if (toc.isLoading) return <Spin />;
  const data = toc.data;
  if (!data) return <Empty />;

  const renderNode = (n: TocNode) => (
    <span className={`toc-node${n.broken ? ' toc-node-broken' : ''}`} data-testid="toc-node" data-node-id={n.nodeId}>
      {n.hasContent ? <FileTextOutlined style={{ color: '#52c41a' }} /> : <FolderOutlined style={{ color: '#aaa' }} />}
      <span className="toc-node-title">{n.title || n.href || n.element}</span>
      {n.broken ? (
        <Tooltip title={n.reason || n.href}>
          <Typography.Text type="danger" data-testid="toc-broken">
            {t('brokenLink')}
          </Typography.Text>
        </Tooltip>
      ) : (
        <span className="toc-node-meta">
          {n.hasContent ? t('toc.hasContent') : t('toc.noContent')}
          {n.topicId !== null && ` · ${t('toc.topicId')} ${n.topicId}`}
          {n.topicCode && ` · ${t('toc.topicCode')} ${n.topicCode}`}
          {n.topicRevision && ` · ${t('toc.topicRevision')} ${n.topicRevision}`}
        </span>
      )}
      {n.element !== 'topicref' && <Tag style={{ marginInlineEnd: 0 }}>{n.element}</Tag>}
      {n.topicStatus && <StatusTag status={n.topicStatus} />}
      {n.hasContent && n.path && <EditTopicButton libraryId={document.libraryId} branch={document.branch} path={n.path} documentId={document.documentId} />}
      {document.canWrite && n.topicId !== null && (
        <HasPermi value={[DocumentPerm.edit]}>
          <Button
            type="link"
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              setStatusOf(n);
            }}
          >
            {t('setStatus')}
          </Button>
        </HasPermi>
      )}
    </span>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text type="secondary">{data.path}</Typography.Text>
        <IndexedCommit commit={data.commit} indexedAt={data.indexedAt} branch={data.branch} />
        {/* The map editor edits DITA maps and S1000D publication modules (their pmEntry tree). */}
        <HasPermi value={[MapEditorPerm.edit]}>
          <Button
            size="small"
            icon={<EditOutlined />}
            data-testid="toc-edit-structure"
            onClick={() =>
              navigate(
                `/ccms/ditamapeditor/index?${new URLSearchParams({ libraryId: String(document.libraryId), branch: document.branch, path: document.path }).toString()}`,
              )
            }
          >
            {t('toc.editStructure')}
          </Button>
        </HasPermi>
      </Space>
      {treeData.length === 0 ? (
        <Empty description={t('toc.empty')} />
      ) : (
        <div data-testid="toc-tree">
          <Tree<TocDataNode>
            blockNode
            showLine
            treeData={treeData}
            expandedKeys={expanded ?? allKeys(data.nodes)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            titleRender={(d) => renderNode(d.node)}
            selectedKeys={[]}
            onSelect={(_keys, info) => {
              const n = info.node.node;
              if (n.topicId !== null) navigate(topicDetailPath(n.topicId));
            }}
          />
        </div>
      )}
      <SetStatusDialog
        target={statusOf ? { kind: 'tocNode', title: statusOf.title, current: statusOf.topicStatus } : null}
        submit={(v) =>
          setNodeStatus.mutateAsync({
            documentId: document.documentId,
            status: TopicStatus.parse(v.status),
            comment: v.comment,
            nodeId: statusOf?.nodeId ?? '',
          })
        }
        onClose={() => setStatusOf(null)}
        onDone={() => setStatusOf(null)}
      />
    </Space>
  );
}
