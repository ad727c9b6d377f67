import type { TreeSelect as TreeOption } from '@ccms/contracts/system/role';

export type { TreeOption };

/**
 * RuoYi's handleTree: flat rows with id and parent id into a tree (rows whose parent is absent
 * are roots). Keys default to id / parentId / children.
 * Usage: `const depts = buildTree(rows, 'deptId', 'parentId');`
 */
export function buildTree<T extends object, K extends keyof T, P extends keyof T>(
  rows: readonly T[],
  idKey: K,
  parentKey: P,
): (T & { children?: (T & { children?: unknown })[] })[] {
  type Node = T & { children?: Node[] };
  const nodes = new Map<unknown, Node>();
  for (const row of rows) nodes.set(row[idKey], { ...row });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node[parentKey]);
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
    } else roots.push(node);
  }
  return roots;
}

/**
 * Any tree into tree options {value, label, children} for antd TreeSelect and Tree; the value
 * comes from `id` unless another key is named.
 * Usage: `toTreeOptions(menus, { value: 'menuId', label: 'menuName' })`
 */
export interface ValueOption {
  value: string | number;
  label: string;
  children?: ValueOption[];
}

export function toTreeOptions<T extends { children?: T[] }>(nodes: readonly T[], keys: { value?: keyof T; label?: keyof T } = {}): ValueOption[] {
  const valueKey = keys.value ?? ('id' as keyof T);
  const labelKey = keys.label ?? ('label' as keyof T);
  return nodes.map((n) => {
    const raw = n[valueKey];
    const option: ValueOption = {
      value: typeof raw === 'number' ? raw : String(raw),
      label: String(n[labelKey] ?? ''),
    };
    if (n.children && n.children.length > 0) option.children = toTreeOptions(n.children, keys);
    return option;
  });
}

/** Every value in a tree (for expand-all and check-all). */
export function treeValues(
  nodes: readonly { value: string | number; children?: readonly { value: string | number; children?: unknown }[] }[],
): (string | number)[] {
  const out: (string | number)[] = [];
  const walk = (list: readonly { value: string | number; children?: unknown }[]) => {
    for (const n of list) {
      out.push(n.value);
      if (Array.isArray(n.children)) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
