import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/**
 * Every page of the app, each its own chunk. Convention: a server component name
 * "<area>/<entity>/<file>" is the file src/features/<area>/<entity>/pages/<file>.tsx,
 * e.g. "system/user/index" -> src/features/system/user/pages/index.tsx,
 * "monitor/job/log" -> src/features/monitor/job/pages/log.tsx.
 */
const pages = import.meta.glob<PageModule>(['../../features/**/pages/*.tsx', '!../../features/**/pages/*.test.tsx']);

export function pageFile(component: string): string {
  const clean = component.replace(/^\/+|\.tsx$/g, '');
  const slash = clean.lastIndexOf('/');
  const dir = slash < 0 ? '' : clean.slice(0, slash);
  const file = slash < 0 ? clean : clean.slice(slash + 1);
  return `../../features/${dir ? `${dir}/` : ''}pages/${file}.tsx`;
}

export const hasPage = (component: string) => pageFile(component) in pages;

/** All component names that have a page (for tests and diagnostics). */
export const pageNames = () =>
  Object.keys(pages).map((file) =>
    file
      .replace('../../features/', '')
      .replace('/pages/', '/')
      .replace(/\.tsx$/, ''),
  );

/** The page names its component from the route's handle. */
const notAvailable: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('../../features/errors/pages/not-available')).default,
});

/**
 * The route `lazy` loader for a component name; a name without a page gets the clear
 * "not available yet" page, never a blank screen.
 */
export function lazyPage(component: string): LazyRouteFunction<RouteObject> {
  const load = pages[pageFile(component)];
  if (!load) return notAvailable;
  return async () => ({ Component: (await load()).default });
}
