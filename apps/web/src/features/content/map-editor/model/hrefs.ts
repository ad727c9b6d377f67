/** Paths and hrefs of a map's references, as the server resolves them (modules/content/map-editor). */

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** `to` (a library path) as an href written in a file of folder `fromFolder`. */
export function relativeHref(fromFolder: string, to: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  return [...from.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

/** The library path an href of a map in `mapFolder` points at (null when external or outside the library). */
export function resolveHref(mapFolder: string, href: string, scope?: string): string | null {
  if (scope === 'external' || EXTERNAL.test(href)) return null;
  let raw = href.split('#')[0] ?? '';
  try {
    raw = decodeURI(raw);
  } catch {
    // looked up as written
  }
  if (raw === '') return null;
  const parts = mapFolder === '' ? [] : mapFolder.split('/');
  for (const part of raw.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
