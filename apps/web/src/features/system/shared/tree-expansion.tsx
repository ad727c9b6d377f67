import { NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Button } from 'antd';
import { type Key, useRef, useState } from 'react';
import type { PageResult } from '../../../shared/list/query';

interface TreeQuery<Node> {
  queryKey: QueryKey;
  queryFn: () => Promise<PageResult<Node>>;
}

/**
 * The expanded rows of a tree table (departments, menus) fed by a list query: each loaded tree
 * opens fully or starts folded, and the toolbar's toggle opens or folds every row.
 * Usage: `listQuery={(q) => tree.track(deptQueries.list(q))}`, `expandable: tree.expandable`, `<ExpandToggle tree={tree} ... />`.
 */
export function useTreeExpansion<Node>(ids: (rows: readonly Node[]) => Key[]) {
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const all = useRef<Key[]>([]);
  // The last toggle's choice, for trees loaded after it (a reload after a save keeps it).
  const openAll = useRef(true);
  return {
    expanded,
    expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys: readonly Key[]) => setExpanded(keys) },
    /** The query, noting each loaded tree's ids; `open` decides whether it shows opened (default: as the last toggle left it). */
    track: <Q extends TreeQuery<Node>>(query: Q, open?: boolean): Q => ({
      ...query,
      queryFn: async () => {
        const page = await query.queryFn();
        all.current = ids(page.rows);
        setExpanded((open ?? openAll.current) ? all.current : []);
        return page;
      },
    }),
    toggle: () => {
      openAll.current = expanded.length === 0;
      setExpanded(openAll.current ? all.current : []);
    },
  };
}

/** The toolbar button that opens or folds every row of a tree table. */
export function ExpandToggle({
  tree,
  expandLabel,
  collapseLabel,
}: {
  tree: { expanded: readonly Key[]; toggle: () => void };
  expandLabel: string;
  collapseLabel: string;
}) {
  const open = tree.expanded.length > 0;
  return (
    <Button icon={open ? <NodeCollapseOutlined /> : <NodeExpandOutlined />} onClick={tree.toggle}>
      {open ? collapseLabel : expandLabel}
    </Button>
  );
}
