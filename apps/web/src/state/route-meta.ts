import type { Language } from '@ccms/contracts/constants';
import type { TFunction } from 'i18next';
import type layout from '../i18n/zh/layout';

export type StaticTitleKey = keyof typeof layout.routes;

/**
 * What every route carries in its `handle`: the title (an i18n key for the static routes, both
 * languages for the server's menu routes) and the menu metadata of spec section 2.
 */
export interface RouteHandle {
  titleKey?: StaticTitleKey;
  titles?: { zh: string; en: string };
  icon?: string;
  /** Pinned tab: no close icon, survives close others/all. */
  affix?: boolean;
  /** Not kept alive when left. */
  noCache?: boolean;
  /** The menu item to highlight for a hidden page. */
  activeMenu?: string;
  link?: string | null;
  /** Leaves the tag bar alone (the /redirect helper). */
  noTag?: boolean;
  /** The server's component name, shown by the "not available yet" page. */
  component?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('titleKey' in value || 'titles' in value || 'noTag' in value);
}

/** The title in a language; '' when the route has none. */
export function titleOf(handle: RouteHandle | undefined, lang: Language, t: TFunction<'layout'>): string {
  if (!handle) return '';
  if (handle.titles) return handle.titles[lang] || handle.titles.zh;
  if (handle.titleKey) return t(`routes.${handle.titleKey}`);
  return '';
}
