/** An element of a topic a comment can anchor to: its id, its path (/concept/conbody[1]/p[2], as the server computes it) and its text. */
export interface ReviewElement {
  id: string;
  path: string;
  name: string;
  text: string;
}

/** Block elements worth commenting on when they carry no id. */
const BLOCKS = new Set(['title', 'shortdesc', 'p', 'li', 'note', 'section', 'step', 'cmd', 'info', 'entry', 'dt', 'dd', 'codeblock', 'pre', 'fig', 'example']);

/** The elements of a topic's XML that have an id or are blocks, in document order (none for text that does not parse). */
export function reviewElements(xml: string): ReviewElement[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) return [];
  const out: ReviewElement[] = [];
  const walk = (el: Element, path: string) => {
    const id = el.getAttribute('id') ?? '';
    if (id || BLOCKS.has(el.localName)) out.push({ id, path, name: el.localName, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim() });
    const seen = new Map<string, number>();
    for (const child of Array.from(el.children)) {
      const n = (seen.get(child.nodeName) ?? 0) + 1;
      seen.set(child.nodeName, n);
      walk(child, `${path}/${child.nodeName}[${n}]`);
    }
  };
  walk(root, `/${root.nodeName}`);
  return out;
}
