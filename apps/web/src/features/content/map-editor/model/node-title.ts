import type { MapKeyRef, MapRef } from '@ccms/contracts/content/map-editor';
import type { MapTreeNode } from './map-tree';

/** What the tree shows of a node: the resolved title (of its href, else of its key), unless the map locks its own. */
export function titleOf(n: MapTreeNode, ref: MapRef | undefined, key?: MapKeyRef): string {
  if (n.attrs.locktitle === 'yes' && n.navtitle) return n.navtitle;
  return ref?.title || key?.title || n.navtitle || n.attrs.keys || n.href || n.attrs.keyref || n.name;
}

/** The resolved key of a node that references its topic by @keyref only. */
export const keyRefOf = (n: MapTreeNode, keys: ReadonlyMap<string, MapKeyRef>): MapKeyRef | undefined =>
  !n.href && n.attrs.keyref ? keys.get(n.attrs.keyref.trim()) : undefined;
