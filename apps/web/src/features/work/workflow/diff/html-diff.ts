import { diffIndices } from 'node-diff3';

/**
 * A word-level diff of two renderings that keeps the newer one's structure (issue 38, item 5): a
 * changed word in a step shows in that step. Both are read into the DOM and flattened into
 * tokens (start tags, end tags, words, atoms such as images); the token sequences are compared
 * and the newer one written out with the older one's words put back where they went, inserted
 * words in `<ins>`, deleted ones in `<del>`. A run of whole elements inserted or deleted keeps
 * its elements, marked `data-diff="ins"` / `"del"`. Every mark of the n-th change carries
 * `data-change="n"` (0 is the first), for "previous / next change".
 */

type Token = { kind: 'open' | 'close' | 'text' | 'atom'; key: string; html: string; name?: string };

export interface HtmlDiff {
  html: string;
  /** How many changes are marked. */
  changes: number;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Compared and shown whole: their insides are not words a reader reads one by one. */
const ATOMIC = new Set(['style', 'svg', 'math', 'video', 'audio', 'iframe', 'object', 'canvas', 'select', 'textarea', 'template']);
/** Each CJK character is a word of its own (no spaces between words), so is each punctuation mark; other words keep their trailing spaces. */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const WORDS = new RegExp(String.raw`[${CJK}]\s*|[^\s\p{P}\p{S}${CJK}]+\s*|[\p{P}\p{S}]\s*|\s+`, 'gu');
/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]\s*|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+\s*|\s+/gu;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function startTag(el: Element, extra = ''): string {
  const attrs = [...el.attributes].map((a) => ` ${a.name}="${escapeAttr(a.value)}"`).join('');
  return `<${el.localName}${attrs}${extra}>`;
}

