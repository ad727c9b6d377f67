import type { TreeOption } from '@ccms/contracts/system/menu';

/** Parent and children of every node of a tree of options, for the tick logic. */
export interface TreeIndex {
  parent: Map<number, number>;
  children: Map<number, number[]>;
  all: number[];
}

export function indexTree(nodes: readonly TreeOption[]): TreeIndex {
  const index: TreeIndex = { parent: new Map(), children: new Map(), all: [] };
  const walk = (list: readonly TreeOption[], parent: number | undefined) => {
    for (const node of list) {
      index.all.push(node.id);
      if (parent !== undefined) index.parent.set(node.id, parent);
      const kids = node.children ?? [];
      index.children.set(
        node.id,
        kids.map((k) => k.id),
      );
      walk(kids, node.id);
    }
  };
  walk(nodes, undefined);
  return index;
}

function descendants(index: TreeIndex, id: number): number[] {
  return (index.children.get(id) ?? []).flatMap((c) => [c, ...descendants(index, c)]);
}

function ancestors(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  for (let p = index.parent.get(id); p !== undefined; p = index.parent.get(p)) out.push(p);
  return out;
}

/**
 * Ticks or unticks a node. Linked (RuoYi's "parent-child linkage"): the node's whole branch
 * follows it, and each ancestor is ticked exactly when all its children are. Unlinked: only
 * the node changes.
 */
export function toggleNode(checked: readonly number[], id: number, on: boolean, linked: boolean, index: TreeIndex): number[] {
  const set = new Set(checked);
  const branch = linked ? [id, ...descendants(index, id)] : [id];
  for (const k of branch) {
    if (on) set.add(k);
    else set.delete(k);
  }
  if (linked) {
    for (const a of ancestors(index, id)) {
      const kids = index.children.get(a) ?? [];
      if (kids.length > 0 && kids.every((k) => set.has(k))) set.add(a);
      else set.delete(a);
    }
  }
  return index.all.filter((k) => set.has(k));
}

/** Linked trees show an unticked ancestor of a ticked node as half ticked. */
export function halfChecked(checked: readonly number[], linked: boolean, index: TreeIndex): number[] {
  if (!linked) return [];
  const set = new Set(checked);
  const half = new Set<number>();
  for (const k of checked) for (const a of ancestors(index, k)) if (!set.has(a)) half.add(a);
  return index.all.filter((k) => half.has(k));
}

/** What a role saves: the ticked nodes and, when linked, the half-ticked ancestors too (so directories open). */
export function keysToSave(checked: readonly number[], linked: boolean, index: TreeIndex): number[] {
  const set = new Set([...checked, ...halfChecked(checked, linked, index)]);
  return index.all.filter((k) => set.has(k));
}
