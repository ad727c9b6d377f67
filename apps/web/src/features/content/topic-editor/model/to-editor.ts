import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { JSONContent } from '@tiptap/core';
import type { Mark, MarkType, NodeType, Node as PMNode, Schema } from '@tiptap/pm/model';
import { decodeEntities, parseXml, type XmlDocument, type XmlElement, type XmlNode } from '../../shared/lossless-xml';
import { pmName } from './elements';
import { problemMessage } from './messages';
import { getDitaSchema, schemaOf } from './schema';
import { type EditorVocabulary, vocabularyOf } from './vocabulary';

/** The identity of a piece of the source file: `start:end` offsets. */
export function srcKey(start: number, end: number): string {
  return `${start}:${end}`;
}

export function parseSrcKey(key: unknown): { start: number; end: number } | null {
  if (typeof key !== 'string') return null;
  const i = key.indexOf(':');
  if (i < 0) return null;
  return { start: Number(key.slice(0, i)), end: Number(key.slice(i + 1)) };
}

export interface Conversion {
  /** The ProseMirror document (null when the file is not well-formed). */
  pmDoc: PMNode;
  xml: XmlDocument;
  /** Whether the visual view can edit it (false when the file is not well-formed). */
  editable: boolean;
  problems: EditorProblem[];
}

export interface ToEditorOptions {
  /** Language of the problem messages (zh by default). */
  lang?: string;
  /**
   * The schema to build the document in (the DITA schema by default): an editor's own schema, so
   * the editor takes the document as it is (no JSON round trip) and `docToXml` recognises its
   * unchanged nodes by identity.
   */
  schema?: Schema;
  /** The vocabulary whose shared schema the document is built in when no `schema` is given (DITA's by default). */
  vocabulary?: EditorVocabulary;
}

/** Reads a DITA topic into the visual editor's document. Never throws; problems say what could not be modelled. */
export function xmlToDoc(xml: string, options: ToEditorOptions = {}): { doc: JSONContent; problems: EditorProblem[]; editable: boolean } {
  const c = convertXml(xml, options);
  return { doc: c.pmDoc.toJSON() as JSONContent, problems: c.problems, editable: c.editable };
}

/** The whole conversion (tree, ProseMirror node, problems); `docToXml` uses it to recognise unchanged nodes. */
export function convertXml(source: string, options: ToEditorOptions = {}): Conversion {
  const schema = options.schema ?? (options.vocabulary ? schemaOf(options.vocabulary) : getDitaSchema());
  const xml = parseXml(source);
  const lang = options.lang ?? 'zh';
  const problems: EditorProblem[] = xml.errors.map((e) => ({
    line: e.line,
    column: e.column,
    severity: 'error',
    code: e.code,
    message: problemMessage(lang, e.code, e.message),
  }));
  const island = nodeType(schema, 'island');
  if (xml.errors.length > 0 || !xml.root) {
    const whole = island.create({ xml: source, name: '#document', src: srcKey(0, source.length) });
    return { pmDoc: schema.node('doc', null, [whole]), xml, editable: false, problems };
  }
  const conv = new ToEditor(schema, xml, lang, problems);
  const root = conv.block(xml.root, null) ?? conv.island(xml.root, null);
  return { pmDoc: schema.node('doc', null, [root]), xml, editable: true, problems };
}

/** A node type of the DITA schema (all names used here are defined by `schemaExtensions`). */
export function nodeType(schema: Schema, name: string): NodeType {
  const t = schema.nodes[name];
  if (!t) throw new Error(`The DITA schema has no node ${name}`);
  return t;
}

export function markType(schema: Schema, name: string): MarkType {
  const t = schema.marks[name];
  if (!t) throw new Error(`The DITA schema has no mark ${name}`);
  return t;
}

const PRESERVE_KINDS = new Set(['pre']);
const WS_ONLY = /^[ \t\r\n]*$/;

/** A piece of a block container's content before it becomes a node: an element, or a run of inline content. */
type Item = { kind: 'element'; el: XmlElement; ws: string } | { kind: 'run'; nodes: XmlNode[]; ws: string } | { kind: 'other'; node: XmlNode; ws: string };

class ToEditor {
  readonly src: string;
  readonly vocab: EditorVocabulary;
  constructor(
    readonly schema: Schema,
    readonly xml: XmlDocument,
    readonly lang: string,
    readonly problems: EditorProblem[],
  ) {
    this.src = xml.source;
    this.vocab = vocabularyOf(schema);
  }

