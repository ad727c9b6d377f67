import type { RouterNode } from '@ccms/contracts/system/auth';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { authApi } from '../../api/auth';
import { type BootData, readBoot, writeBoot } from '../../api/boot-cache';
import { browser } from '../../api/browser';
import { relogin } from '../../api/client';
import { getToken } from '../../api/token';
import { feedback } from '../../feedback/feedback';
import { i18n } from '../../i18n';
import { toMenuNodes, usePermission } from '../../state/permission-store';
import { useSession } from '../../state/session-store';
import { RootShell } from '../RootShell';
import { guardNavigation } from './guard';
import { RouteError } from './RouteError';
import { signedInLazy } from './signed-in-lazy';
import { bareRoutes, layoutChildren, publicRoutes } from './static-routes';

/** The route the server's menu routes are added under. */
export const LAYOUT_ROUTE_ID = 'layout';

type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | null = null;

/** The menu tree: the sidebar's menus and the routes under the shell. */
async function applyRouters(router: AppRouter | null, nodes: RouterNode[]) {
  // Its own chunk: the page map stays out of the sign-in page's code.
  const { buildDynamicRoutes } = await import('./dynamic-routes');
  usePermission.getState().setMenus(toMenuNodes(nodes));
  router?.patchRoutes(LAYOUT_ROUTE_ID, buildDynamicRoutes(nodes));
}

/** User info and the menu routes in one round: neither call needs the other's answer. */
async function fetchBoot(): Promise<BootData> {
  const [info, routers] = await Promise.all([authApi.getInfo(), authApi.routers()]);
  return { info, routers: routers.data };
}

/**
 * Loads user info and routes, and applies both before the guard retries the navigation: the retry
 * matches the URL against the routes there are at that moment, so routes patched after it (a
 * getRouters left running in the background) leave the page on the catch-all 404.
 */
async function loadUser() {
  // The initial load reports a dead session itself (logout + message), not with the dialog.
  relogin.show = true;
  try {
    const boot = await fetchBoot();
    useSession.getState().applyInfo(boot.info);
    await applyRouters(current, boot.routers);
    const token = getToken();
    if (token) writeBoot(token, boot);
  } finally {
    relogin.show = false;
  }
}

/**
 * A load that started from the boot cache asks the server again in the background: changed roles,
 * permissions replace the cached ones, changed menus load the page again from the fresh copy, and a dead
 * session signs out and goes to sign-in.
 */
async function revalidate(token: string, cached: BootData) {
  relogin.show = true;
  try {
    const fresh = await fetchBoot();
    if (getToken() !== token) return;
    useSession.getState().applyInfo(fresh.info);
    writeBoot(token, fresh);
    // Changed menus: the router was built from the old ones, and patching routes into a tree that
    // already matched the page left a new menu's page unmatched (e2e/menu.spec.ts). Load again from
    // the fresh copy: it happens only when an administrator changed this user's menus.
    if (JSON.stringify(fresh.routers) !== JSON.stringify(cached.routers)) browser.reload();
  } catch {
    // A dead session (or a server that cannot answer): sign out and load again without a token, so
    // the guard sends the visit to sign-in. A navigation inside this router would race the first one
    // it is still settling from the cache and could leave the page blank.
    await useSession
      .getState()
      .logout()
      .catch(() => undefined);
    browser.reload();
  } finally {
    relogin.show = false;
  }
}

/** Nothing shows until the guard settles the first navigation. */
function Blank() {
  return null;
}

async function guardLoader({ request }: LoaderFunctionArgs) {
  const redirect = await guardNavigation(new URL(request.url), {
    token: getToken,
    roles: () => useSession.getState().roles,
    loadUser,
    logout: () => useSession.getState().logout(),
    showError: (message) => feedback.message.error(message),
  });
  if (redirect) throw redirect;
  return null;
}

/**
 * The app's routes: the guarded root holds the public pages and the layout shell. The shell, the
 * UI providers and every page under them load through `signedInLazy`, so an unsigned visit is
 * redirected to /login before any of that code is fetched.
 */
export function appRoutes(serverRoutes: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      HydrateFallback: Blank,
      ErrorBoundary: RouteError,
      loader: guardLoader,
      // The guard runs before every navigation, not only when params change.
      shouldRevalidate: () => true,
      children: [
        ...bareRoutes(),
        {
          // antd, theme and query providers: everything but sign-in.
          id: 'ui',
          // Namespaces most screens use load with the providers, so pages do not wait for them one by one.
          lazy: signedInLazy(async () => {
            const [module] = await Promise.all([import('../UiProviders'), i18n.loadNamespaces(['errors', 'shared'])]);
            return { Component: module.UiProviders };
          }),
          children: [
            ...publicRoutes(),
            {
              id: LAYOUT_ROUTE_ID,
              lazy: signedInLazy(async () => {
                const [module] = await Promise.all([import('../layout/Layout'), i18n.loadNamespaces('layout')]);
                return { Component: module.Layout };
              }),
              children: [...layoutChildren(), ...serverRoutes],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The app's data router over `appRoutes()`. With a boot cache for this session, user info and the
 * menu routes are in place before the router matches the URL, so the page's code and data start at
 * once; the server is asked again in the background.
 */
export async function createAppRouter(): Promise<AppRouter> {
  const token = getToken();
  const cached = token ? readBoot(token) : null;
  let serverRoutes: RouteObject[] = [];
  if (cached) {
    const { buildDynamicRoutes } = await import('./dynamic-routes');
    serverRoutes = buildDynamicRoutes(cached.routers);
    useSession.getState().applyInfo(cached.info);
    usePermission.getState().setMenus(toMenuNodes(cached.routers));
  }
  const router = createBrowserRouter(appRoutes(serverRoutes));
  current = router;
  if (token && cached) void revalidate(token, cached);
  return router;
}

export const appRouter = () => current;
