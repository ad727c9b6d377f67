import type { RouterNode } from '@ccms/contracts/system/auth';
import { create } from 'zustand';

/** A server menu node with its absolute path worked out, for the sidebar, top nav and breadcrumb. */
export interface MenuNode extends Omit<RouterNode, 'children'> {
  fullPath: string;
  children: MenuNode[];
}

export interface PermissionState {
  /** The menu tree from /getRouters; empty until loaded. */
  menus: MenuNode[];
  /** In top-nav mode: the children of the selected top menu, shown in the sidebar. */
  sidebarMenus: MenuNode[] | null;
  loaded: boolean;
  setMenus(menus: MenuNode[]): void;
  setSidebarMenus(menus: MenuNode[] | null): void;
}

export const usePermission = create<PermissionState>()((set) => ({
  menus: [],
  sidebarMenus: null,
  loaded: false,
  setMenus(menus) {
    set({ menus, loaded: true });
  },
  setSidebarMenus(sidebarMenus) {
    set({ sidebarMenus });
  },
}));

export const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

/** Joins a child path onto its parent's, as the router does. */
export function joinPath(parent: string, child: string): string {
  if (isExternal(child)) return child;
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${child}`.replace(/\/{2,}/g, '/');
}

/** The server's tree with absolute paths. */
export function toMenuNodes(nodes: readonly RouterNode[], parent = '/'): MenuNode[] {
  return nodes.map((node) => {
    const fullPath = joinPath(parent, node.path);
    return { ...node, fullPath, children: toMenuNodes(node.children ?? [], fullPath) };
  });
}