  /** Whether an inline element is an atom of its own (an image, an S1000D reference). */
  isInlineAtom(name: string): boolean {
    return name === this.vocab.imageElement || this.vocab.inlineAtoms.includes(name);
  }

  attrsOf(el: XmlElement): Record<string, string> {
    const out: Record<string, string> = {};
    for (const a of el.attrs) out[a.name] = a.value;
    return out;
  }

  island(node: XmlNode, ws: string | null): PMNode {
    const name = node.type === 'element' ? node.name : `#${node.type}`;
    return nodeType(this.schema, 'island').create({ xml: this.src.slice(node.start, node.end), name, src: srcKey(node.start, node.end), ws });
  }

  structureProblem(el: XmlElement, code = 'editor.readOnlyElement'): void {
    this.problems.push({ line: el.line, column: el.column, severity: 'warning', code, message: problemMessage(this.lang, code, '', { name: el.name }) });
  }

  /** A modelled block element, or null when it does not fit the editor's structure (the caller keeps it as an island). */
  block(el: XmlElement, ws: string | null): PMNode | null {
    const def = this.vocab.byName.get(el.name);
    if (!def || def.kind === 'mark') return null;
    const type = nodeType(this.schema, pmName(el.name));
    const attrs = { attrs: this.attrsOf(el), src: srcKey(el.start, el.end), ws, wsEnd: null as string | null };
    if (def.kind === 'textblock' || def.kind === 'pre') {
      const preserve = PRESERVE_KINDS.has(def.kind) || attrs.attrs['xml:space'] === 'preserve';
      return type.create(attrs, this.inline(el.children, [], preserve));
    }
    if (el.name === 'tgroup') return this.tgroup(el, ws);
    const { items, wsEnd } = this.items(el.children, def.mixed === true);
    attrs.wsEnd = wsEnd;
    const content = this.fit(type, items);
    if (!content) {
      this.structureProblem(el);
      return null;
    }
    // An empty mixed element holds an empty run, so the cursor can go into it (and new ones match).
    if (content.length === 0 && def.mixed) content.push(nodeType(this.schema, 'run').create());
    return type.create(attrs, content);
  }

  /** Splits element content into block items and runs of inline content; whitespace between blocks becomes `ws`. */
  items(children: XmlNode[], mixed: boolean): { items: Item[]; wsEnd: string } {
    const items: Item[] = [];
    let ws = '';
    let run: XmlNode[] = [];
    const flush = () => {
      if (run.length === 0) return;
      // Trailing whitespace of a run belongs to the gap after it.
      let trail = '';
      for (let last = run.at(-1); last !== undefined; last = run.at(-1)) {
        if (last.type !== 'text' || !WS_ONLY.test(last.raw)) break;
        trail = last.raw + trail;
        run.pop();
      }
      if (run.length > 0) items.push({ kind: 'run', nodes: run, ws });
      ws = run.length > 0 ? trail : ws + trail;
      run = [];
    };
    children.forEach((c, i) => {
      if (c.type === 'text') {
        if (run.length === 0 && WS_ONLY.test(c.raw)) ws += c.raw;
        else run.push(c);
        return;
      }
      if (c.type === 'entity' || c.type === 'cdata') {
        run.push(c);
        return;
      }
      const def = c.type === 'element' ? this.vocab.byName.get(c.name) : undefined;
      const inlineKnown = c.type === 'element' && (def?.kind === 'mark' || this.isInlineAtom(c.name));
      const blockKnown = c.type === 'element' && def !== undefined && def.kind !== 'mark';
      if (inlineKnown || (!blockKnown && (run.length > 0 || (mixed && startsText(children[i + 1]))))) {
        run.push(c);
        return;
      }
      flush();
      items.push(c.type === 'element' ? { kind: 'element', el: c, ws } : { kind: 'other', node: c, ws });
      ws = '';
    });
    flush();
    return { items, wsEnd: ws };
  }

  /** Turns items into nodes that fit `type`'s content; a piece that does not fit becomes an island, or null if that does not fit either. */
  fit(type: NodeType, items: Item[]): PMNode[] | null {
    let match = type.contentMatch;
    const out: PMNode[] = [];
    const island = nodeType(this.schema, 'island');
    for (const item of items) {
      let node: PMNode | null = null;
      if (item.kind === 'element') node = this.block(item.el, item.ws);
      else if (item.kind === 'run') node = this.run(item.nodes, item.ws);
      let next = node ? match.matchType(node.type) : null;
      if (!node || !next) {
        if (item.kind === 'element' && node) this.structureProblem(item.el, 'editor.misplacedElement');
        next = match.matchType(island);
        if (!next) return null;
        node =
          item.kind === 'element'
            ? this.island(item.el, item.ws)
            : item.kind === 'other'
              ? this.island(item.node, item.ws)
              : this.runIsland(item.nodes, item.ws);
      }
      out.push(node);
      match = next;
    }
    return match.validEnd ? out : null;
  }

