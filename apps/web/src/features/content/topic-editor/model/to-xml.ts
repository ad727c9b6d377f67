import type { JSONContent } from '@tiptap/core';
import type { Mark, Node as PMNode, Schema } from '@tiptap/pm/model';
import { TableMap } from '@tiptap/pm/tables';
import { escapeAttr, escapeText, type XmlElement } from '../../shared/lossless-xml';
import { type Original, original } from './conversion-cache';
import { keepUnedited } from './keep-unedited';
import { getDitaSchema } from './schema';
import { parseSrcKey } from './to-editor';
import { xmlNameOf } from './vocabulary';

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
