/**
 * Notice HTML sanitised on the server as well as in the web: an allowlist that rebuilds every tag
 * it keeps from its checked attributes, so the output holds no markup the input smuggled in. The
 * tags are what the rich text editor writes; anything else is dropped (its text stays), and
 * script-like elements are dropped with their content.
 */
const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'span',
  'div',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  'sub',
  'sup',
  'mark',
]);
const VOID = new Set(['br', 'img', 'hr', 'col']);
/** Dropped together with everything up to their closing tag. */
const WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'frameset',
  'frame',
  'svg',
  'math',
  'select',
  'option',
]);
const ATTRS: Record<string, ReadonlySet<string>> = {
  '*': new Set(['class', 'style', 'title']),
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
  col: new Set(['span']),
};
const URL_ATTRS = new Set(['href', 'src']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const SKIP = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** http(s), mailto, relative and fragment links; images also as inline png/jpeg/gif/webp data. */
function safeUrl(value: string, attr: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const url = [...value]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) return true;
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') return true;
  return attr === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,/.test(url);
}

/** Styles stay unless they could load something or run something (old expression(), url(), escapes). */
const safeStyle = (value: string) => !/url\s*\(|expression|javascript|\\|@import|behavior/i.test(value);

function rebuildTag(name: string, attrs: string): string {
  const kept: string[] = [];
  for (const m of attrs.matchAll(ATTR)) {
    const attr = (m[1] ?? '').toLowerCase();
    if (!(ATTRS['*']?.has(attr) || ATTRS[name]?.has(attr))) continue;
    const value = decode(m[2] ?? m[3] ?? m[4] ?? '');
    if (URL_ATTRS.has(attr) && !safeUrl(value, attr)) continue;
    if (attr === 'style' && !safeStyle(value)) continue;
    if (attr === 'target' && value !== '_blank') continue;
    kept.push(` ${attr}="${escapeAttr(value)}"`);
  }
  if (name === 'a' && kept.some((a) => a.startsWith(' target='))) kept.push(' rel="noopener noreferrer"');
  return `<${name}${[...new Set(kept)].join('')}>`;
}

export function sanitizeNoticeHtml(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const text = lt < 0 ? html.slice(i) : html.slice(i, lt);
    out += text.replace(/>/g, '&gt;');
    if (lt < 0) break;
    i = lt;
    SKIP.lastIndex = i;
    const skipped = SKIP.exec(html);
    if (skipped) {
      i += skipped[0].length;
      continue;
    }
    TAG.lastIndex = i;
    const tag = TAG.exec(html);
    if (!tag) {
      out += '&lt;';
      i += 1;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (WITH_CONTENT.has(name)) {
      if (!closing) {
        const end = html.toLowerCase().indexOf(`</${name}`, i);
        i = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      }
      continue;
    }
    if (!TAGS.has(name)) continue;
    if (closing) out += VOID.has(name) ? '' : `</${name}>`;
    else out += rebuildTag(name, tag[3] ?? '');
  }
  return out;
}
