import {
  type AnchorTree,
  anchorAt,
  findQuote,
  fuzzyFind,
  indexText,
  normalizeText,
  type QuoteQuery,
  type TextAnchor,
  type TextIndex,
} from '@ccms/contracts/work/review-anchor';

/** An element of a topic a comment can anchor to: its id, its path (/concept/conbody[1]/p[2], as the server computes it) and its text. */
export interface ReviewElement {
  id: string;
  path: string;
  name: string;
  text: string;
}

/** Block elements worth commenting on when they carry no id. */
const BLOCKS = new Set(['title', 'shortdesc', 'p', 'li', 'note', 'section', 'step', 'cmd', 'info', 'entry', 'dt', 'dd', 'codeblock', 'pre', 'fig', 'example']);

function treeOf(el: Element): AnchorTree {
  const children: Array<AnchorTree | string> = [];
  for (const c of Array.from(el.childNodes)) {
    if (c.nodeType === Node.ELEMENT_NODE) children.push(treeOf(c as Element));
    else if (c.nodeType === Node.TEXT_NODE || c.nodeType === Node.CDATA_SECTION_NODE) children.push((c as CharacterData).data);
  }
  return { name: el.nodeName, id: el.getAttribute('id') ?? '', children };
}

/** A topic's text and elements as comment anchors see them, as the server does (null for text that does not parse). */
export function topicIndex(xml: string): TextIndex | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) return null;
  return indexText(treeOf(root));
}

/** The elements of a topic that have an id or are blocks, in document order. */
export function reviewElements(index: TextIndex | null): ReviewElement[] {
  return (index?.elements ?? [])
    .filter((e) => e.id || BLOCKS.has(e.name))
    .map((e) => ({ id: e.id, path: e.path, name: e.name, text: index?.text.slice(e.start, e.end).trim() ?? '' }));
}

/** The anchor of text selected in the editor or the preview: the place of the quote in the topic whose context matches best (a near match when the view showed it slightly otherwise). */
export function anchorForSelection(index: TextIndex, selection: QuoteQuery): TextAnchor | null {
  const quote = normalizeText(selection.quote).trim();
  const q = { quote, prefix: normalizeText(selection.prefix ?? ''), suffix: normalizeText(selection.suffix ?? '') };
  const hit = findQuote(index.text, q) ?? fuzzyFind(index.text, quote);
  return hit ? anchorAt(index, hit.start, hit.end) : null;
}

/** The anchor of a quote typed for an element picked from the list (no range when the quote is empty or not in it). */
export function anchorInElement(index: TextIndex, path: string, typedQuote: string): TextAnchor | null {
  const el = index.elements.find((e) => e.path === path);
  if (!el) return null;
  const quote = normalizeText(typedQuote).trim();
  const hit = quote ? findQuote(index.text, { quote }, el.start, el.end) : null;
  if (hit) return anchorAt(index, hit.start, hit.end, el);
  return { elementId: el.id, elementPath: el.path, rangeStart: 0, rangeEnd: 0, quote, prefix: '', suffix: '' };
}
