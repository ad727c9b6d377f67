import { SearchOutlined } from '@ant-design/icons';
import type { TreeSelect } from '@ccms/contracts/system/role';
import { Empty, Input, Spin, Tree } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeptTreePanelProps {
  tree: readonly TreeSelect[];
  loading: boolean;
  selected: number | undefined;
  onSelect: (deptId: number | undefined) => void;
}

/** Nodes whose label matches, with their ancestors (so the path stays visible); all when the filter is empty. */
export function filterTree(nodes: readonly TreeSelect[], text: string): TreeSelect[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...nodes];
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], q);
    if (n.label.toLowerCase().includes(q) || children.length > 0) return [{ ...n, children }];
    return [];
  });
}

const allIds = (nodes: readonly TreeSelect[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** The department tree beside the user list: a filter box and a tree; clicking a selected node again clears it. */
export function DeptTreePanel({ tree, loading, selected, onSelect }: DeptTreePanelProps) {
  const { t } = useTranslation('user');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterTree(tree, filter), [tree, filter]);
  const [expanded, setExpanded] = useState<Key[]>([]);

  useEffect(() => setExpanded(allIds(shown)), [shown]);

  return (
    <aside className="dept-panel" aria-label={t('deptTree')}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('deptFilterPlaceholder')}
        aria-label={t('deptFilterPlaceholder')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Spin spinning={loading}>
        <div className="dept-panel-tree">
          {shown.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree<TreeSelect>
              blockNode
              treeData={shown}
              fieldNames={{ key: 'id', title: 'label', children: 'children' }}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={selected === undefined ? [] : [selected]}
              onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : undefined)}
            />
          )}
        </div>
      </Spin>
    </aside>
  );
}
