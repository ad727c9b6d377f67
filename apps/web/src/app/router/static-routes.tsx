import { PORTAL_PATH } from '@ccms/contracts/publish/portal-path';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { getToken } from '../../api/token';
import { openEarly } from '../../features/content/topic-editor/early-open';
import { i18n } from '../../i18n';
import type { Namespace } from '../../i18n/types';
import type { RouteHandle, StaticTitleKey } from '../../state/route-meta';
import { useSession } from '../../state/session-store';
import { RouteError } from './RouteError';
import { signedInLazy } from './signed-in-lazy';

/**
 * The page for a component name, resolved through the page map (its own chunk: it lists every
 * page of the app, so it stays off the first screen).
 */
const byName =
  (component: string, namespaces: Namespace[] = []) =>
  async () => {
    const [parts] = await Promise.all([import('./pages').then((m) => m.lazyPage(component)()), i18n.loadNamespaces(namespaces)]);
    return parts;
  };

/** A lazily loaded page whose i18n namespaces load with it, so it never flashes untranslated. */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: Namespace[] = []) {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/** The spec's {id digits} parameters: anything else is the 404 page. */
const digits =
  (...names: string[]) =>
  ({ params }: LoaderFunctionArgs) => {
    for (const name of names) {
      if (!/^\d+$/.test(params[name] ?? '')) throw new Response('', { status: 404, statusText: 'Not Found' });
    }
    return null;
  };

interface DetailRoute {
  path: string;
  titleKey: StaticTitleKey;
  /** Component name resolved like the server's (src/features/<dir>/pages/<file>.tsx). */
  component: string;
  digitParams?: string[];
  noCache?: boolean;
  /** i18n namespaces the page renders with, loaded with its code (else its first render waits for them). */
  namespaces?: Namespace[];
  /** Work the page needs, started as the navigation starts (a loader that answers nothing). */
  early?: (args: LoaderFunctionArgs) => null;
}

/**
 * When the app boots on a topic editor URL (a reload; no user info yet), its topic is asked for
 * beside getInfo and getRouters instead of after them and the page's render; the page adopts the
 * answer. Later navigations leave the asking to the page.
 */
function openTopicEarly({ request }: LoaderFunctionArgs): null {
  if (getToken() && useSession.getState().roles.length === 0) {
    openEarly(new URL(request.url).search);
  }
  return null;
}

/** What the topic editor's page and panes translate with. */
const EDITOR_NAMESPACES: Namespace[] = ['topic-editor', 'compliance', 'document'];

/**
 * Detail pages of the spec's route table. Until their feature lands each shows the
 * "not available yet" page; adding the file named by `component` makes it live.
 */
export const DETAIL_ROUTES: readonly DetailRoute[] = [
  { path: 'system/user-auth/role/:userId', titleKey: 'assignRoles', component: 'system/user/auth-role', digitParams: ['userId'] },
  { path: 'system/role-auth/user/:roleId', titleKey: 'assignUsers', component: 'system/role/auth-user', digitParams: ['roleId'] },
  { path: 'system/downloadcenter', titleKey: 'downloadCenter', component: 'system/download-center/index' },
  { path: 'system/dict-data/index/:dictId', titleKey: 'dictData', component: 'system/dict/data', digitParams: ['dictId'] },
  { path: 'data/propertyValue', titleKey: 'propertyValue', component: 'ccms/property/value' },
  { path: 'monitor/job-log/index', titleKey: 'jobLog', component: 'monitor/job/log' },
  { path: 'tool/gen-edit/index/:tableId', titleKey: 'genEdit', component: 'tool/gen/edit-table', digitParams: ['tableId'] },
  { path: 'ccms/library-detail/index', titleKey: 'libraryDetail', component: 'ccms/library/detail' },
  { path: 'ccms/projectDetail/index', titleKey: 'projectDetail', component: 'ccms/project/detail' },
  { path: 'ccms/document-detail/index', titleKey: 'documentDetail', component: 'ccms/document/detail' },
  { path: 'ccms/topic-detail/index', titleKey: 'topicDetail', component: 'ccms/topic/detail' },
  { path: 'ccms/topic-editor/index', titleKey: 'topicEditor', component: 'ccms/topic/editor', namespaces: EDITOR_NAMESPACES, early: openTopicEarly },
  { path: 'ccms/mxeditor/index', titleKey: 'mxEditor', component: 'ccms/mxeditor/index', namespaces: EDITOR_NAMESPACES, early: openTopicEarly },
  { path: 'ccms/ditamapeditor/index', titleKey: 'mapEditor', component: 'ccms/ditamap-editor/index', noCache: true },
  { path: 'ccms/staging/detail', titleKey: 'workItemDetail', component: 'ccms/staging/detail', noCache: true },
  { path: 'ccms/staging/planDetail', titleKey: 'planDetail', component: 'ccms/staging/plan-detail', noCache: true },
  { path: 'ccms/task/detail', titleKey: 'taskDetail', component: 'ccms/task/detail' },
  { path: 'ccms/output-view/index', titleKey: 'outputView', component: 'ccms/output/view', noCache: true },
  { path: 'ccms/editor/webAuthor', titleKey: 'webAuthor', component: 'ccms/editor/web-author' },
];

const handle = (h: RouteHandle) => h;

const notFound = page(() => import('../../features/errors/pages/404'), ['errors']);

/** Children of the layout shell (the pages with sidebar, top bar and tags); their code needs a session. */
export function layoutChildren(): RouteObject[] {
  return [
    {
      path: 'index',
      handle: handle({ titleKey: 'home', affix: true, icon: 'dashboard' }),
      lazy: signedInLazy(page(() => import('../../features/work/dashboard/pages/index'), ['dashboard'])),
    },
    { path: 'redirect/*', handle: handle({ noTag: true }), lazy: signedInLazy(page(() => import('../../features/redirect/pages/index'))) },
    {
      path: 'user/profile',
      handle: handle({ titleKey: 'profile', icon: 'user' }),
      lazy: signedInLazy(page(() => import('../../features/system/profile/pages/index'), ['profile', 'notification'])),
    },
    {
      path: 'user/notification',
      handle: handle({ titleKey: 'notification', icon: 'message' }),
      lazy: signedInLazy(page(() => import('../../features/system/notification/pages/index'), ['notification'])),
    },
    ...DETAIL_ROUTES.map(
      (r): RouteObject => ({
        path: r.path,
        handle: handle({ titleKey: r.titleKey, component: r.component, ...(r.noCache ? { noCache: true } : {}) }),
        lazy: signedInLazy(byName(r.component, r.namespaces)),
        ErrorBoundary: RouteError,
        ...(r.digitParams ? { loader: digits(...r.digitParams) } : r.early ? { loader: r.early } : {}),
      }),
    ),
  ];
}

/** Pages without antd (the first screen stays small): the empty path, sign-in, the auth callback. */
export function bareRoutes(): RouteObject[] {
  return [
    { index: true, loader: () => redirect('/index') },
    // The document center moved out of the shell: old links open the portal.
    { path: 'docview', loader: () => redirect(PORTAL_PATH) },
    { path: 'login', lazy: page(() => import('../../features/system/auth/pages/login'), ['auth', 'sso']) },
    {
      path: 'auth-redirect',
      handle: handle({ titleKey: 'authRedirect' }),
      lazy: page(() => import('../../features/system/auth/pages/auth-redirect'), ['sso']),
    },
  ];
}

/** Public pages and the catch-all, next to the shell under the UI providers. */
export function publicRoutes(): RouteObject[] {
  return [
    { path: 'register', lazy: page(() => import('../../features/system/auth/pages/register'), ['auth']) },
    { path: 'bind', handle: handle({ titleKey: 'bind', component: 'auth/bind' }), lazy: byName('auth/bind') },
    { path: '401', lazy: page(() => import('../../features/errors/pages/401'), ['errors']) },
    { path: '404', lazy: notFound },
    // Unsigned, any unknown path goes to sign-in: its 404 page loads only with a session.
    { path: '*', lazy: signedInLazy(notFound) },
  ];
}

/** The reader's portal (document center): its own header and pages, outside the admin shell; its code needs a session. */
export function portalRoutes(): RouteObject[] {
  const portal = (load: () => Promise<{ default: ComponentType }>) => signedInLazy(page(load, ['portal', 'layout']));
  return [
    {
      path: PORTAL_PATH,
      handle: handle({ titleKey: 'docViewer' }),
      lazy: portal(() => import('../../features/publish/portal/pages/layout')),
      children: [
        { index: true, lazy: portal(() => import('../../features/publish/portal/pages/index')) },
        { path: 'view/:outputId', lazy: portal(() => import('../../features/publish/portal/pages/view')) },
      ],
    },
  ];
}
