/**
 * Where a review comment points in a topic, and finding that place again after the text changed.
 *
 * In the spirit of the W3C Web Annotation selectors: an anchor is the element it was made in (its
 * id, and always its structural path such as /concept/conbody[1]/p[2]), a text position in that
 * element (TextPositionSelector), and the exact quoted text with a little of the text before and
 * after it (TextQuoteSelector). Texts are compared with whitespace runs collapsed to one space, as
 * a reader sees them in the editor or the preview.
 *
 * Pure: the server re-anchors every thread of a topic when it is saved, the web app finds the
 * anchors in the visual editor and the preview with the same functions.
 */

/** An element of a parsed document, as the anchoring needs it (each side adapts its own XML tree). */
export interface AnchorTree {
  name: string;
  id: string;
  children: ReadonlyArray<AnchorTree | string>;
}

/** An element of the document and where its text lies in the document's text. */
export interface IndexedElement {
  id: string;
  /** /concept/conbody[1]/p[2]: each step the element's name and its rank among siblings of that name. */
  path: string;
  name: string;
  start: number;
  end: number;
  depth: number;
}

/** The document's whole text (whitespace collapsed) and its elements in document order. */
export interface TextIndex {
  text: string;
  elements: IndexedElement[];
}

export interface TextAnchor {
  elementId: string;
  elementPath: string;
  /** Offsets of the quote in the element's text. */
  rangeStart: number;
  rangeEnd: number;
  quote: string;
  prefix: string;
  suffix: string;
}

/** How the anchor was found again: at its place, elsewhere in its element, elsewhere in the document, or by a near match. */
export type AnchorFound = 'exact' | 'element' | 'document' | 'fuzzy';

/** Characters of context kept on each side of a quote. */
export const ANCHOR_CONTEXT = 32;

export const normalizeText = (s: string): string => s.replace(/\s+/g, ' ');

/** The document's text and its elements; leading whitespace of the document is dropped, each whitespace run is one space. */
export function indexText(root: AnchorTree): TextIndex {
  let text = '';
  let space = true;
  const elements: IndexedElement[] = [];
  const append = (s: string) => {
    for (const part of s.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s/.test(part)) {
        if (!space) text += ' ';
        space = true;
      } else {
        text += part;
        space = false;
      }
    }
  };
  const walk = (el: AnchorTree, path: string, depth: number) => {
    const entry: IndexedElement = { id: el.id, path, name: el.name, start: text.length, end: text.length, depth };
    elements.push(entry);
    const seen = new Map<string, number>();
    for (const child of el.children) {
      if (typeof child === 'string') {
        append(child);
        continue;
      }
      const n = (seen.get(child.name) ?? 0) + 1;
      seen.set(child.name, n);
      walk(child, `${path}/${child.name}[${n}]`, depth + 1);
    }
    entry.end = text.length;
  };
  walk(root, `/${root.name}`, 0);
  return { text, elements };
}

/** The innermost element holding the range [start, end). */
export function elementAt(index: TextIndex, start: number, end: number): IndexedElement | undefined {
  let best: IndexedElement | undefined;
  for (const e of index.elements) if (e.start <= start && end <= e.end && (!best || e.depth >= best.depth)) best = e;
  return best;
}

/** The anchor of the range [start, end) of the document's text (in `within` when it holds the range, else the innermost element). */
export function anchorAt(index: TextIndex, start: number, end: number, within?: IndexedElement): TextAnchor {
  const el = within && within.start <= start && end <= within.end ? within : elementAt(index, start, end);
  const base = el?.start ?? 0;
  return {
    elementId: el?.id ?? '',
    elementPath: el?.path ?? '',
    rangeStart: start - base,
    rangeEnd: end - base,
    quote: index.text.slice(start, end),
    prefix: index.text.slice(Math.max(0, start - ANCHOR_CONTEXT), start),
    suffix: index.text.slice(end, end + ANCHOR_CONTEXT),
  };
}

const commonSuffix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
};
const commonPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

export interface QuoteQuery {
  quote: string;
  prefix?: string | undefined;
  suffix?: string | undefined;
  /** Where the quote was (document offset): of equally good places the nearest wins. */
  near?: number | undefined;
}

/**
 * The place of `quote` in `text` between `from` and `to` that best matches its context (most
 * characters of prefix and suffix alike), then lies nearest `near`, then comes first; `rank`
 * breaks ties between equal contexts before the distance does (higher wins).
 */
export function findQuote(
  text: string,
  q: QuoteQuery,
  from = 0,
  to = text.length,
  rank?: (start: number, end: number) => number,
): { start: number; end: number } | null {
  const quote = q.quote;
  if (!quote) return null;
  const prefix = q.prefix ?? '';
  const suffix = q.suffix ?? '';
  let best: { start: number; end: number; score: number; rank: number; distance: number } | null = null;
  for (let at = text.indexOf(quote, from); at >= 0 && at + quote.length <= to; at = text.indexOf(quote, at + 1)) {
    const end = at + quote.length;
    const score = commonSuffix(prefix, text.slice(Math.max(0, at - prefix.length), at)) + commonPrefix(suffix, text.slice(end, end + suffix.length));
    const r = rank ? rank(at, end) : 0;
    const distance = q.near === undefined ? 0 : Math.abs(at - q.near);
    if (!best || score > best.score || (score === best.score && (r > best.rank || (r === best.rank && distance < best.distance))))
      best = { start: at, end, score, rank: r, distance };
  }
  return best && { start: best.start, end: best.end };
}

