import type { JSONContent } from '@tiptap/core';
import type { Mark, Node as PMNode, Schema } from '@tiptap/pm/model';
import { TableMap } from '@tiptap/pm/tables';
import { escapeAttr, escapeText, type XmlElement, type XmlNode } from './lossless-xml';
import { getDitaSchema } from './schema';
import { type Conversion, convertXml, parseSrcKey } from './to-editor';
import { xmlNameOf } from './vocabulary';

/** The original file, read once per text: nodes and elements by their source range. */
interface Original {
  source: string;
  conv: Conversion;
  nodes: Map<string, PMNode>;
  elements: Map<number, XmlElement>;
}

let cache: Original | null = null;

/**
 * Tells `docToXml` the conversion an editor's document was made from (`convertXml` with the
 * editor's schema): its nodes are the editor's, so an unchanged node is recognised by identity and
 * written as its original text without comparing it (typing in a long topic does not write every
 * node again).
 */
export function rememberConversion(source: string, conv: Conversion): void {
  // Indexed when first written (an editor that is never edited never needs it).
  remembered = { source, conv };
  cache = null;
}

let remembered: { source: string; conv: Conversion } | null = null;

/**
 * A new editor's first document: `source` read into the editor's own schema (call it before the
 * editor makes its document, from onBeforeCreate), remembered for `docToXml`.
 */
export function documentFor(schema: Schema, source: string): Conversion {
  const start = performance.now();
  const conv = convertXml(source, { schema });
  rememberConversion(source, conv);
  // A named span for the page's timeline (DevTools, bench/editor-web).
  performance.measure('ccms:topic-editor:convert', { start, end: performance.now() });
  return conv;
}

function original(source: string, schema: Schema): Original {
  if (cache && cache.source === source && cache.conv.pmDoc.type.schema === schema) return cache;
  const conv = remembered?.source === source && remembered.conv.pmDoc.type.schema === schema ? remembered.conv : convertXml(source, { schema });
  cache = indexConversion(source, conv);
  return cache;
}

function indexConversion(source: string, conv: Conversion): Original {
  const nodes = new Map<string, PMNode>();
  conv.pmDoc.descendants((n) => {
    if (typeof n.attrs.src === 'string') nodes.set(n.attrs.src, n);
    return true;
  });
  const elements = new Map<number, XmlElement>();
  const walk = (list: XmlNode[]) => {
    for (const n of list) {
      if (n.type === 'element') {
        elements.set(n.start, n);
        walk(n.children);
      }
    }
  };
  walk(conv.xml.children);
  return { source, conv, nodes, elements };
}

const DOCTYPES: Record<string, string> = {
  topic: '<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">',
  concept: '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
  task: '<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">',
  reference: '<!DOCTYPE reference PUBLIC "-//OASIS//DTD DITA Reference//EN" "reference.dtd">',
  glossentry: '<!DOCTYPE glossentry PUBLIC "-//OASIS//DTD DITA Glossary Entry//EN" "glossentry.dtd">',
  troubleshooting: '<!DOCTYPE troubleshooting PUBLIC "-//OASIS//DTD DITA Troubleshooting//EN" "troubleshooting.dtd">',
};

/**
 * Writes the visual editor's document back as XML. Every node that is unchanged since `originalXml`
 * was read writes its original text; a changed node is written again with its original tags
 * (attribute order, quoting, whitespace) where its attributes did not change. With no edit the
 * result is exactly `originalXml`. Pass '' as `originalXml` for a new topic.
 */
