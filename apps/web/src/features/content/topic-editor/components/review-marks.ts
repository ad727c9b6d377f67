import { ANCHOR_CONTEXT, findQuote, fuzzyFind, normalizeText, type QuoteQuery } from '@ccms/contracts/work/review-anchor';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { metaDecorations } from './meta-decorations';

/**
 * The places review comments point at, shown in the visual view and the preview as a subtle
 * background: decorations (and the preview's CSS highlights), never markup in the document.
 */

/** A comment's place to show: its thread and the quote with its context. */
export interface ReviewMark extends QuoteQuery {
  id: number;
}

/** The transaction meta that hands the plugin the places to mark: `{ ranges, active }`. */
export const REVIEW_MARKS_META = 'reviewMarks';

export interface MarkedRange {
  id: number;
  from: number;
  to: number;
}

const BACKGROUND = 'rgba(250, 173, 20, 0.22)';
const ACTIVE_BACKGROUND = 'rgba(250, 173, 20, 0.55)';

/** Marks the places handed in `{ ranges, active }`; edits move the marks with the text they cover. */
export const ReviewMarks = metaDecorations<{ ranges: MarkedRange[]; active: number | null }>(REVIEW_MARKS_META, (doc, next) =>
  DecorationSet.create(
    doc,
    next.ranges.map((r) =>
      Decoration.inline(r.from, r.to, {
        style: `background-color: ${r.id === next.active ? ACTIVE_BACKGROUND : BACKGROUND}`,
        'data-review-anchor': String(r.id),
        ...(r.id === next.active ? { 'data-review-active': 'true' } : {}),
      }),
    ),
  ),
);

/** A text with whitespace runs as one space and, for each of its characters, where it came from. */
interface TextMap<P> {
  text: string;
  at: P[];
}

function appendText<P>(map: TextMap<P>, s: string, where: (i: number) => P) {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const space = /\s/.test(c);
    if (space && (map.text === '' || map.text.endsWith(' '))) continue;
    map.text += space ? ' ' : c;
    map.at.push(where(i));
  }
}

/** The visual document's text, each character with its position; a block's start reads as a space. */
function docTextMap(doc: PMNode): TextMap<number> {
  const map: TextMap<number> = { text: '', at: [] };
  doc.descendants((node, pos) => {
    if (node.isText) {
      appendText(map, node.text ?? '', (i) => pos + i);
      return false;
    }
    if (node.isBlock) appendText(map, ' ', () => pos);
    return true;
  });
  return map;
}

/** Where a quote is in a mapped text: the best match by context, else a near match. */
function locate<P>(map: TextMap<P>, q: QuoteQuery): { first: P; last: P } | null {
  const quote = normalizeText(q.quote).trim();
  const hit = findQuote(map.text, { quote, prefix: normalizeText(q.prefix ?? ''), suffix: normalizeText(q.suffix ?? '') }) ?? fuzzyFind(map.text, quote);
  if (!hit) return null;
  const first = map.at[hit.start];
  const last = map.at[hit.end - 1];
  return first === undefined || last === undefined ? null : { first, last };
}

/** The ranges of the visual document the comments point at (those whose quote is not found are left out). */
export function markedRanges(doc: PMNode, marks: readonly ReviewMark[]): MarkedRange[] {
  if (marks.length === 0) return [];
  const map = docTextMap(doc);
  return marks.flatMap((m) => {
    const at = locate(map, m);
    return at ? [{ id: m.id, from: at.first, to: at.last + 1 }] : [];
  });
}

/** The selected text of the visual view with a little context on each side (null when nothing is selected). */
export function editorSelection(state: EditorState): QuoteQuery | null {
  const { from, to, empty } = state.selection;
  if (empty) return null;
  const doc = state.doc;
  const quote = normalizeText(doc.textBetween(from, to, ' ', ' ')).trim();
  if (!quote) return null;
  const prefix = normalizeText(doc.textBetween(Math.max(0, from - 4 * ANCHOR_CONTEXT), from, ' ', ' ')).slice(-ANCHOR_CONTEXT);
  const suffix = normalizeText(doc.textBetween(to, Math.min(doc.content.size, to + 4 * ANCHOR_CONTEXT), ' ', ' ')).slice(0, ANCHOR_CONTEXT);
  return { quote, prefix, suffix };
}

type DomPoint = { node: Text; offset: number };

/** The preview's text (what the reader sees of the body), each character with its text node and offset. */
function frameTextMap(doc: Document): TextMap<DomPoint> {
  const map: TextMap<DomPoint> = { text: '', at: [] };
  if (!doc.body) return map;
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const node = n as Text;
    if (node.parentElement?.closest('style, script')) continue;
    appendText(map, node.data, (offset) => ({ node, offset }));
  }
  return map;
}

/** The selected text of the preview with a little context on each side (null when nothing is selected). */
export function frameSelection(doc: Document): QuoteQuery | null {
  const sel = doc.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0 || !doc.body) return null;
  const quote = normalizeText(sel.toString()).trim();
  if (!quote) return null;
  const range = sel.getRangeAt(0);
  const before = doc.createRange();
  before.setStart(doc.body, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const after = doc.createRange();
  after.setStart(range.endContainer, range.endOffset);
  after.setEnd(doc.body, doc.body.childNodes.length);
  return { quote, prefix: normalizeText(before.toString()).slice(-ANCHOR_CONTEXT), suffix: normalizeText(after.toString()).slice(0, ANCHOR_CONTEXT) };
}

/** The CSS highlight names the preview's style sheet colours (PreviewPane). */
export const PREVIEW_HIGHLIGHT = 'review-anchor';
export const PREVIEW_HIGHLIGHT_ACTIVE = 'review-anchor-active';

/** Marks the comments' places in the preview with CSS highlights; answers the range of `active` (to scroll to). */
export function highlightFrame(frame: HTMLIFrameElement, marks: readonly ReviewMark[], active: number | null): Range | null {
  const doc = frame.contentDocument;
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!doc || !win?.CSS?.highlights || typeof win.Highlight !== 'function') return null;
  const map = frameTextMap(doc);
  const plain: Range[] = [];
  let shown: Range | null = null;
  for (const m of marks) {
    const at = locate(map, m);
    if (!at) continue;
    const range = doc.createRange();
    range.setStart(at.first.node, at.first.offset);
    range.setEnd(at.last.node, at.last.offset + 1);
    if (m.id === active) shown = range;
    else plain.push(range);
  }
  win.CSS.highlights.set(PREVIEW_HIGHLIGHT, new win.Highlight(...plain));
  win.CSS.highlights.set(PREVIEW_HIGHLIGHT_ACTIVE, new win.Highlight(...(shown ? [shown] : [])));
  return shown;
}
