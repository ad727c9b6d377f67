import { isAbsolutePath, resolveRelative } from '../source/file-source.js';

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

/** URL schemes a published page may load (images, objects, flag images); any other (ftp:, data:, file:, ...) is never loaded. */
const LOADABLE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * URL schemes a link may never carry: script (javascript:, vbscript:), inline content a browser renders as a page
 * (data:), and the reader's or the server's own files (file:). Every other RFC 3986 scheme (news:, ftp:, tel:, urn:,
 * ...) is a link DITA allows with scope="external", and is kept as written.
 */
const REFUSED_LINK_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file']);

/**
 * The scheme of a URL as a browser would read it, lower-cased; undefined for a relative or fragment URL.
 * Browsers drop tabs, newlines and surrounding controls before they read a scheme: dropping every control and space is
 * stricter, so whatever scheme a browser sees is seen here too.
 */
export function urlScheme(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters browsers skip in a scheme
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]+/g, ''));
  return m?.[1]?.toLowerCase();
}

/** Whether a published page may load this URL (an image, an object): http(s), mailto, relative and fragment URLs. */
export function isAllowedUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === undefined || LOADABLE_SCHEMES.has(scheme);
}

/**
 * Whether a published page may link to this URL: any scheme but javascript:, vbscript:, data: and file:, and a single
 * letter, which is a Windows drive ("C:\Users\..."), a local file too.
 */
export function isAllowedLinkUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === undefined || (scheme.length > 1 && !REFUSED_LINK_SCHEMES.has(scheme));
}

/** Whether a page may carry the URL as a link (`link`) or load it. */
export function isPublishableUrl(url: string, link: boolean): boolean {
  return link ? isAllowedLinkUrl(url) : isAllowedUrl(url);
}

export const URL_REFUSED = 'url-refused';

const REFUSED_LEAD = 'Link not published:';

/** Why a URL is published as plain text (the same words wherever it is found, so it is reported once per place). */
export function refusedUrlMessage(url: string, link = false): string {
  const scheme = `${REFUSED_LEAD} the scheme "${urlScheme(url) ?? ''}:" is not allowed`;
  return link
    ? `${scheme} (a link may not run script, carry inline content or open local files: javascript:, vbscript:, data:, file: and drive letters are refused)`
    : `${scheme} (only http, https, mailto, relative and fragment URLs are)`;
}

/** Why a path is not published: the same words wherever it is found (the link graph and the renderer report it alike). */
export const OUTSIDE_SOURCE_MESSAGE = `${REFUSED_LEAD} the path leaves the source (an absolute path, or one that climbs above the source folder)`;

/**
 * Whether a reference written in `fromFile` is a path (no scheme) that leaves the source: absolute, or climbing
 * above the source root. Such a path is never read, copied or written into a page: in a print it would load the
 * server's files, in a site it would point at whatever lies beside the output. A peer link (another publication,
 * published alongside) may climb to it, but is never absolute.
 */
export function leavesSource(fromFile: string, href: string, peer = false): boolean {
  if (urlScheme(href) !== undefined) return false;
  const { path } = splitHref(href);
  if (path === '') return false;
  return peer ? isAbsolutePath(path) : resolveRelative(fromFile, path) === undefined;
}

/**
 * Why a page may not carry a reference written in `fromFile` (its scheme, or its path out of the source); undefined
 * when it may. A `link` is followed by the reader, anything else is loaded by the page.
 */
export function refusalOf(fromFile: string, href: string, peer = false, link = false): string | undefined {
  if (!isPublishableUrl(href, link)) return refusedUrlMessage(href, link);
  return leavesSource(fromFile, href, peer) ? OUTSIDE_SOURCE_MESSAGE : undefined;
}

export function isRefusedUrlMessage(message: string): boolean {
  return message.startsWith(REFUSED_LEAD);
}
