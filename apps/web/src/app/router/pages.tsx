import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/** What a page contributes to its route: its component, or an element with fixed props. */
type Load = () => Promise<Pick<RouteObject, 'Component' | 'element'>>;

/** A page module's default export. */
const page =
  (load: () => Promise<{ default: ComponentType }>): Load =>
  async () => ({ Component: (await load()).default });

/** A feature component shown with fixed props (one component behind several menus). */
const withProps =
  <P extends object>(load: () => Promise<ComponentType<P>>, props: P): Load =>
  async () => {
    const Component = await load();
    return { element: <Component {...props} /> };
  };

/**
 * Every page of the app by the component name the server's menus carry (`sys_menu.component`)
 * or a detail route of static-routes names; each import is its own chunk. Folders are named after
 * the server modules (`features/<area>/<module>`), not after the menu's legacy names, so this map
 * is where "ccms/abbreviation/index" meets `features/content/glossary`. A name missing here shows
 * the "not available yet" page. Add a page: one line here, a default export under `pages/`.
 */
export const PAGES: Readonly<Record<string, Load>> = {
  // compliance
  'ccms/regulation/index': page(() => import('../../features/compliance/regulation/pages/index')),
  'ccms/regulation/relation': page(() => import('../../features/compliance/regulation/pages/relation')),
  'ccms/regulation/report': page(() => import('../../features/compliance/report/pages/report')),
  // content
  'ccms/library/index': page(() => import('../../features/content/library/pages/index')),
  'ccms/library/detail': page(() => import('../../features/content/library/pages/detail')),
  'ccms/explorer/index': page(() => import('../../features/content/explorer/pages/index')),
  'ccms/document/index': page(() => import('../../features/content/document/pages/index')),
  'ccms/document/detail': page(() => import('../../features/content/document/pages/detail')),
  'ccms/topic/index': page(() => import('../../features/content/topic/pages/index')),
  'ccms/topic/detail': page(() => import('../../features/content/topic/pages/detail')),
  'ccms/topic/editor': page(() => import('../../features/content/topic-editor/pages/index')),
  'ccms/topic-editor/index': page(() => import('../../features/content/topic-editor/pages/index')),
  'ccms/mxeditor/index': withProps(async () => (await import('../../features/content/topic-editor/pages/index')).TopicEditorPage, { mode: 'source' }),
  'ccms/ditamap-editor/index': page(() => import('../../features/content/map-editor/pages/index')),
  'ccms/search/index': page(() => import('../../features/content/search/pages/index')),
  'ccms/graphic/index': page(() => import('../../features/content/graphic/pages/index')),
  'ccms/abbreviation/index': withProps(async () => (await import('../../features/content/glossary/components/GlossaryPage')).GlossaryPage, {
    kind: 'abbreviation',
  }),
  'ccms/term/index': withProps(async () => (await import('../../features/content/glossary/components/GlossaryPage')).GlossaryPage, {
    kind: 'term',
  }),
  'ccms/tag/index': page(() => import('../../features/content/tag/pages/index')),
  // publish: delivery
  'ccms/connection/index': page(() => import('../../features/publish/connection/pages/index')),
  'ccms/deliverable/index': page(() => import('../../features/publish/deliverable/pages/index')),
  'ccms/product/index': page(() => import('../../features/content/product/pages/index')),
  'ccms/doctype/index': page(() => import('../../features/content/doctype/pages/index')),
  'ccms/grammar/index': page(() => import('../../features/content/grammar/pages/index')),
  'ccms/template/index': page(() => import('../../features/content/template/pages/index')),
  'ccms/editorConfig/index': page(() => import('../../features/content/editor-config/pages/index')),
  'ccms/editor/web-author': page(() => import('../../features/content/editor-config/pages/web-author')),
  'ccms/property/index': withProps(async () => (await import('../../features/content/library-config/components/PropertyList')).PropertyList, {}),
  'ccms/property/value': page(() => import('../../features/content/library-config/pages/value')),
  // publish
  'ccms/publication/index': page(() => import('../../features/publish/publication/pages/index')),
  'ccms/publishLog/index': page(() => import('../../features/publish/publish-log/pages/index')),
  'ccms/output/view': page(() => import('../../features/publish/output/pages/view')),
  // work
  'home/index': page(() => import('../../features/work/dashboard/pages/index')),
  'ccms/project/index': page(() => import('../../features/work/project/pages/index')),
  'ccms/project/detail': page(() => import('../../features/work/project/pages/detail')),
  'ccms/project/category': page(() => import('../../features/work/project-category/pages/index')),
  'ccms/plan/index': page(() => import('../../features/work/plan/pages/index')),
  'ccms/staging/plan-detail': page(() => import('../../features/work/plan/pages/detail')),
  'ccms/task/index': page(() => import('../../features/work/task/pages/index')),
  'ccms/task/mine': page(() => import('../../features/work/task/pages/mine')),
  'ccms/task/detail': page(() => import('../../features/work/task/pages/detail')),
  'ccms/release/index': page(() => import('../../features/work/release/pages/index')),
  'ccms/workitem/index': withProps(async () => (await import('../../features/work/work-item/components/WorkItemArea')).WorkItemArea, {
    defaultTab: 'all',
  }),
  'ccms/workitem/demand': withProps(async () => (await import('../../features/work/work-item/components/WorkItemArea')).WorkItemArea, {
    defaultTab: 'requirement',
  }),
  'ccms/workitem/bug': withProps(async () => (await import('../../features/work/work-item/components/WorkItemArea')).WorkItemArea, {
    defaultTab: 'defect',
  }),
  'ccms/staging/detail': page(() => import('../../features/work/work-item/pages/detail')),
  'ccms/workitem/releaseLog': page(() => import('../../features/work/release-log/pages/index')),
  'ccms/workitem/workflow': page(() => import('../../features/work/workflow/pages/index')),
  'ccms/workitem/reviewComment': page(() => import('../../features/work/review-comment/pages/index')),
  // system
  'system/user/index': page(() => import('../../features/system/user/pages/index')),
  'system/download-center/index': page(() => import('../../features/system/download/pages/index')),
  'system/user/auth-role': page(() => import('../../features/system/user/pages/auth-role')),
  'system/role/index': page(() => import('../../features/system/role/pages/index')),
  'system/role/auth-user': page(() => import('../../features/system/role/pages/auth-user')),
  'system/menu/index': page(() => import('../../features/system/menu/pages/index')),
  'system/dept/index': page(() => import('../../features/system/dept/pages/index')),
  'system/post/index': page(() => import('../../features/system/post/pages/index')),
  'system/dict/index': page(() => import('../../features/system/dict/pages/index')),
  'system/dict/data': page(() => import('../../features/system/dict/pages/data')),
  'system/config/index': page(() => import('../../features/system/config/pages/index')),
  'auth/bind': page(() => import('../../features/system/sso/pages/bind')),
  'system/notice/index': page(() => import('../../features/system/notice/pages/index')),
  // monitor
  'monitor/online/index': page(() => import('../../features/monitor/online/pages/index')),
  'monitor/job/index': page(() => import('../../features/monitor/job/pages/index')),
  'monitor/job/log': page(() => import('../../features/monitor/job/pages/log')),
  'monitor/server/index': page(() => import('../../features/monitor/server/pages/index')),
  'monitor/cache/index': page(() => import('../../features/monitor/cache/pages/index')),
  'monitor/druid/index': page(() => import('../../features/monitor/datasource/pages/index')),
  'monitor/logininfor/index': page(() => import('../../features/monitor/logininfor/pages/index')),
  'monitor/operlog/index': page(() => import('../../features/monitor/operlog/pages/index')),
  // tool
  'tool/build/index': page(() => import('../../features/tool/build/pages/index')),
  'tool/gen/index': page(() => import('../../features/tool/gen/pages/index')),
  'tool/gen/edit-table': page(() => import('../../features/tool/gen/pages/edit-table')),
  'tool/swagger/index': page(() => import('../../features/tool/swagger/pages/index')),
};

/** Menu names tolerate a leading slash and a ".tsx" suffix, as RuoYi's did. */
const clean = (component: string) => component.replace(/^\/+|\.tsx$/g, '');

export const hasPage = (component: string) => clean(component) in PAGES;

/** The page names its component from the route's handle. */
const notAvailable: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('../../features/errors/pages/not-available')).default,
});

/**
 * The route `lazy` loader for a component name; a name without a page gets the clear
 * "not available yet" page, never a blank screen.
 */
export function lazyPage(component: string): LazyRouteFunction<RouteObject> {
  const load = PAGES[clean(component)];
  if (!load) return notAvailable;
  return load;
}
