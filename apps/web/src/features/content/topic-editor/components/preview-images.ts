import type { Target } from '../topic-editor-api';
import { imageUrl } from './use-reference-resolvers';

const unescapeAttr = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _m);
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The preview's images drawn from the library: the engine writes each `<img src>` relative to the
 * topic's page (which mirrors the topic's folder), and the preview frame has no such folder, so each
 * becomes the graphic's URL with the open answer's ticket (SVG too: served as an image, it runs no
 * script). External and data URLs stay as written.
 */
export function previewWithImages(html: string, target: Target, ticket: string | undefined): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)(")/gi, (whole, head: string, src: string, tail: string) => {
    const href = unescapeAttr(src);
    if (href === '' || href.startsWith('#')) return whole;
    const url = imageUrl(target, ticket, { href });
    return url ? `${head}${escapeAttr(url)}${tail}` : whole;
  });
}
