import { FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import type { TocNode } from '@ccms/contracts/content/document';
import type { SearchHit } from '@ccms/contracts/content/search';
import { Empty, Input, List, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slot, tabItems } from '../../../../shared/slots/slots';
import { useDebounced } from '../../../../shared/use-debounced';
import { Highlight } from '../../search/components/Highlight';
import { useDocumentToc, useLibrarySearch } from '../topic-editor-queries';
import type { Insertion } from './insertions';
import { relativeHref } from './insertions';

type TocData = DataNode & { node: TocNode; children: TocData[] };
const toData = (nodes: readonly TocNode[]): TocData[] => nodes.map((n) => ({ key: n.nodeId, node: n, children: toData(n.children) }));
const allKeys = (nodes: readonly TocNode[]): string[] => nodes.flatMap((n) => [n.nodeId, ...allKeys(n.children)]);

const SEARCH_DEBOUNCE_MS = 300;

export interface LeftTabsProps {
  libraryId: number;
  branch?: string | undefined;
  /** The topic being edited: its toc node is highlighted, hrefs are written relative to it. */
  path: string;
  documentId: number | undefined;
  /** Topics with unsaved changes (kept while jumping between the document's topics). */
  unsavedPaths: ReadonlySet<string>;
  onOpenTopic: (path: string) => void;
  onInsert: (insertion: Insertion) => void;
  /** The topic's text as last loaded: the review tab anchors new comments to its elements. */
  content?: string | undefined;
  /** The topic's id in the catalogue, for the tabs other areas add (undefined: not indexed, or not known yet). */
  topicId?: number | undefined;
}

function TocPane({ documentId, path, unsavedPaths, onOpenTopic }: Pick<LeftTabsProps, 'documentId' | 'path' | 'unsavedPaths' | 'onOpenTopic'>) {
  const { t } = useTranslation('topic-editor');
  const toc = useDocumentToc(documentId);
  const treeData = useMemo(() => toData(toc.data?.nodes ?? []), [toc.data]);
  const current = useMemo(() => {
    const find = (nodes: readonly TocNode[]): string | undefined => {
      for (const n of nodes) {
        if (n.path === path) return n.nodeId;
        const inner = find(n.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return find(toc.data?.nodes ?? []);
  }, [toc.data, path]);
  if (documentId === undefined) return <Typography.Text type="secondary">{t('left.noDocument')}</Typography.Text>;
  if (toc.isLoading) return <Spin />;
  if (treeData.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree<TocData>
      blockNode
      treeData={treeData}
      defaultExpandedKeys={allKeys(toc.data?.nodes ?? [])}
      selectedKeys={current ? [current] : []}
      titleRender={(d) => (
        <span data-testid="editor-toc-node">
          {d.node.hasContent ? <FileTextOutlined /> : <FolderOutlined />} {d.node.title || d.node.href || d.node.element}
          {d.node.path && unsavedPaths.has(d.node.path) && (
            <Tag color="orange" style={{ marginInlineStart: 4 }}>
              {t('left.unsavedTopic')}
            </Tag>
          )}
        </span>
      )}
      onSelect={(_keys, info) => {
        const target = info.node.node.path;
        if (target && info.node.node.hasContent && target !== path) onOpenTopic(target);
      }}
    />
  );
}

function SearchPane({ libraryId, branch, path, onInsert }: Pick<LeftTabsProps, 'libraryId' | 'branch' | 'path' | 'onInsert'>) {
  const { t } = useTranslation('topic-editor');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const result = useLibrarySearch({ q, libraryId, ...(branch ? { branch } : {}), type: 'topic', pageNum: 1, pageSize: 20 });
  const insert = (hit: SearchHit) => onInsert({ kind: 'xref', href: hit.path === path ? '' : relativeHref(path, hit.path) });
  return (
    <>
      <Input.Search allowClear placeholder={t('left.searchPlaceholder')} aria-label={t('left.search')} value={text} onChange={(e) => setText(e.target.value)} />
      <List<SearchHit>
        size="small"
        loading={result.isFetching}
        dataSource={q ? (result.data?.rows ?? []) : []}
        renderItem={(hit) => (
          <List.Item>
            <Typography.Link onClick={() => insert(hit)} title={t('left.insertXref')} data-testid="editor-search-hit">
              <Highlight parts={hit.titleParts} fallback={hit.title || hit.path} />
            </Typography.Link>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {hit.path}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </>
  );
}

/**
 * The editor's left tabs (spec: toc, review, search): its own, and those other areas add in the
 * editor-tabs slot (work: review comments between toc and search; compliance: regulations).
 */
export function LeftTabs(props: LeftTabsProps) {
  const { t } = useTranslation('topic-editor');
  return (
    <Tabs
      size="small"
      // Narrow gaps: the four tabs fit the 200 px column at 1366 × 768.
      tabBarGutter={12}
      defaultActiveKey={props.documentId === undefined ? 'search' : 'toc'}
      items={tabItems(
        [
          { key: 'toc', order: 10, label: t('left.toc'), children: <TocPane {...props} /> },
          { key: 'search', order: 30, label: t('left.search'), children: <SearchPane {...props} /> },
        ],
        slot('editorTabs'),
        { libraryId: props.libraryId, branch: props.branch, path: props.path, topicId: props.topicId, content: props.content },
      )}
    />
  );
}