export function docToXml(doc: JSONContent | PMNode, originalXml: string, schema: Schema = getDitaSchema()): string {
  const node = 'type' in doc && typeof doc.type === 'string' ? schema.nodeFromJSON(doc) : (doc as PMNode);
  const orig = original(originalXml, node.type.schema);
  const root = node.firstChild;
  if (!root) return originalXml;
  if (root.type.name === 'island' && root.attrs.name === '#document') return root.attrs.xml as string;
  const w = new XmlWriter(orig);
  const body = w.node(root, 0);
  const xmlRoot = orig.conv.xml.root;
  if (xmlRoot && orig.conv.editable) return originalXml.slice(0, xmlRoot.start) + body + originalXml.slice(xmlRoot.end);
  const name = root.type.name === 'island' ? '' : xmlNameOf(root.type);
  const doctype = DOCTYPES[name];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${doctype ? `${doctype}\n` : ''}${body}\n`;
}

type Attrs = Record<string, string>;

function sameAttrs(a: Attrs, b: Attrs): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

const INDENT = '  ';

class XmlWriter {
  constructor(readonly orig: Original) {}

  /** The original text of a node when it is unchanged, else null. */
  verbatim(node: PMNode): string | null {
    const key = node.attrs.src;
    if (typeof key !== 'string') return null;
    const o = this.orig.nodes.get(key);
    if (!o?.eq(node)) return null;
    const r = parseSrcKey(key);
    return r ? this.orig.source.slice(r.start, r.end) : null;
  }

  element(key: unknown): XmlElement | undefined {
    const r = parseSrcKey(key);
    return r ? this.orig.elements.get(r.start) : undefined;
  }

  /** A start tag: the original one when the attributes are the same, else rebuilt keeping each unchanged attribute as written. */
  open(name: string, attrs: Attrs, o: XmlElement | undefined, empty: boolean): string {
    const tail = o ? (o.selfClosing ? (empty ? o.openTail : o.openTail.replace(/\/>$/, '>')) : o.openTail) : empty ? '/>' : '>';
    if (o && o.name === name && sameAttrs(attrs, Object.fromEntries(o.attrs.map((a) => [a.name, a.value])))) {
      return o.openRaw.slice(0, o.openRaw.length - o.openTail.length) + tail;
    }
    let s = `<${name}`;
    for (const [k, v] of Object.entries(attrs)) {
      const oa = o?.attrs.find((a) => a.name === k);
      if (oa && oa.value === v) s += oa.raw;
      else {
        const q = oa?.quote ?? '"';
        s += ` ${k}=${q}${escapeAttr(v, q)}${q}`;
      }
    }
    return s + tail;
  }

  close(name: string, o: XmlElement | undefined, empty: boolean): string {
    if (empty && (!o || o.selfClosing)) return '';
    return o && o.name === name && o.closeRaw ? o.closeRaw : `</${name}>`;
  }

  /** An element around already written content (empty content keeps `<x/>` when it was written so). */
  wrap(node: PMNode, inner: string, attrs: Attrs = node.attrs.attrs as Attrs): string {
    const name = xmlNameOf(node.type);
    const o = this.element(node.attrs.src);
    const empty = inner === '';
    const selfClose = empty && (o ? o.selfClosing : node.isAtom);
    return this.open(name, attrs, o, selfClose) + inner + this.close(name, o, selfClose);
  }

  node(node: PMNode, depth: number): string {
    const same = this.verbatim(node);
    if (same !== null) return same;
    const t = node.type;
    if (t.name === 'island' || t.name === 'inline_island') return node.attrs.xml as string;
    if (t.name === 'run') return this.inlineKeeping(node);
    if (t.name === 'tgroup') return this.tgroup(node, depth);
    if (t.isTextblock) return this.wrap(node, this.inlineKeeping(node));
    return this.wrap(node, this.blocks(node, depth));
  }

  /** Block children, each after the whitespace it had (a new one after its neighbour's). */
  blocks(node: PMNode, depth: number, write: (child: PMNode) => string = (c) => this.node(c, depth + 1)): string {
    const children: PMNode[] = [];
    node.forEach((c) => {
      // An empty text run (the place to type in an empty cell or item) writes nothing, not even whitespace.
      if (!(c.type.name === 'run' && c.content.size === 0)) children.push(c);
    });
    if (children.length === 0) return '';
    const guess = guessWs(children, depth);
    let out = '';
    children.forEach((c, i) => {
      // A new text run starts right at its element's text (whitespace there would be content).
      out += (c.attrs.ws as string | null) ?? (c.type.name === 'run' ? '' : guess(i));
      out += write(c);
    });
    const end = node.attrs.wsEnd as string | null | undefined;
    if (end !== null && end !== undefined) out += end;
    // A text run's whitespace would be content: only block children put the end tag on a line of its own.
    else if (children.some((c) => c.type.name !== 'run' && ((c.attrs.ws as string | null) ?? guess(0)).includes('\n'))) out += `\n${INDENT.repeat(depth)}`;
    return out;
  }

  /**
   * The inline content of an edited node, changing only what was edited: the visual view shows
   * text with whitespace collapsed (and character references as characters), so the part before
   * and after the edit is written as it was in the file (line breaks, indentation, `&#160;`).
   */
  inlineKeeping(node: PMNode): string {
    const fresh = this.inline(node);
    const r = parseSrcKey(node.attrs.src);
    const o = r ? this.orig.nodes.get(node.attrs.src as string) : undefined;
    if (!r || !o || o.type !== node.type) return fresh;
    let raw: string;
    if (node.type.name === 'run') raw = this.orig.source.slice(r.start, r.end);
    else {
      const el = this.orig.elements.get(r.start);
      if (!el || el.selfClosing) return fresh;
      raw = this.orig.source.slice(el.openEnd, el.closeStart);
    }
    const before = this.inline(o);
    return before === fresh ? raw : keepUnedited(raw, before, fresh);
  }

  /** Inline content: marks become nested elements again (outer first, in their original nesting). */
  inline(node: PMNode): string {
    let out = '';
    let open: Mark[] = [];
    const closeTo = (keep: number) => {
      for (const m of open.slice(keep).reverse()) out += this.markClose(m);
      open = open.slice(0, keep);
    };
    node.forEach((child) => {
      const marks = sortMarks(child.marks);
      let keep = 0;
      while (keep < open.length && keep < marks.length && open[keep]?.eq(marks[keep] as Mark)) keep++;
      closeTo(keep);
      for (const m of marks.slice(keep)) {
        out += this.markOpen(m);
        open.push(m);
      }
      const inCdata = marks.some((m) => m.type.name === 'cdata');
      if (child.isText) out += inCdata ? (child.text ?? '').replace(/]]>/g, ']]]]><![CDATA[>') : escapeText(child.text ?? '');
      else out += this.inlineNode(child);
    });
    closeTo(0);
    return out;
  }

  inlineNode(child: PMNode): string {
    const same = this.verbatim(child);
    if (same !== null) return same;
    const name = child.type.name;
    if (name === 'entity') return `&${child.attrs.name};`;
    if (name === 'inline_island') return child.attrs.xml as string;
    if (name === 'image' || name === 'inline_ref') {
      const el = (child.attrs.name as string) || (name === 'image' ? 'image' : 'ph');
      const o = this.element(child.attrs.src);
      const inner = child.attrs.inner as string | null;
      const selfClose = inner === null && (o ? o.selfClosing : (child.attrs.selfClosing as boolean));
      return this.open(el, child.attrs.attrs as Attrs, o, selfClose) + (inner ?? '') + this.close(el, o, selfClose);
    }
    return '';
  }

  markOpen(mark: Mark): string {
    if (mark.type.name === 'cdata') return '<![CDATA[';
    return this.open(xmlNameOf(mark.type), mark.attrs.attrs as Attrs, this.element(mark.attrs.src), false);
  }

  markClose(mark: Mark): string {
    if (mark.type.name === 'cdata') return ']]>';
    return this.close(xmlNameOf(mark.type), this.element(mark.attrs.src), false);
  }

  /** A CALS tgroup: colspecs, thead and tbody rows, entries with namest/nameend/morerows from their spans. */
  tgroup(node: PMNode, depth: number): string {
    const map = TableMap.get(node);
    const width = map.width;
    type Spec = { attrs: Attrs; raw: string; ws: string };
    let specs = node.attrs.colspecs as Spec[];
    const cells: Array<{ cell: PMNode; col: number }> = [];
    node.forEach((row, rowOffset) => {
      row.forEach((cell, cellOffset) => {
        const pos = rowOffset + 1 + cellOffset;
        cells.push({ cell, col: map.colCount(pos) });
      });
    });
    const needNames = cells.some(({ cell }) => cell.attrs.colspan > 1 || 'colname' in cell.attrs.attrs || 'namest' in cell.attrs.attrs);
    if (specs.length !== width || (needNames && !specs.every((s) => s.attrs.colname))) {
      const used = new Set(specs.map((s) => s.attrs.colname).filter(Boolean));
      const ws0 = specs[0]?.ws ?? `\n${INDENT.repeat(depth + 1)}`;
      specs = Array.from({ length: width }, (_, i) => {
        const old = specs[i];
        const attrs: Attrs = { ...(old?.attrs ?? {}) };
        if ((needNames || used.size > 0) && !attrs.colname) {
          let n = i + 1;
          while (used.has(`c${n}`)) n++;
          attrs.colname = `c${n}`;
          used.add(attrs.colname);
        }
        if (attrs.colnum !== undefined) attrs.colnum = String(i + 1);
        const raw = old && sameAttrs(old.attrs, attrs) ? old.raw : this.open('colspec', attrs, undefined, true);
        return { attrs, raw, ws: old?.ws ?? ws0 };
      });
    }
    const names = specs.map((s) => s.attrs.colname);
    const colOf = new Map(cells.map(({ cell, col }) => [cell, col]));
    const attrs: Attrs = { ...(node.attrs.attrs as Attrs) };
    if (attrs.cols !== String(width)) attrs.cols = String(width);
    const rowAttrs = (cell: PMNode): Attrs => positionAttrs(cell, colOf.get(cell) ?? 0, names);
    const writeRow = (row: PMNode): string => {
      const cellsSame = [...Array(row.childCount).keys()].every((i) => {
        const cell = row.child(i);
        return sameAttrs(rowAttrs(cell), cell.attrs.attrs as Attrs);
      });
      if (cellsSame) {
        const same = this.verbatim(row);
        if (same !== null) return same;
      }
      return this.wrap(
        row,
        this.blocks(row, depth + 2, (cell) => {
          const a = rowAttrs(cell);
          if (sameAttrs(a, cell.attrs.attrs as Attrs)) {
            const same = this.verbatim(cell);
            if (same !== null) return same;
          }
          return this.wrap(cell, this.blocks(cell, depth + 3), a);
        }),
      );
    };
    let inner = '';
    for (const s of specs) inner += s.ws + s.raw;
    const rows: PMNode[] = [];
    node.forEach((r) => {
      rows.push(r);
    });
    const section = (name: 'thead' | 'tbody', list: PMNode[]) => {
      if (list.length === 0) return '';
      type Info = { open: string; close: string; ws: string; wsEnd: string; selfClosing: boolean };
      const info = node.attrs[name] as Info | null;
      const pad = `\n${INDENT.repeat(depth + 1)}`;
      const guess = guessWs(list, depth + 1);
      let s = (info?.ws ?? pad) + (info && !info.selfClosing ? info.open : `<${name}>`);
      list.forEach((r, i) => {
        s += ((r.attrs.ws as string | null) ?? guess(i)) + writeRow(r);
      });
      return s + (info?.wsEnd ?? pad) + (info?.close || `</${name}>`);
    };
    inner += section(
      'thead',
      rows.filter((r) => r.attrs.head),
    );
    inner += section(
      'tbody',
      rows.filter((r) => !r.attrs.head),
    );
    inner += (node.attrs.wsEnd as string | null) ?? `\n${INDENT.repeat(depth)}`;
    return this.wrap(node, inner, attrs);
  }
}

