/**
 * Keeping the writer's file as it was written where the writer did not change it: the visual view
 * writes edited inline content afresh (to-xml.ts), and this puts back the file's own spelling of
 * every unchanged word, space, line break and character reference around what was edited.
 */

const isWs = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character a reference (`&#160;`, `&#xA0;`, `&amp;`) stands for, or null. */
function decodeRef(ref: string): string | null {
  const m = /^&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);$/.exec(ref);
  if (!m?.[1]) return null;
  const body = m[1];
  if (body.startsWith('#x')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
  if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
  return NAMED[body] ?? null;
}

/** One written unit at `i` as text and the character it stands for: a reference, or one character. */
function unitAt(s: string, i: number, forward: boolean): { len: number; char: string } {
  if (forward ? s[i] === '&' : s[i - 1] === ';') {
    const window = forward ? s.slice(i, i + 12) : s.slice(Math.max(0, i - 12), i);
    const ref = forward ? /^&[#a-zA-Z0-9]+;/.exec(window)?.[0] : /&[#a-zA-Z0-9]+;$/.exec(window)?.[0];
    const char = ref ? decodeRef(ref) : null;
    if (ref && char !== null) return { len: ref.length, char };
  }
  const code = forward ? s.codePointAt(i) : s.codePointAt(i - 2 >= 0 && /[\udc00-\udfff]/.test(s[i - 1] ?? '') ? i - 2 : i - 1);
  const char = code === undefined ? '' : String.fromCodePoint(code);
  return { len: char.length, char };
}

function wsRun(s: string, i: number, forward: boolean): number {
  let n = 0;
  if (forward) while (isWs(s[i + n])) n++;
  else while (isWs(s[i - 1 - n])) n++;
  return n;
}

/** How far one step goes in `before` (as written by the editor) and in `raw` (as in the file) when both say the same, or null. */
function step(before: string, i: number, raw: string, j: number, forward: boolean): { a: number; b: number } | null {
  const bc = forward ? before[i] : before[i - 1];
  const rc = forward ? raw[j] : raw[j - 1];
  if (bc === undefined || rc === undefined) return null;
  if (isWs(bc) && isWs(rc)) return { a: wsRun(before, i, forward), b: wsRun(raw, j, forward) };
  if (bc === rc) return { a: 1, b: 1 };
  const bu = unitAt(before, i, forward);
  const ru = unitAt(raw, j, forward);
  return bu.char !== '' && bu.char === ru.char ? { a: bu.len, b: ru.len } : null;
}

/**
 * `after` (an edit of `before`) with the unedited start and end written as in `raw`, the file's
 * text that `before` was made from: whitespace and references there are kept as they were.
 */
function keepEnds(raw: string, before: string, after: string): string {
  const max = Math.min(before.length, after.length);
  // The common end first: text typed after a space at a line end goes before the line break.
  let s = 0;
  while (s < max && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  let p = 0;
  while (p < max - s && before[p] === after[p]) p++;
  let i = 0;
  let j = 0;
  for (;;) {
    const st = step(before, i, raw, j, true);
    if (!st || i + st.a > p) break;
    i += st.a;
    j += st.b;
  }
  let bi = before.length;
  let bj = raw.length;
  const limit = Math.max(before.length - s, i);
  for (;;) {
    const st = step(before, bi, raw, bj, false);
    if (!st || bi - st.a < limit || bj - st.b < j) break;
    bi -= st.a;
    bj -= st.b;
  }
  return raw.slice(0, j) + after.slice(i, after.length - (before.length - bi)) + raw.slice(bj);
}

/** Where each unit boundary of `before` falls in `raw` (-1 inside a unit), or null when they do not say the same. */
function align(before: string, raw: string): Int32Array | null {
  const at = new Int32Array(before.length + 1).fill(-1);
  at[0] = 0;
  let i = 0;
  let j = 0;
  while (i < before.length) {
    const st = step(before, i, raw, j, true);
    if (!st) return null;
    i += st.a;
    j += st.b;
    at[i] = j;
  }
  return j === raw.length ? at : null;
}

type Token = { from: number; to: number; text: string; ws: boolean };
const TOKENS = /[ \t\r\n]+|[^ \t\r\n]+/g;
const tokens = (s: string): Token[] => [...s.matchAll(TOKENS)].map((m) => ({ from: m.index, to: m.index + m[0].length, text: m[0], ws: isWs(m[0][0]) }));
const sameToken = (a: Token, b: Token) => (a.ws && b.ws) || a.text === b.text;
/** Paragraphs longer than this many words are kept by their unedited start and end only. */
const MAX_DIFF_TOKENS = 3000;

/**
 * `after` (the edited inline content, as the editor writes it) with everything the writer did not
 * change written as in `raw` (the file's text `before` was made from): a word-level diff of
 * before and after; unchanged words and whitespace come from the file, each changed stretch is
 * written with its own unchanged start and end kept.
 */
export function keepUnedited(raw: string, before: string, after: string): string {
  const at = align(before, raw);
  const a = tokens(before);
  const b = tokens(after);
  if (!at || a.length > MAX_DIFF_TOKENS || b.length > MAX_DIFF_TOKENS) return keepEnds(raw, before, after);
  // Common head and tail first, then the longest common subsequence of the middle.
  let head = 0;
  const sameAt = (k: number) => k < a.length && k < b.length && sameToken(a[k] as Token, b[k] as Token);
  // A space before the first change is left to the diff (it may belong after the typed text).
  while (sameAt(head) && (!a[head]?.ws || sameAt(head + 1))) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && sameToken(a[a.length - 1 - tail] as Token, b[b.length - 1 - tail] as Token)) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let x = n - 1; x >= 0; x--) {
    for (let y = m - 1; y >= 0; y--) {
      lcs[x * (m + 1) + y] = sameToken(a[head + x] as Token, b[head + y] as Token)
        ? (lcs[(x + 1) * (m + 1) + y + 1] as number) + 1
        : Math.max(lcs[(x + 1) * (m + 1) + y] as number, lcs[x * (m + 1) + y + 1] as number);
    }
  }
  const rawOf = (from: number, to: number) => raw.slice(at[from], at[to]);
  let out = '';
  // A changed stretch: before[bFrom, bTo) became after[aFrom, aTo).
  const changed = (bFrom: number, bTo: number, aFrom: number, aTo: number) => {
    if (bFrom === bTo) out += after.slice(aFrom, aTo);
    else out += keepEnds(rawOf(bFrom, bTo), before.slice(bFrom, bTo), after.slice(aFrom, aTo));
  };
  let x = 0;
  let y = 0;
  let pendingB = -1;
  let pendingA = -1;
  const posB = (k: number) => (a[k] ? a[k].from : before.length);
  const posA = (k: number) => (b[k] ? b[k].from : after.length);
  const flush = (k: number, l: number) => {
    if (pendingB >= 0) changed(pendingB, posB(k), pendingA, posA(l));
    pendingB = -1;
  };
  out += rawOf(0, posB(head));
  while (x < n || y < m) {
    const ta = a[head + x];
    const tb = b[head + y];
    const here = lcs[x * (m + 1) + y] as number;
    // Whitespace matches the later whitespace when it can: text typed after a space at a line end goes before the line break.
    const later = ta?.ws === true && y + 1 <= m && lcs[x * (m + 1) + y + 1] === here;
    if (x < n && y < m && ta && tb && !later && sameToken(ta, tb) && here === (lcs[(x + 1) * (m + 1) + y + 1] as number) + 1) {
      flush(head + x, head + y);
      out += rawOf(ta.from, ta.to);
      x++;
      y++;
      continue;
    }
    if (pendingB < 0) {
      pendingB = posB(head + x);
      pendingA = posA(head + y);
    }
    if (y < m && (x >= n || (lcs[x * (m + 1) + y + 1] as number) >= (lcs[(x + 1) * (m + 1) + y] as number))) y++;
    else x++;
  }
  flush(head + n, head + m);
  return out + rawOf(posB(head + n), before.length);
}
