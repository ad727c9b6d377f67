import { FileTextOutlined, FolderOutlined, KeyOutlined, LinkOutlined } from '@ant-design/icons';
import type { MapKeyRef, MapRef } from '@ccms/contracts/content/map-editor';
import { TopicStatus } from '@ccms/contracts/content/status';
import { Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../shared/StatusTag';
import { type DropPosition, dropPlacement, type MapTreeNode } from '../model/map-tree';
import { keyRefOf, titleOf } from '../model/node-title';

type TreeItem = DataNode & { node: MapTreeNode; children: TreeItem[] };

const toItems = (nodes: readonly MapTreeNode[]): TreeItem[] => nodes.map((n) => ({ key: n.id, node: n, children: toItems(n.children) }));

const iconOf = (n: MapTreeNode) => {
  if (n.name === 'keydef') return <KeyOutlined />;
  if (n.name === 'mapref' || n.attrs.format === 'ditamap') return <LinkOutlined />;
  return n.href ? <FileTextOutlined /> : <FolderOutlined />;
};

export interface MapTreeProps {
  nodes: MapTreeNode[];
  refs: ReadonlyMap<string, MapRef>;
  /** @keyrefs of nodes without an href, resolved. */
  keys: ReadonlyMap<string, MapKeyRef>;
  /** hrefs of topics that the next save creates. */
  pending: ReadonlySet<string>;
  selected: string[];
  collapsed: ReadonlySet<string>;
  readOnly: boolean;
  height: number;
  onSelect: (ids: string[]) => void;
  onCollapse: (collapsed: Set<string>) => void;
  onDrop: (ids: string[], target: string, position: DropPosition) => void;
}

/** Ids in the order the tree shows them (children of collapsed nodes left out). */
const visibleIds = (nodes: readonly MapTreeNode[], collapsed: ReadonlySet<string>): string[] =>
  nodes.flatMap((n) => [n.id, ...(collapsed.has(n.id) ? [] : visibleIds(n.children, collapsed))]);

const allIds = (nodes: readonly MapTreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);

/** The map's references as a tree: drag and drop moves (the selection when the dragged node is in it). */
export const MapTree = memo(function MapTree({
  nodes,
  refs,
  keys,
  pending,
  selected,
  collapsed,
  readOnly,
  height,
  onSelect,
  onCollapse,
  onDrop,
}: MapTreeProps) {
  const { t } = useTranslation('map-editor');
  const items = useMemo(() => toItems(nodes), [nodes]);
  const ids = useMemo(() => allIds(nodes), [nodes]);
  const expanded = useMemo(() => ids.filter((id) => !collapsed.has(id)), [ids, collapsed]);
  const anchor = useRef<string | null>(null);

  const render = (item: TreeItem) => {
    const n = item.node;
    const ref = n.href ? refs.get(n.href) : undefined;
    const key = keyRefOf(n, keys);
    const status = ref?.status ? TopicStatus.safeParse(ref.status) : null;
    return (
      <span className="me-node" data-testid="map-node" data-node-id={n.id} data-href={n.href}>
        {iconOf(n)}
        <span className="me-node-title" data-testid="map-node-title">
          {titleOf(n, ref, key)}
        </span>
        {n.name !== 'topicref' && <Tag className="me-node-element">{n.name}</Tag>}
        {n.href && (
          <Typography.Text type="secondary" className="me-node-file">
            {ref?.path || n.href}
          </Typography.Text>
        )}
        {key?.path && (
          <Typography.Text type="secondary" className="me-node-file">
            {key.path}
          </Typography.Text>
        )}
        {status?.success && <StatusTag status={status.data} />}
        {n.href && pending.has(n.href) ? (
          <Tag color="blue" data-testid="map-node-new">
            {t('newOnSave')}
          </Tag>
        ) : (
          (ref?.broken || key?.broken) && (
            <Typography.Text type="danger" data-testid="map-node-broken">
              {t('brokenLink')}
            </Typography.Text>
          )
        )}
      </span>
    );
  };

  return (
    <Tree<TreeItem>
      blockNode
      showLine
      multiple
      draggable={readOnly ? false : { icon: false }}
      height={height}
      treeData={items}
      expandedKeys={expanded}
      onExpand={(keys) => {
        const open = new Set(keys.map(String));
        onCollapse(new Set(ids.filter((id) => !open.has(id))));
      }}
      selectedKeys={selected}
      onSelect={(_keys, info) => {
        // A click selects that node; Ctrl (⌘) adds or removes it; Shift selects the range from the last clicked one.
        const key = String(info.node.key);
        const e = info.nativeEvent as MouseEvent;
        if (e.ctrlKey || e.metaKey) onSelect(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
        else if (e.shiftKey && anchor.current) {
          const visible = visibleIds(nodes, collapsed);
          const a = visible.indexOf(anchor.current);
          const b = visible.indexOf(key);
          if (a >= 0 && b >= 0) onSelect(visible.slice(Math.min(a, b), Math.max(a, b) + 1));
          else onSelect([key]);
          return;
        } else onSelect([key]);
        anchor.current = key;
      }}
      titleRender={render}
      onDrop={(info) => {
        const node = info.node.node;
        const dragged = String(info.dragNode.key);
        const moving = selected.includes(dragged) ? selected : [dragged];
        const pos = info.node.pos.split('-');
        const side = info.dropPosition - Number(pos[pos.length - 1]);
        const { targetId, position } = dropPlacement(node, info.node.expanded, info.dropToGap, side);
        onDrop(moving, targetId, position);
      }}
    />
  );
});