/** The attributes of an entry at column `col` with its spans: namest/nameend/morerows/colname made true. */
function positionAttrs(cell: PMNode, col: number, names: Array<string | undefined>): Attrs {
  const a: Attrs = { ...(cell.attrs.attrs as Attrs) };
  const colspan = cell.attrs.colspan as number;
  const rowspan = cell.attrs.rowspan as number;
  if (colspan > 1) {
    a.namest = names[col] ?? `c${col + 1}`;
    a.nameend = names[col + colspan - 1] ?? `c${col + colspan}`;
    if ('colname' in a) a.colname = a.namest;
  } else {
    delete a.namest;
    delete a.nameend;
    if ('colname' in a) a.colname = names[col] ?? `c${col + 1}`;
  }
  if (rowspan > 1) a.morerows = String(rowspan - 1);
  else delete a.morerows;
  return a;
}

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

/** Whitespace for a new child: its neighbour's, or a newline and indentation. */
function guessWs(children: PMNode[], depth: number): (i: number) => string {
  return (i) => {
    const usable = (c: PMNode | undefined) => {
      const ws = c?.attrs.ws as string | null | undefined;
      return ws !== null && ws !== undefined && c?.type.name !== 'run' ? ws : null;
    };
    for (let j = i - 1; j >= 0; j--) {
      const ws = usable(children[j]);
      if (ws !== null) return ws;
    }
    for (let j = i + 1; j < children.length; j++) {
      const ws = usable(children[j]);
      if (ws !== null) return ws;
    }
    return `\n${INDENT.repeat(depth + 1)}`;
  };
}

/** Marks outermost first: by where their element started in the file; new marks inside, CDATA innermost. */
function sortMarks(marks: readonly Mark[]): Mark[] {
  const at = (m: Mark) => {
    if (m.type.name === 'cdata') return Number.MAX_SAFE_INTEGER;
    const r = parseSrcKey(m.attrs.src);
    return r ? r.start : Number.MAX_SAFE_INTEGER - 1;
  };
  return [...marks].sort((a, b) => at(a) - at(b));
}
