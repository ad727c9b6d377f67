/** The map editor's tree as the screen shows it: its nodes, relationship tables as grids, and where a drop lands. */

/** One node of the tree as the screen shows it. */
export interface MapTreeNode {
  id: string;
  name: string;
  attrs: Record<string, string>;
  href: string;
  /** navtitle attribute or topicmeta/navtitle text. */
  navtitle: string;
  children: MapTreeNode[];
}

/** A relationship table as a grid: column types and, per row and column, the hrefs of its topicrefs. */
export interface RelTable {
  id: string;
  title: string;
  columns: string[];
  rows: string[][][];
}

export type DropPosition = 'before' | 'after' | 'inside';

/**
 * Where a drop on the tree lands, from what the tree component (rc-tree) reports for it: the node,
 * whether it is open, whether the drop is in a gap, and the gap's side (-1 above the node, 1 below).
 * rc-tree reports a drop on the top edge of an open node's first child as a drop on the open node
 * itself (not in a gap): its line is drawn above that first child, so the drop goes before it, not
 * after the node's last child. A drop on a closed node makes the dropped nodes its last children.
 */
export function dropPlacement(
  node: Pick<MapTreeNode, 'id' | 'children'>,
  expanded: boolean,
  dropToGap: boolean,
  side: number,
): { targetId: string; position: DropPosition } {
  if (dropToGap) return { targetId: node.id, position: side === -1 ? 'before' : 'after' };
  const first = node.children[0];
  if (expanded && first) return { targetId: first.id, position: 'before' };
  return { targetId: node.id, position: 'inside' };
}