  run(nodes: XmlNode[], ws: string): PMNode {
    const { start, end } = span(nodes);
    return nodeType(this.schema, 'run').create({ src: srcKey(start, end), ws }, this.inline(nodes, [], false));
  }

  runIsland(nodes: XmlNode[], ws: string): PMNode {
    const { start, end } = span(nodes);
    return nodeType(this.schema, 'island').create({ xml: this.src.slice(start, end), name: '#text', src: srcKey(start, end), ws });
  }

  /** Inline content: text with marks for phrase elements, atoms for references, images, entities and anything else. */
  inline(nodes: XmlNode[], marks: readonly Mark[], preserve: boolean): PMNode[] {
    const s = this.schema;
    const out: PMNode[] = [];
    const text = (t: string, m: readonly Mark[]) => {
      const v = preserve ? t : t.replace(/[ \t\r\n]+/g, ' ');
      if (v) out.push(s.text(v, m));
    };
    for (const n of nodes) {
      if (n.type === 'text') text(decodeEntities(n.raw), marks);
      else if (n.type === 'entity') {
        const decoded = decodeEntities(n.raw);
        if (decoded !== n.raw) text(decoded, marks);
        else out.push(nodeType(s, 'entity').create({ name: n.name }, null, marks));
      } else if (n.type === 'cdata') {
        if (n.value) out.push(s.text(n.value, [...marks, markType(s, 'cdata').create({ src: srcKey(n.start, n.end) })]));
        else out.push(this.inlineIsland(n, marks));
      } else if (n.type === 'element') {
        const def = this.vocab.byName.get(n.name);
        if (n.name === this.vocab.imageElement) out.push(this.inlineAtom('image', n, marks));
        else if (this.vocab.inlineAtoms.includes(n.name)) out.push(this.inlineAtom('inline_ref', n, marks));
        else if (def?.kind === 'mark') {
          const mark = markType(s, pmName(n.name)).create({ attrs: this.attrsOf(n), src: srcKey(n.start, n.end) });
          const inner = n.children.length > 0 ? this.inline(n.children, [...marks, mark], preserve) : [];
          if (inner.length === 0) out.push(this.inlineAtom('inline_ref', n, marks));
          else out.push(...inner);
        } else out.push(this.inlineIsland(n, marks));
      } else out.push(this.inlineIsland(n, marks));
    }
    return out;
  }

  inlineIsland(n: XmlNode, marks: readonly Mark[]): PMNode {
    const name = n.type === 'element' ? n.name : `#${n.type}`;
    return nodeType(this.schema, 'inline_island').create({ xml: this.src.slice(n.start, n.end), name, src: srcKey(n.start, n.end) }, null, marks);
  }

  inlineAtom(type: 'image' | 'inline_ref', el: XmlElement, marks: readonly Mark[]): PMNode {
    const inner = el.children.length > 0 ? this.src.slice(el.openEnd, el.closeStart) : null;
    return nodeType(this.schema, type).create(
      { attrs: this.attrsOf(el), src: srcKey(el.start, el.end), name: el.name, inner, selfClosing: el.selfClosing },
      null,
      marks,
    );
  }