/** Most pattern×text cells a near-match search may compute (a long quote in a long document is not searched fuzzily). */
const FUZZY_BUDGET = 4_000_000;

/**
 * The substring of text[from, to) closest to `pattern` by edit distance (Sellers' algorithm), when
 * at most a quarter of the pattern's characters differ; null for patterns under 4 characters.
 */
export function fuzzyFind(text: string, pattern: string, from = 0, to = text.length): { start: number; end: number; errors: number } | null {
  const m = pattern.length;
  if (m < 4 || to <= from || m * (to - from) > FUZZY_BUDGET) return null;
  const maxErrors = Math.floor(m / 4);
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  let prevStart = new Array<number>(m + 1).fill(from);
  let cur = new Array<number>(m + 1).fill(0);
  let curStart = new Array<number>(m + 1).fill(0);
  let best: { start: number; end: number; errors: number } | null = null;
  for (let j = from; j < to; j++) {
    cur[0] = 0;
    curStart[0] = j + 1;
    const c = text[j];
    for (let i = 1; i <= m; i++) {
      const sub = (prev[i - 1] as number) + (pattern[i - 1] === c ? 0 : 1);
      const del = (cur[i - 1] as number) + 1;
      const ins = (prev[i] as number) + 1;
      if (sub <= del && sub <= ins) {
        cur[i] = sub;
        curStart[i] = prevStart[i - 1] as number;
      } else if (ins <= del) {
        cur[i] = ins;
        curStart[i] = prevStart[i] as number;
      } else {
        cur[i] = del;
        curStart[i] = curStart[i - 1] as number;
      }
    }
    const errors = cur[m] as number;
    if (errors <= maxErrors && (!best || errors < best.errors)) best = { start: curStart[m] as number, end: j + 1, errors };
    [prev, cur] = [cur, prev];
    [prevStart, curStart] = [curStart, prevStart];
  }
  if (!best) return null;
  // Leading or trailing spaces are not part of what was quoted.
  while (best.start < best.end && text[best.start] === ' ') best.start++;
  while (best.end > best.start && text[best.end - 1] === ' ') best.end--;
  return best.end > best.start ? best : null;
}

/**
 * Where an anchor is in the document now: its quote at its place in its element (found by id,
 * else by path); else elsewhere in that element, the place whose context matches best; else
 * anywhere in the document by context; else a near match (a few characters of the quote itself
 * edited), in its element first. Null when the quoted text is gone (for an anchor without a quote,
 * or whose quote never had a range, when its element is). The anchor found keeps the quote as it
 * was written; position and context are the current ones.
 */
export function reanchor(anchor: TextAnchor, index: TextIndex): { anchor: TextAnchor; found: AnchorFound } | null {
  const quote = normalizeText(anchor.quote).trim();
  const byId = anchor.elementId ? index.elements.find((e) => e.id === anchor.elementId) : undefined;
  const el = byId ?? (anchor.elementPath ? index.elements.find((e) => e.path === anchor.elementPath) : undefined);
  const onElement = (e: IndexedElement) => {
    const { rangeStart, rangeEnd, prefix, suffix } = anchor;
    return {
      anchor: { elementId: e.id || anchor.elementId, elementPath: e.path, rangeStart, rangeEnd, quote: anchor.quote, prefix, suffix },
      found: 'exact' as const,
    };
  };
  if (!quote) return el ? onElement(el) : null;
  const query: QuoteQuery = { quote, prefix: normalizeText(anchor.prefix), suffix: normalizeText(anchor.suffix) };
  const keepQuote = (a: TextAnchor) => ({ ...a, quote: anchor.quote });
  if (el) {
    const near = el.start + anchor.rangeStart;
    const hit = findQuote(index.text, { ...query, near }, el.start, el.end);
    if (hit) return { anchor: anchorAt(index, hit.start, hit.end, el), found: hit.start === near ? 'exact' : 'element' };
  }
  const name = /([^/[]+)(\[\d+\])?$/.exec(anchor.elementPath)?.[1] ?? '';
  const sameName = (start: number, end: number) => (elementAt(index, start, end)?.name === name ? 1 : 0);
  const anywhere = findQuote(index.text, query, 0, index.text.length, sameName);
  if (anywhere) return { anchor: anchorAt(index, anywhere.start, anywhere.end), found: 'document' };
  const near = (el ? fuzzyFind(index.text, quote, el.start, el.end) : null) ?? fuzzyFind(index.text, quote);
  if (near) return { anchor: keepQuote(anchorAt(index, near.start, near.end, el)), found: 'fuzzy' };
  // A quote that never had a place (typed beside an element, or an imported comment's free text) stays on its element.
  if (el && anchor.rangeStart === 0 && anchor.rangeEnd === 0) return onElement(el);
  return null;
}