function tokenize(html: string): Token[] {
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`, 'text/html');
  const tokens: Token[] = [];
  const walk = (parent: Node) => {
    for (const node of parent.childNodes) {
      if (node.nodeType === 3) {
        for (const word of node.textContent?.match(WORDS) ?? []) tokens.push({ kind: 'text', key: `t${word.trimEnd() || ' '}`, html: escapeText(word) });
      } else if (node.nodeType === 1) {
        const el = node as Element;
        const name = el.localName;
        if (name === 'script') continue;
        if (VOID.has(name) || ATOMIC.has(name)) {
          tokens.push({ kind: 'atom', key: `a${el.outerHTML}`, html: el.outerHTML });
          continue;
        }
        // Compared by name and class (generated ids and the like are not a reader's change); written out whole.
        tokens.push({ kind: 'open', key: `o${name}.${el.getAttribute('class') ?? ''}`, html: startTag(el), name });
        walk(el);
        tokens.push({ kind: 'close', key: `c${name}`, html: `</${name}>`, name });
      }
    }
  };
  // What a renderer puts in the head (styles) counts as content: the preview fragments carry their styles.
  walk(doc.head);
  walk(doc.body);
  return tokens;
}

/** Whether a run's tags pair up inside it, so its elements can be written (or dropped) whole. */
function balanced(run: Token[]): boolean {
  const open: string[] = [];
  for (const t of run) {
    if (t.kind === 'open') open.push(t.name ?? '');
    else if (t.kind === 'close' && open.pop() !== t.name) return false;
  }
  return open.length === 0;
}

/**
 * One side of a change. Inserted runs always keep their tags (they are the newer rendering's
 * structure); deleted runs keep theirs only when whole, else only their words come back.
 */
function markRun(run: Token[], mark: 'ins' | 'del', change: number): string {
  const whole = balanced(run);
  const tag = `data-change="${change}"`;
  let out = '';
  let words = '';
  const flush = () => {
    if (words !== '') out += `<${mark} ${tag}>${words}</${mark}>`;
    words = '';
  };
  for (const t of run) {
    if (t.kind === 'text' || t.kind === 'atom') {
      words += t.html;
      continue;
    }
    flush();
    if (mark === 'del' && !whole) continue;
    if (t.kind === 'open') out += whole ? t.html.replace(/>$/, ` data-diff="${mark}" ${tag}>`) : t.html;
    else out += t.html;
  }
  flush();
  return out;
}

/**
 * Where a run inserted or deleted whole lies best: a run can slide while the token before it
 * equals its last one (or the one after it its first), and the comparison may have cut
 * `Gone.</p><p>` where `<p>Gone.</p>` was meant. The nearest start within [lo, hi) whose run is
 * balanced; the given one when none is.
 */
function slide(tokens: Token[], from: number, length: number, lo: number, hi: number): number {
  if (length === 0 || balanced(tokens.slice(from, from + length))) return from;
  for (let s = from - 1; s >= lo && tokens[s]?.key === tokens[s + length]?.key; s--) if (balanced(tokens.slice(s, s + length))) return s;
  for (let s = from + 1; s + length <= hi && tokens[s - 1]?.key === tokens[s + length - 1]?.key; s++) if (balanced(tokens.slice(s, s + length))) return s;
  return from;
}

type Chunk = { a: readonly [number, number]; b: readonly [number, number] };

const isWord = (t: Token) => t.kind === 'atom' || (t.kind === 'text' && t.key !== 't ');

/**
 * The changed runs of two token sequences. Words lead: they are compared first (tags matched
 * alone would pair `</p><p>` across different paragraphs), and between two words kept on both
 * sides the tags and the changed words are compared to line the structure up.
 */
function align(a: Token[], b: Token[]): Chunk[] {
  const wordsA = a.flatMap((t, i) => (isWord(t) ? [i] : []));
  const wordsB = b.flatMap((t, i) => (isWord(t) ? [i] : []));
  const kept: [number, number][] = [];
  let wa = 0;
  let wb = 0;
  const keep = (untilA: number) => {
    while (wa < untilA) kept.push([wordsA[wa++] ?? 0, wordsB[wb++] ?? 0]);
  };
  for (const c of diffIndices(
    wordsA.map((i) => a[i]?.key ?? ''),
    wordsB.map((i) => b[i]?.key ?? ''),
  )) {
    keep(c.buffer1[0]);
    wa += c.buffer1[1];
    wb += c.buffer2[1];
  }
  keep(wordsA.length);
  kept.push([a.length, b.length]);
  const chunks: Chunk[] = [];
  let fromA = 0;
  let fromB = 0;
  for (const [toA, toB] of kept) {
    for (const c of diffIndices(
      a.slice(fromA, toA).map((t) => t.key),
      b.slice(fromB, toB).map((t) => t.key),
    ))
      chunks.push({ a: [c.buffer1[0] + fromA, c.buffer1[1]], b: [c.buffer2[0] + fromB, c.buffer2[1]] });
    fromA = toA + 1;
    fromB = toB + 1;
  }
  return chunks;
}

export function diffHtml(before: string, after: string): HtmlDiff {
  const a = tokenize(before);
  const b = tokenize(after);
  // The common start and end are cut before the comparison: an edit touches a little of a long topic.
  let start = 0;
  while (start < a.length && start < b.length && a[start]?.key === b[start]?.key) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end]?.key === b[b.length - 1 - end]?.key) end++;
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  // Chunk positions over the whole sequences (a run may slide into the common start or end).
  const chunks = align(midA, midB).map((c) => ({ a: [c.a[0] + start, c.a[1]] as const, b: [c.b[0] + start, c.b[1]] as const }));
  let html = '';
  let changes = 0;
  let atA = 0;
  let atB = 0;
  chunks.forEach((chunk, i) => {
    let [fromA] = chunk.a;
    let [fromB] = chunk.b;
    const [, lengthA] = chunk.a;
    const [, lengthB] = chunk.b;
    const next = chunks[i + 1];
    // A pure deletion or insertion slides to where its elements are whole (the same tokens move to the other side of it).
    if (lengthB === 0) {
      const to = slide(a, fromA, lengthA, atA, next ? next.a[0] : a.length);
      fromB += to - fromA;
      fromA = to;
    } else if (lengthA === 0) {
      const to = slide(b, fromB, lengthB, atB, next ? next.b[0] : b.length);
      fromA += to - fromB;
      fromB = to;
    }
    html += b
      .slice(atB, fromB)
      .map((t) => t.html)
      .join('');
    const deleted = a.slice(fromA, fromA + lengthA);
    const inserted = b.slice(fromB, fromB + lengthB);
    atA = fromA + lengthA;
    atB = fromB + lengthB;
    // Only spacing differs: nothing a reader would call a change.
    if (!deleted.some(isWord) && !inserted.some(isWord) && deleted.every((t) => t.kind === 'text') && inserted.every((t) => t.kind === 'text')) {
      html += inserted.map((t) => t.html).join('');
      return;
    }
    const marked = markRun(deleted, 'del', changes) + markRun(inserted, 'ins', changes);
    html += marked;
    if (marked.includes(`data-change="${changes}"`)) changes++;
  });
  html += b
    .slice(atB)
    .map((t) => t.html)
    .join('');
  return { html, changes };
}

/** How the marks look in the rendered view (the frame's own style; the rendering's styles come first). */
export const DIFF_STYLE = `<style>
ins[data-change]{background:#ccffd8;text-decoration:none;border-bottom:2px solid #2da44e}
del[data-change]{background:#ffebe9;color:#82071e;text-decoration:line-through}
[data-diff="ins"]{background:#e6ffec;box-shadow:inset 3px 0 0 #2da44e}
[data-diff="del"]{background:#fff0f0;box-shadow:inset 3px 0 0 #cf222e}
.diff-current{outline:2px solid #fa8c16;outline-offset:2px}
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC",sans-serif;line-height:1.6;padding:8px 16px;margin:0}
</style>`;