  /** A CALS tgroup as a prosemirror-tables table: thead/tbody rows in order (row.head), spans from namest/nameend/morerows. */
  tgroup(el: XmlElement, ws: string | null): PMNode | null {
    const s = this.schema;
    const colspecs: Array<{ attrs: Record<string, string>; raw: string; ws: string }> = [];
    const sections: Array<{ el: XmlElement; ws: string; head: boolean }> = [];
    let gap = '';
    for (const c of el.children) {
      if (c.type === 'text' && WS_ONLY.test(c.raw)) gap += c.raw;
      else if (c.type === 'element' && c.name === 'colspec' && sections.length === 0) {
        colspecs.push({ attrs: this.attrsOf(c), raw: this.src.slice(c.start, c.end), ws: gap });
        gap = '';
      } else if (c.type === 'element' && (c.name === 'thead' || c.name === 'tbody')) {
        if (sections.some((x) => x.el.name === c.name) || (c.name === 'thead' && sections.length > 0)) return null;
        sections.push({ el: c, ws: gap, head: c.name === 'thead' });
        gap = '';
      } else return null;
    }
    const cols = Number(el.attrs.find((a) => a.name === 'cols')?.value);
    if (!Number.isInteger(cols) || cols < 1 || !sections.some((x) => x.el.name === 'tbody')) return null;
    const colIndex = new Map<string, number>();
    let next = 0;
    for (const spec of colspecs) {
      const num = Number(spec.attrs.colnum);
      const idx = Number.isInteger(num) && num > 0 ? num - 1 : next;
      if (spec.attrs.colname !== undefined) colIndex.set(spec.attrs.colname, idx);
      next = idx + 1;
    }
    const occupied: boolean[][] = [];
    const rows: PMNode[] = [];
    const sectionInfo: Record<string, unknown> = {};
    let r = 0;
    for (const sec of sections) {
      let rowGap = '';
      for (const c of sec.el.children) {
        if (c.type === 'text' && WS_ONLY.test(c.raw)) {
          rowGap += c.raw;
          continue;
        }
        if (c.type !== 'element' || c.name !== 'row') return null;
        const row = this.tableRow(c, rowGap, sec.head, r, cols, colIndex, occupied);
        if (!row) return null;
        rows.push(row);
        rowGap = '';
        r++;
      }
      sectionInfo[sec.el.name] = { open: sec.el.openRaw, close: sec.el.closeRaw, ws: sec.ws, wsEnd: rowGap, selfClosing: sec.el.selfClosing };
    }
    if (rows.length === 0 || occupied.length > r) return null;
    const attrs = {
      attrs: this.attrsOf(el),
      src: srcKey(el.start, el.end),
      ws,
      wsEnd: gap,
      colspecs,
      thead: sectionInfo.thead ?? null,
      tbody: sectionInfo.tbody ?? null,
    };
    return nodeType(s, 'tgroup').create(attrs, rows);
  }

  tableRow(el: XmlElement, ws: string, head: boolean, r: number, cols: number, colIndex: Map<string, number>, occupied: boolean[][]): PMNode | null {
    const s = this.schema;
    occupied[r] ??= [];
    const cells: PMNode[] = [];
    let gap = '';
    let col = 0;
    for (const c of el.children) {
      if (c.type === 'text' && WS_ONLY.test(c.raw)) {
        gap += c.raw;
        continue;
      }
      if (c.type !== 'element' || c.name !== 'entry') return null;
      while (col < cols && occupied[r][col]) col++;
      const a = this.attrsOf(c);
      const named = a.namest ?? a.colname;
      const start = named !== undefined ? colIndex.get(named) : col;
      if (start !== col) return null; // sparse rows and unknown column names are not editable as a grid
      const end = a.nameend !== undefined ? colIndex.get(a.nameend) : start;
      if (end === undefined || end < start || end >= cols) return null;
      const more = a.morerows !== undefined ? Number(a.morerows) : 0;
      if (!Number.isInteger(more) || more < 0) return null;
      for (let rr = r; rr <= r + more; rr++) {
        const line = occupied[rr] ?? [];
        occupied[rr] = line;
        for (let cc = start; cc <= end; cc++) {
          if (line[cc]) return null;
          line[cc] = true;
        }
      }
      const { items, wsEnd } = this.items(c.children, true);
      const content = this.fit(nodeType(s, 'entry'), items);
      if (!content) return null;
      cells.push(
        nodeType(s, 'entry').create(
          { attrs: a, src: srcKey(c.start, c.end), ws: gap, wsEnd, colspan: end - start + 1, rowspan: more + 1, colwidth: null },
          content.length > 0 ? content : [nodeType(s, 'run').create()],
        ),
      );
      gap = '';
      col = end + 1;
    }
    for (let cc = 0; cc < cols; cc++) if (!occupied[r][cc]) return null;
    if (cells.length === 0) return null;
    return nodeType(s, 'row').create({ attrs: this.attrsOf(el), src: srcKey(el.start, el.end), ws, wsEnd: gap, head }, cells);
  }
}

function span(nodes: XmlNode[]): { start: number; end: number } {
  return { start: nodes[0]?.start ?? 0, end: nodes.at(-1)?.end ?? 0 };
}

function startsText(n: XmlNode | undefined): boolean {
  // Inline when text follows on the same line (`<xmlatt>id</xmlatt> is...`).
  return n !== undefined && ((n.type === 'text' && /^[^\n]*\S/.test(n.raw)) || n.type === 'entity');
}
