import type { Language } from '@ccms/contracts/constants';
import { isExternal, type MenuNode } from '../../state/permission-store';

/** One sidebar or top-nav entry. `key` is the absolute path (or the URL of an external link). */
export interface MenuEntry {
  key: string;
  title: string;
  icon: string | undefined;
  external: boolean;
  /** Where a click goes: path plus the menu's query. */
  target: string;
  children: MenuEntry[];
}

const titleIn = (node: MenuNode, lang: Language) => node.meta?.titles[lang] || node.meta?.title || node.name;

/** The menu's query (a JSON object in the server's `query`) as a search string. */
export function queryString(query: string | undefined): string {
  if (!query) return '';
  try {
    const parsed: unknown = JSON.parse(query);
    if (typeof parsed !== 'object' || parsed === null) return '';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(parsed)) params.set(k, String(v));
    const text = params.toString();
    return text ? `?${text}` : '';
  } catch {
    return '';
  }
}

function leaf(node: MenuNode, lang: Language): MenuEntry {
  const external = isExternal(node.path) || (node.meta?.link ? isExternal(node.fullPath) : false);
  return {
    key: node.fullPath,
    title: titleIn(node, lang),
    icon: node.meta?.icon,
    external,
    target: external ? node.fullPath : `${node.fullPath}${queryString(node.query)}`,
    children: [],
  };
}

/**
 * The visible menu tree. Like the RuoYi sidebar: a node with a single visible child (and no
 * alwaysShow) shows that child in its place; a node without visible children is a plain item.
 */
export function menuEntries(nodes: readonly MenuNode[], lang: Language): MenuEntry[] {
  return nodes.flatMap((node): MenuEntry[] => {
    if (node.hidden) return [];
    if (isExternal(node.path)) return [leaf(node, lang)];
    const visible = node.children.filter((c) => !c.hidden);
    if (!node.alwaysShow && visible.length === 1) {
      const only = visible[0];
      if (only && only.children.filter((c) => !c.hidden).length === 0) {
        const entry = leaf(only, lang);
        // A top-level page under a bare Layout keeps the child's icon and title.
        return [{ ...entry, icon: entry.icon ?? node.meta?.icon }];
      }
    }
    if (visible.length === 0) return node.component === 'Layout' || node.component === 'ParentView' ? [] : [leaf(node, lang)];
    return [{ ...leaf(node, lang), external: false, target: node.fullPath, children: menuEntries(visible, lang) }];
  });
}

/** Keys from the root down to the entry whose key is `path` (for opening submenus). */
export function ancestorKeys(entries: readonly MenuEntry[], path: string): string[] {
  for (const entry of entries) {
    if (entry.key === path) return [];
    const below = ancestorKeys(entry.children, path);
    if (below.length > 0 || entry.children.some((c) => c.key === path)) return [entry.key, ...below];
  }
  return [];
}

/** The deepest entry key that is `path` or a prefix of it (hidden detail pages light up their parent). */
export function selectedKey(entries: readonly MenuEntry[], path: string): string {
  let best = '';
  const walk = (list: readonly MenuEntry[]) => {
    for (const e of list) {
      if (!e.external && (path === e.key || path.startsWith(`${e.key}/`)) && e.key.length > best.length) best = e.key;
      walk(e.children);
    }
  };
  walk(entries);
  return best || path;
}
