import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { authApi } from '../../api/auth';
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
import { bareRoutes, layoutChildren, portalRoutes, publicRoutes } from './static-routes';

/** The route the server's menu routes are added under. */
export const LAYOUT_ROUTE_ID = 'layout';

type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | null = null;

/** The menu routes and the page map (its own chunk, kept out of the sign-in page's code). */
function fetchServerRoutes() {
  return Promise.all([authApi.routers(), import('./dynamic-routes')]);
}

/** Loads /getRouters (or takes one already asked for), keeps the menu tree and adds the routes under the shell. */
export async function loadServerRoutes(router: AppRouter, pending = fetchServerRoutes()) {
  const [res, { buildDynamicRoutes }] = await pending;
  const nodes = res.data;
  usePermission.getState().setMenus(toMenuNodes(nodes));
  router.patchRoutes(LAYOUT_ROUTE_ID, buildDynamicRoutes(nodes));
}

/** The `ui` route: antd, theme and query providers, with the namespaces most screens use (so pages do not wait for them one by one). */
async function loadUi() {
  const [module] = await Promise.all([import('../UiProviders'), i18n.loadNamespaces(['errors', 'shared'])]);
  return { Component: module.UiProviders };
}

/**
 * The layout shell route, with the namespaces it renders with (the top bar's bell translates with
 * `notification`): one missing suspends the shell's first render, and React holds the retry's
 * commit up to 300 ms after the fallback it showed.
 */
async function loadLayout() {
  const [module] = await Promise.all([import('../layout/Layout'), i18n.loadNamespaces(['layout', 'notification'])]);
  return { Component: module.Layout };
}

/** The shell's code and namespaces, fetched while the first calls are out (the routes' own loads then find them there). */
function preloadShell() {
  for (const load of [loadUi, loadLayout]) load().catch(() => undefined);
}

/** Nothing shows until the guard settles the first navigation. */
function Blank() {
  return null;
}

async function guardLoader({ request }: LoaderFunctionArgs) {
  const redirect = await guardNavigation(new URL(request.url), {
    token: getToken,
    roles: () => useSession.getState().roles,
    async loadUser() {
      // The initial load reports a dead session itself (logout + message), not with the dialog.
      // User info and the menu routes in one round: neither call needs the other's answer. Both are
      // applied before the guard retries the URL, which matches it against the routes there are then.
      relogin.show = true;
      const routes = fetchServerRoutes();
      // A failed getInfo is what the guard reports; the routes' own failure must not go unhandled.
      routes.catch(() => undefined);
      preloadShell();
      try {
        const info = await useSession.getState().getInfo();
        // A password someone else set changes first, on the sign-in page (which has the old one just typed):
        // the server opens the menu to such a user for RuoYi's client, so the shell must not open here.
        if (info.pwdChangeRequired) {
          await i18n.loadNamespaces('auth');
          throw new Error(i18n.t('auth:changeNotice'));
        }
        if (current) await loadServerRoutes(current, routes);
      } finally {
        relogin.show = false;
      }
    },
    logout: () => useSession.getState().logout(),
    showError: (message) => feedback.message.error(message),
    // A reader sees nothing of the administration: every page but the portal's sends them there (the server says who).
    confinedTo: () => useSession.getState().home,
  });
  if (redirect) throw redirect;
  return null;
}

/**
 * The app's routes: the guarded root holds the public pages and the layout shell. The shell, the
 * UI providers and every page under them load through `signedInLazy`, so an unsigned visit is
 * redirected to /login before any of that code is fetched.
 */
export function appRoutes(): RouteObject[] {
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
          lazy: signedInLazy(loadUi),
          children: [
            ...publicRoutes(),
            ...portalRoutes(),
            {
              id: LAYOUT_ROUTE_ID,
              lazy: signedInLazy(loadLayout),
              children: layoutChildren(),
            },
          ],
        },
      ],
    },
  ];
}

/** The app's data router over `appRoutes()`. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  current = router;
  return router;
}
