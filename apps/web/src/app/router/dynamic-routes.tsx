import type { RouterNode } from '@ccms/contracts/system/auth';
import { Navigate, type RouteObject } from 'react-router';
import { isExternal, joinPath } from '../../state/permission-store';
import type { RouteHandle } from '../../state/route-meta';
import { lazyPage } from './pages';

/** Components the server names that are not pages. */
export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';
export const INNER_LINK = 'InnerLink';

export function handleOf(node: RouterNode): RouteHandle {
  const meta = node.meta;
  if (!meta) return {};
  const handle: RouteHandle = { titles: meta.titles, icon: meta.icon, noCache: meta.noCache, link: meta.link, component: node.component };
  if (meta.affix) handle.affix = true;
  if (meta.activeMenu) handle.activeMenu = meta.activeMenu;
  return handle;
}

/** Where a directory sends a visit to its own path: its redirect, else its first visible child. */
function directoryTarget(node: RouterNode, fullPath: string): string | null {
  if (node.redirect && node.redirect !== 'noRedirect') return node.redirect;
  const first = (node.children ?? []).find((c) => !c.hidden && !isExternal(c.path));
  return first ? joinPath(fullPath, first.path) : null;
}

/** The frame page reads its link from the route's handle. */
const innerLinkRoute = (node: RouterNode): RouteObject => ({
  path: node.path,
  handle: handleOf(node),
  lazy: async () => ({ Component: (await import('../layout/InnerLink')).InnerLinkPage }),
});

/**
 * Turns the server's menu tree into router routes: Layout and ParentView nodes become path
 * segments around their children (the shell is already the parent), InnerLink shows its link
 * in a frame, any other component is a lazily loaded page (or the "not available yet" page).
 * External links have no route: the menu opens them in a new window.
 */
export function buildDynamicRoutes(nodes: readonly RouterNode[], parentPath = '/'): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const node of nodes) {
    if (isExternal(node.path)) continue;
    const fullPath = joinPath(parentPath, node.path);
    const children = node.children ?? [];
    if (children.length > 0) {
      const nested = buildDynamicRoutes(children, fullPath);
      const target = directoryTarget(node, fullPath);
      if (target && target !== fullPath) nested.unshift({ index: true, element: <Navigate to={target} replace /> });
      routes.push({ path: node.path, handle: handleOf(node), children: nested });
    } else if (node.component === INNER_LINK) {
      routes.push(innerLinkRoute(node));
    } else if (node.component === LAYOUT || node.component === PARENT_VIEW) {
      // An empty directory: nothing to show under it.
    } else {
      routes.push({ path: node.path, handle: handleOf(node), lazy: lazyPage(node.component) });
    }
  }
  return routes;
}

/** Pinned tabs from the server's menus (meta.affix), with their absolute paths. */
export function affixRoutes(nodes: readonly RouterNode[], parentPath = '/'): { path: string; name: string; handle: RouteHandle }[] {
  return nodes.flatMap((node) => {
    const fullPath = joinPath(parentPath, node.path);
    const own = node.meta?.affix ? [{ path: fullPath, name: node.name || fullPath, handle: handleOf(node) }] : [];
    return [...own, ...affixRoutes(node.children ?? [], fullPath)];
  });
}
