/** Reading and writing link targets: hrefs, keyrefs, peer URLs and the anchors they point at. */

export function splitHref(href: string): { path: string; fragment?: string } {
  const i = href.indexOf('#');
  if (i < 0) return { path: href };
  return { path: href.slice(0, i), fragment: href.slice(i + 1) };
}

export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** keyref="key/elementid" for element references through a key. */
export function splitHrefKey(keyref: string): { path: string; fragment?: string } {
  const i = keyref.indexOf('/');
  if (i < 0) return { path: keyref };
  return { path: keyref.slice(0, i), fragment: keyref.slice(i + 1) };
}

/** An id usable in HTML and in a URL fragment. */
export function htmlId(s: string): string {
  return s.replace(/[^A-Za-z0-9_.:-]/g, '_');
}

/**
 * Where a peer link (another publication, published alongside) points in output: its DITA files are pages too,
 * and its topic/element fragments use this engine's anchors.
 */
export function peerUrl(href: string, format: string | undefined): string {
  if (isExternalHref(href) || (format !== undefined && format !== 'dita')) return href;
  const { path, fragment } = splitHref(href);
  if (!/\.(dita|xml)$/i.test(path)) return href;
  const page = path.replace(/\.(dita|xml)$/i, '.html');
  return fragment === undefined || fragment === '' ? page : `${page}#${htmlId(fragment.replace('/', '__'))}`;
}
