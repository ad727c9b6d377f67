import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import { normalizeLanguage } from '../../i18n';
import { isRouteHandle, type RouteHandle, titleOf } from '../../state/route-meta';

export interface TitledMatch {
  id: string;
  pathname: string;
  handle: RouteHandle;
  title: string;
}

const handleOf = (m: UIMatch): RouteHandle | undefined => (isRouteHandle(m.handle) ? m.handle : undefined);

/** The matched routes that carry a title, outermost first, titles in the current language. */
export function useTitledMatches(): TitledMatch[] {
  const matches = useMatches();
  const { t, i18n } = useTranslation('layout');
  const lang = normalizeLanguage(i18n.language);
  return matches.flatMap((m) => {
    const handle = handleOf(m);
    const title = titleOf(handle, lang, t);
    return handle && title ? [{ id: m.id, pathname: m.pathname, handle, title }] : [];
  });
}

/** The innermost matched route's handle and id (the page being shown). */
export function useCurrentRoute(): { id: string; handle: RouteHandle | undefined } {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  if (!last) return { id: '', handle: undefined };
  // An index redirect inside a directory has no handle: use the nearest one.
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const handle = m ? handleOf(m) : undefined;
    if (m && handle) return { id: m.id, handle };
  }
  return { id: last.id, handle: undefined };
}

export function useLanguage() {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language);
}
