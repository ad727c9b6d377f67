/** Formatting the notice editor produces and keeps; anything else is unwrapped to its text. */
const KEEP = new Set([
  'P',
  'DIV',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'STRIKE',
  'OL',
  'UL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'HR',
  'A',
  'SPAN',
]);
/** Elements dropped with everything inside them. */
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'FRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'TITLE',
  'HEAD',
  'META',
  'LINK',
  'SVG',
  'MATH',
  'FORM',
  'TEXTAREA',
  'SELECT',
  'BUTTON',
  'INPUT',
]);
const SAFE_HREF = /^(https?:|mailto:)/i;

function copyInto(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const element = child;
    const tag = element.tagName.toUpperCase();
    if (DROP.has(tag)) continue;
    if (!KEEP.has(tag)) {
      copyInto(element, target, doc);
      continue;
    }
    const clean = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_HREF.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
    }
    copyInto(element, clean, doc);
    target.appendChild(clean);
  }
}

/**
 * Notice HTML reduced to plain formatting: no scripts, styles, event handlers or attributes but a
 * safe link target. Parsing happens in an inert document, so nothing in the input runs or loads.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString('<!doctype html><body></body>', 'text/html');
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = doc.createElement('div');
  copyInto(source.body, out, doc);
  return out.innerHTML;
}

/** True when the HTML shows no text (an editor left with only empty paragraphs or breaks). */
export function isBlankHtml(html: string): boolean {
  if (!html) return true;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() === '' && !doc.body.querySelector('hr, li');
}
