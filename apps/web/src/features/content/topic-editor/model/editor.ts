import { type CommandProps, Extension, type Extensions } from '@tiptap/core';
import { history, redo, undo } from '@tiptap/pm/history';
import type { Attrs, Mark, NodeType, Node as PMNode, ResolvedPos, Schema } from '@tiptap/pm/model';
import { type EditorState, NodeSelection, Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  isInTable,
  mergeCells,
  splitCell,
  tableEditing,
} from '@tiptap/pm/tables';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { addApplicToGroup, applicXml, type NewApplic } from './applic-new';
import { applicPreviewPlugin } from './applic-preview';
import { ataElementOfInsert } from './ata2300-insert';
import { ELEMENT_BY_PM_NAME, pmName } from './elements';
import type { DitaAttrs } from './extensions/attrs';
import type { ConrefResolution, DitaResolvers } from './extensions/special';
import { profileTemplate } from './profile-vocabulary';
import { type Allows, applicTargetAt, elementOfInsert, elementTemplate, figureWithGraphic } from './s1000d-insert';
import { schemaExtensions } from './schema';
import { structurePlugin } from './structure-view';
import { nodeType } from './to-editor';
import { type EditorVocabulary, vocabularyOf, xmlNameOf } from './vocabulary';

export type { ConrefResolution, DitaResolvers } from './extensions/special';

export interface DitaEditorOptions extends DitaResolvers {
  /** The vocabulary of the file's standard (DITA's by default). */
  vocabulary?: EditorVocabulary;
  /** Keep the undo history (default true). */
  history?: boolean;
}

/** The element the attributes panel edits: a node (by position) or a phrase mark (by range). */
export interface SelectedElement {
  kind: 'node' | 'mark';
  /** DITA element name (`p`, `step`, `xref`...). */
  name: string;
  attrs: DitaAttrs;
  /** Position of the node, or the range the mark covers around the cursor. */
  pos: number;
  from: number;
  to: number;
}

/** Inline phrase elements the toolbar wraps text in. */
export const WRAP_ELEMENTS = [
  'b',
  'i',
  'u',
  'sup',
  'sub',
  'codeph',
  'uicontrol',
  'wintitle',
  'term',
  'keyword',
  'filepath',
  'ph',
  'menucascade',
  // S1000D phrases
  'emphasis',
  'subScript',
  'superScript',
] as const;
export type WrapElement = (typeof WRAP_ELEMENTS)[number];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    dita: {
      insertParagraph: () => ReturnType;
      insertSection: () => ReturnType;
      insertList: (kind: 'ul' | 'ol' | 'sl' | 'dl') => ReturnType;
      insertNote: (type?: string) => ReturnType;
      insertCodeblock: () => ReturnType;
      insertFigure: () => ReturnType;
      insertSimpletable: (rows: number, cols: number) => ReturnType;
      insertTable: (rows: number, cols: number, options?: { header?: boolean }) => ReturnType;
      addTableRow: (options?: { before?: boolean }) => ReturnType;
      deleteTableRow: () => ReturnType;
      addTableColumn: (options?: { before?: boolean }) => ReturnType;
      deleteTableColumn: () => ReturnType;
      mergeTableCells: () => ReturnType;
      splitTableCell: () => ReturnType;
      toggleTableHeaderRow: () => ReturnType;
      insertStep: () => ReturnType;
      insertSubsteps: () => ReturnType;
      insertChoices: () => ReturnType;
      insertStepPart: (name: 'info' | 'stepresult') => ReturnType;
      wrapInline: (element: WrapElement, attrs?: DitaAttrs) => ReturnType;
      insertXref: (target: { href?: string; keyref?: string; text?: string }) => ReturnType;
      insertConref: (target: { conref?: string; conkeyref?: string; element?: string }) => ReturnType;
      insertImage: (target: { href?: string; keyref?: string; alt?: string }) => ReturnType;
      insertKeyword: (target: { keyref: string; element?: 'keyword' | 'term' | 'ph' | 'abbreviated-form' }) => ReturnType;
      setAttributes: (pos: number, attrs: DitaAttrs) => ReturnType;
      setSelectedElementAttributes: (attrs: DitaAttrs) => ReturnType;
      /** Inserts an element of the vocabulary with its required structure (s1000d-insert.ts); false where the schema does not allow it. */
      insertElement: (name: string, allows?: Allows) => ReturnType;
      /** S1000D: adds a new applic to the module's referencedApplicGroup (made at the start of content when missing). */
      addApplic: (applic: NewApplic) => ReturnType;
      /** Inserts an inline element written as XML (an S1000D dmRef, internalRef), shown as an atom and written back as is. */
      insertInlineAtom: (atom: { name: string; attrs?: DitaAttrs; inner?: string | null }) => ReturnType;
      /** Sets (or, with null, removes) the applicRefId of the S1000D element the cursor is in (s1000d-insert.ts `applicTargetAt`). */
      setApplicRef: (applicRefId: string | null) => ReturnType;
      /** Inserts an S1000D figure with its title and an ICN graphic where the schema allows one. */
      insertIcnFigure: (figure: { title: string; icn: string }) => ReturnType;
    };
  }
}

function el(schema: Schema, name: string, attrs: DitaAttrs = {}, content?: PMNode[] | PMNode): PMNode {
  const type = nodeType(schema, pmName(name));
  return type.createAndFill({ attrs }, content) ?? type.create({ attrs }, content);
}

function run(schema: Schema, text?: string): PMNode {
  return nodeType(schema, 'run').create(null, text ? schema.text(text) : null);
}

function p(schema: Schema, text?: string): PMNode {
  return nodeType(schema, 'p').create({ attrs: {} }, text ? schema.text(text) : null);
}

/** Inserts a block after the innermost ancestor where it is allowed, and puts the cursor in it. */
function insertBlock(make: (schema: Schema) => PMNode, allowedIn?: (parent: PMNode) => boolean) {
  return ({ state, tr, dispatch }: CommandProps): boolean => {
    const node = make(state.schema);
    const $from = state.selection.$from;
    for (let d = $from.depth; d >= 0; d--) {
      const parent = $from.node(d);
      const index = d === $from.depth ? $from.index(d) : $from.indexAfter(d);
      if ((!allowedIn || allowedIn(parent)) && parent.canReplaceWith(index, index, node.type)) {
        const pos = d === $from.depth ? $from.pos : $from.after(d + 1);
        if (d === $from.depth && !parent.isTextblock) return insertAt(tr, pos, node, dispatch);
        if (d < $from.depth) return insertAt(tr, pos, node, dispatch);
      }
    }
    return false;
  };
}

function insertAt(tr: Transaction, pos: number, node: PMNode, dispatch: CommandProps['dispatch']): boolean {
  if (dispatch) {
    tr.insert(pos, node);
    // Cursor into the first textblock of the new node.
    let target = -1;
    tr.doc.nodeAt(pos)?.descendants((n, p) => {
      if (target < 0 && n.isTextblock) target = pos + 1 + p + 1;
      return target < 0;
    });
    if (target >= 0) tr.setSelection(NodeSelection.near(tr.doc.resolve(target)));
    tr.scrollIntoView();
  }
  return true;
}

/** The innermost ancestor of a position whose type is one of `names`, with its depth. */
function ancestor($pos: ResolvedPos, names: string[]): { node: PMNode; depth: number; pos: number } | null {
  for (let d = $pos.depth; d > 0; d--) {
    const node = $pos.node(d);
    if (names.includes(node.type.name)) return { node, depth: d, pos: $pos.before(d) };
  }
  return null;
}

/** Inserts a node of `name` after the innermost ancestor of type `after` (or inside `container`). */
function insertSibling(after: string[], make: (schema: Schema) => PMNode) {
  return ({ state, tr, dispatch }: CommandProps): boolean => {
    const a = ancestor(state.selection.$from, after);
    if (!a) return false;
    const node = make(state.schema);
    const $end = state.doc.resolve(a.pos + a.node.nodeSize);
    if (!$end.parent.canReplaceWith($end.index(), $end.index(), node.type)) return false;
    return insertAt(tr, $end.pos, node, dispatch);
  };
}

/** Appends a child (substeps, choices...) to the innermost ancestor step where it is allowed. */
function appendChild(to: string[], make: (schema: Schema) => PMNode) {
  return ({ state, tr, dispatch }: CommandProps): boolean => {
    const a = ancestor(state.selection.$from, to);
    if (!a) return false;
    const node = make(state.schema);
    const parent = a.node;
    // After the cmd/info, before a stepresult: the first index where the schema allows it.
    for (let i = parent.childCount; i >= 1; i--) {
      if (parent.canReplaceWith(i, i, node.type) && (i === parent.childCount || parent.child(i).type.name !== node.type.name)) {
        let pos = a.pos + 1;
        for (let j = 0; j < i; j++) pos += parent.child(j).nodeSize;
        return insertAt(tr, pos, node, dispatch);
      }
    }
    return false;
  };
}

function step(schema: Schema, name: 'step' | 'substep' = 'step'): PMNode {
  return el(schema, name, {}, [el(schema, 'cmd')]);
}

function calsTable(schema: Schema, rows: number, cols: number, header: boolean): PMNode {
  const entry = () => nodeType(schema, 'entry').create({ attrs: {} }, run(schema));
  const row = (head: boolean) => nodeType(schema, 'row').create({ attrs: {}, head }, Array.from({ length: cols }, entry));
  const tgroup = nodeType(schema, 'tgroup').create(
    {
      attrs: { cols: String(cols) },
      colspecs: Array.from({ length: cols }, (_, i) => ({ attrs: { colname: `c${i + 1}` }, raw: `<colspec colname="c${i + 1}"/>`, ws: null })),
    },
    Array.from({ length: rows }, (_, i) => row(header && i === 0)),
  );
  return nodeType(schema, 'table').create({ attrs: {} }, [nodeType(schema, 'title').create({ attrs: {} }), tgroup]);
}

function simpletable(schema: Schema, rows: number, cols: number): PMNode {
  const entry = () => nodeType(schema, 'stentry').create({ attrs: {} }, run(schema));
  const row = (name: string) => nodeType(schema, name).create({ attrs: {} }, Array.from({ length: cols }, entry));
  return nodeType(schema, 'simpletable').create(
    { attrs: {} },
    Array.from({ length: rows }, () => row('strow')),
  );
}

/** A table command: prosemirror-tables for CALS tables, the simpletable variant otherwise. */
function tableCommand(cals: (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean, simple: (props: CommandProps) => boolean) {
  return (props: CommandProps): boolean => {
    const { state, dispatch, tr } = props;
    if (!isInTable(state)) return simple(props);
    // TipTap's command state hands out the command's own transaction, so prosemirror-tables writes into it.
    const ok = cals(state, dispatch ? () => undefined : undefined);
    if (ok && dispatch) normalizeHeadRows(tr);
    return ok;
  };
}

/** Keeps CALS head rows at the top of each tgroup: a row above a head row is a head row. */
function normalizeHeadRows(tr: Transaction): void {
  tr.doc.descendants((node, pos) => {
    if (node.type.name !== 'tgroup') return true;
    let lastHead = -1;
    node.forEach((row, _o, i) => {
      if (row.attrs.head) lastHead = i;
    });
    let offset = pos + 1;
    node.forEach((row, _o, i) => {
      const head = i <= lastHead;
      if (row.attrs.head !== head) tr.setNodeMarkup(offset, undefined, { ...row.attrs, head });
      offset += row.nodeSize;
    });
    return false;
  });
}

/** simpletable row and column operations (no spans, so plain index arithmetic). */
function simpleRow(op: 'add-before' | 'add-after' | 'delete') {
  return ({ state, tr, dispatch }: CommandProps): boolean => {
    const $from = state.selection.$from;
    const row = ancestor($from, ['strow', 'sthead']);
    const table = ancestor($from, ['simpletable']);
    if (!row || !table) return false;
    if (op === 'delete') {
      const strows = countChildren(table.node, 'strow');
      if (row.node.type.name === 'strow' && strows <= 1) return false;
      if (dispatch) tr.delete(row.pos, row.pos + row.node.nodeSize);
      return true;
    }
    const cells = Array.from({ length: row.node.childCount }, () => nodeType(state.schema, 'stentry').create({ attrs: {} }, run(state.schema)));
    const node = nodeType(state.schema, 'strow').create({ attrs: {} }, cells);
    const at = op === 'add-before' && row.node.type.name !== 'sthead' ? row.pos : row.pos + row.node.nodeSize;
    return insertAt(tr, at, node, dispatch);
  };
}

function countChildren(node: PMNode, name: string): number {
  let n = 0;
  node.forEach((c) => {
    if (c.type.name === name) n++;
  });
  return n;
}

function simpleColumn(op: 'add-before' | 'add-after' | 'delete') {
  return ({ state, tr, dispatch }: CommandProps): boolean => {
    const $from = state.selection.$from;
    const cell = ancestor($from, ['stentry']);
    const table = ancestor($from, ['simpletable']);
    if (!cell || !table) return false;
    const col = $from.index(cell.depth - 1);
    const width = $from.node(cell.depth - 1).childCount;
    if (op === 'delete' && width <= 1) return false;
    if (!dispatch) return true;
    // Work from the last row up so earlier positions stay valid.
    const rows: Array<{ node: PMNode; pos: number }> = [];
    table.node.forEach((r, offset) => {
      rows.push({ node: r, pos: table.pos + 1 + offset });
    });
    for (const r of rows.reverse()) {
      if (r.node.type.name !== 'strow' && r.node.type.name !== 'sthead') continue;
      let pos = r.pos + 1;
      const target = op === 'add-after' ? col + 1 : col;
      for (let i = 0; i < Math.min(target, r.node.childCount); i++) pos += r.node.child(i).nodeSize;
      if (op === 'delete') {
        const c = r.node.maybeChild(col);
        if (c) tr.delete(pos, pos + c.nodeSize);
      } else tr.insert(pos, nodeType(state.schema, 'stentry').create({ attrs: {} }, run(state.schema)));
    }
    return true;
  };
}

function toggleHeadRow({ state, tr, dispatch }: CommandProps): boolean {
  const $from = state.selection.$from;
  const row = ancestor($from, ['row']);
  const tgroup = ancestor($from, ['tgroup']);
  if (!row || !tgroup) {
    // simpletable: the first row becomes sthead, or the sthead becomes a strow.
    const srow = ancestor($from, ['strow', 'sthead']);
    const table = ancestor($from, ['simpletable']);
    if (!srow || !table) return false;
    const toHead = srow.node.type.name === 'strow';
    if (toHead && (table.node.firstChild !== srow.node || countChildren(table.node, 'strow') <= 1)) return false;
    if (dispatch) tr.setNodeMarkup(srow.pos, nodeType(state.schema, toHead ? 'sthead' : 'strow'), srow.node.attrs);
    return true;
  }
  if (!dispatch) return true;
  const index = $from.index(tgroup.depth);
  const makeHead = !row.node.attrs.head;
  let offset = tgroup.pos + 1;
  tgroup.node.forEach((r, _o, i) => {
    const head = makeHead ? i <= index || r.attrs.head : i < index && r.attrs.head;
    if (r.attrs.head !== head) tr.setNodeMarkup(offset, undefined, { ...r.attrs, head });
    offset += r.nodeSize;
  });
  return true;
}

/** The element the attributes panel shows: the innermost phrase mark at the cursor, else the node. */
export function getSelectedElement(state: EditorState): SelectedElement | null {
  const sel = state.selection;
  if (sel instanceof NodeSelection && sel.node.attrs.attrs) {
    return { kind: 'node', name: elementName(sel.node), attrs: sel.node.attrs.attrs as DitaAttrs, pos: sel.from, from: sel.from, to: sel.to };
  }
  const $from = sel.$from;
  const marks = ($from.marks() as Mark[]).filter((m) => m.attrs.attrs);
  const mark = marks.at(-1);
  if (mark) {
    const { from, to } = markRange($from, mark);
    return { kind: 'mark', name: xmlNameOf(mark.type), attrs: mark.attrs.attrs as DitaAttrs, pos: from, from, to };
  }
  for (let d = $from.depth; d > 0; d--) {
    const node = $from.node(d);
    if (node.attrs.attrs) {
      const pos = $from.before(d);
      return { kind: 'node', name: elementName(node), attrs: node.attrs.attrs as DitaAttrs, pos, from: pos, to: pos + node.nodeSize };
    }
  }
  return null;
}

function elementName(node: PMNode): string {
  return typeof node.attrs.name === 'string' && node.attrs.name ? node.attrs.name : xmlNameOf(node.type);
}

function markRange($pos: ResolvedPos, mark: Mark): { from: number; to: number } {
  const parent = $pos.parent;
  const start = $pos.start();
  let from = $pos.pos;
  let to = $pos.pos;
  let offset = 0;
  const spans: Array<{ from: number; to: number; has: boolean }> = [];
  parent.forEach((child) => {
    spans.push({ from: start + offset, to: start + offset + child.nodeSize, has: mark.isInSet(child.marks) });
    offset += child.nodeSize;
  });
  const i = spans.findIndex((s) => s.from <= $pos.pos && $pos.pos <= s.to && s.has);
  if (i < 0) return { from, to };
  let a = i;
  let b = i;
  while (a > 0 && spans[a - 1]?.has) a--;
  while (b < spans.length - 1 && spans[b + 1]?.has) b++;
  from = spans[a]?.from ?? from;
  to = spans[b]?.to ?? to;
  return { from, to };
}

const DitaCommands = Extension.create({
  name: 'ditaCommands',
  addCommands() {
    return {
      insertElement: (name, allows) => (props) => {
        // An XML profile's element with its skeleton (profile-vocabulary.ts), else S1000D's or Spec 2300's.
        const made = profileTemplate(props.state.schema, name, props.state.selection.$from) ?? elementTemplate(props.state.schema, name);
        if (!made) return false;
        // With the installed schema's content models: only where the XSD allows the element too.
        const element = props.state.schema.nodes.procContent ? ataElementOfInsert(name) : elementOfInsert(name);
        const ok = (parent: PMNode) => !allows || allows(parent.type.name, element);
        if (made.step) {
          const at = ancestor(props.state.selection.$from, [made.step]);
          if (at && made.nested) {
            const end = at.pos + at.node.nodeSize - 1;
            if (!ok(at.node) || !at.node.canReplaceWith(at.node.childCount, at.node.childCount, made.node.type)) return false;
            return insertAt(props.tr, end, made.node, props.dispatch);
          }
          if (at) {
            const $at = props.state.doc.resolve(at.pos);
            const index = $at.index();
            if (ok($at.parent) && $at.parent.canReplaceWith(index + 1, index + 1, made.node.type))
              return insertAt(props.tr, at.pos + at.node.nodeSize, made.node, props.dispatch);
          }
          if (made.nested) return false;
        }
        return insertBlock(() => made.node, allows ? ok : undefined)(props);
      },
      addApplic:
        (applic) =>
        ({ state, tr, dispatch }) => {
          let content: { node: PMNode; pos: number } | null = null;
          state.doc.descendants((n, pos) => {
            if (!content && n.type.name === 'content') content = { node: n, pos };
            return !content && n.type.name !== 'content';
          });
          const island = state.schema.nodes.island;
          const at = content as { node: PMNode; pos: number } | null;
          if (!at || !island) return false;
          const indentOf = (ws: unknown) => (typeof ws === 'string' ? ws.slice(ws.lastIndexOf('\n') + 1) : '');
          let group: { node: PMNode; pos: number } | null = null;
          at.node.forEach((c, offset) => {
            if (!group && c.type.name === 'island' && c.attrs.name === 'referencedApplicGroup') group = { node: c, pos: at.pos + 1 + offset };
          });
          const found = group as { node: PMNode; pos: number } | null;
          if (!dispatch) return true;
          if (found) {
            const xml = addApplicToGroup(found.node.attrs.xml as string, applic, indentOf(found.node.attrs.ws));
            tr.setNodeMarkup(found.pos, undefined, { ...found.node.attrs, xml });
          } else {
            const indent = indentOf(at.node.firstChild?.attrs.ws);
            const unit = indent.includes(' ') && !indent.includes('\t') ? '  ' : '\t';
            const xml = `<referencedApplicGroup>\n${indent}${unit}${applicXml(applic, indent + unit, unit)}\n${indent}</referencedApplicGroup>`;
            tr.insert(at.pos + 1, island.create({ xml, name: 'referencedApplicGroup', src: null, ws: null }));
          }
          return true;
        },
      setApplicRef:
        (applicRefId) =>
        ({ state, tr, dispatch }) => {
          const target = applicTargetAt(state.selection.$from);
          if (!target) return false;
          if (dispatch) {
            const attrs: DitaAttrs = { ...(target.node.attrs.attrs as DitaAttrs) };
            if (applicRefId) attrs.applicRefId = applicRefId;
            else delete attrs.applicRefId;
            tr.setNodeMarkup(target.pos, undefined, { ...target.node.attrs, attrs });
          }
          return true;
        },
      insertIcnFigure:
        ({ title, icn }) =>
        (props) =>
          props.state.schema.nodes.figure && props.state.schema.nodes.dmodule ? insertBlock((sc) => figureWithGraphic(sc, title, icn))(props) : false,
      insertInlineAtom:
        ({ name, attrs = {}, inner = null }) =>
        ({ state, tr, dispatch }) => {
          const type = state.schema.nodes.inline_ref;
          if (!type || !state.selection.$from.parent.inlineContent) return false;
          const node = type.create({ name, attrs, inner, selfClosing: inner === null });
          if (!state.selection.$from.parent.type.contentMatch.matchType(type)) return false;
          if (dispatch) tr.replaceSelectionWith(node, false).scrollIntoView();
          return true;
        },
      insertParagraph: () => insertBlock((s) => p(s)),
      insertSection: () => insertBlock((s) => el(s, 'section', {}, [nodeType(s, 'title').create({ attrs: {} }), p(s)])),
      insertList: (kind) =>
        insertBlock((s) => {
          if (kind === 'dl') return el(s, 'dl', {}, [el(s, 'dlentry', {}, [el(s, 'dt'), el(s, 'dd', {}, [run(s)])])]);
          if (kind === 'sl') return el(s, 'sl', {}, [el(s, 'sli')]);
          return el(s, kind, {}, [el(s, 'li', {}, [run(s)])]);
        }),
      insertNote: (type = 'note') => insertBlock((s) => el(s, 'note', { type }, [run(s)])),
      insertCodeblock: () => insertBlock((s) => el(s, 'codeblock')),
      insertFigure: () => insertBlock((s) => el(s, 'fig', {}, [nodeType(s, 'title').create({ attrs: {} })])),
      insertSimpletable: (rows, cols) => insertBlock((s) => simpletable(s, Math.max(1, rows), Math.max(1, cols))),
      insertTable:
        (rows, cols, options = {}) =>
        (props) =>
          insertBlock((s) => calsTable(s, Math.max(1, rows), Math.max(1, cols), options.header ?? true))(props),
      addTableRow: (options = {}) => tableCommand(options.before ? addRowBefore : addRowAfter, simpleRow(options.before ? 'add-before' : 'add-after')),
      deleteTableRow: () => tableCommand(deleteRow, simpleRow('delete')),
      addTableColumn: (options = {}) =>
        tableCommand(options.before ? addColumnBefore : addColumnAfter, simpleColumn(options.before ? 'add-before' : 'add-after')),
      deleteTableColumn: () => tableCommand(deleteColumn, simpleColumn('delete')),
      mergeTableCells: () => tableCommand(mergeCells, () => false),
      splitTableCell: () => tableCommand(splitCell, () => false),
      toggleTableHeaderRow: () => toggleHeadRow,
      insertStep: () => (props) => {
        const inSub = ancestor(props.state.selection.$from, ['substep']);
        if (inSub) return insertSibling(['substep'], (s) => step(s, 'substep'))(props);
        if (ancestor(props.state.selection.$from, ['step'])) return insertSibling(['step'], (s) => step(s))(props);
        // Outside steps: a new steps list where the schema allows one (task body).
        return insertBlockIn(['taskbody', 'remedy'], (s) => el(s, 'steps', {}, [step(s)]))(props);
      },
      insertSubsteps: () => appendChild(['step'], (s) => el(s, 'substeps', {}, [step(s, 'substep')])),
      insertChoices: () => appendChild(['step'], (s) => el(s, 'choices', {}, [el(s, 'choice', {}, [run(s)])])),
      insertStepPart: (name) => appendChild(['step', 'substep'], (s) => el(s, name, {}, [run(s)])),
      wrapInline:
        (element, attrs = {}) =>
        ({ commands }) =>
          commands.toggleMark(pmName(element), { attrs }),
      insertXref:
        ({ href, keyref, text }) =>
        ({ state, tr, dispatch }) => {
          const attrs: DitaAttrs = href ? { href } : keyref ? { keyref } : {};
          if (!attrs.href && !attrs.keyref) return false;
          const s = state.schema;
          const node = text ? s.text(text, [nodeMark(s, 'xref', attrs)]) : nodeType(s, 'inline_ref').create({ name: 'xref', attrs, selfClosing: true });
          if (dispatch) tr.replaceSelectionWith(node, false).scrollIntoView();
          return true;
        },
      insertConref:
        ({ conref, conkeyref, element }) =>
        (props) => {
          const attrs: DitaAttrs = conref ? { conref } : conkeyref ? { conkeyref } : {};
          if (!attrs.conref && !attrs.conkeyref) return false;
          const name = element ?? 'p';
          const def = ELEMENT_BY_PM_NAME.get(pmName(name));
          if (def?.kind === 'mark') {
            const node = nodeType(props.state.schema, 'inline_ref').create({ name, attrs, selfClosing: true });
            // A phrase goes into text only (not between blocks, where it would be wrapped in something nobody asked for).
            const { $from } = props.state.selection;
            if (!$from.parent.inlineContent || !$from.parent.type.contentMatch.matchType(node.type)) return false;
            if (props.dispatch) props.tr.replaceSelectionWith(node, false);
            return true;
          }
          return insertBlock((s) => nodeType(s, pmName(name)).create({ attrs }))(props);
        },
      insertImage:
        ({ href, keyref, alt }) =>
        ({ state, tr, dispatch }) => {
          const attrs: DitaAttrs = href ? { href } : keyref ? { keyref } : {};
          if (!attrs.href && !attrs.keyref) return false;
          const node = nodeType(state.schema, 'image').create({
            name: 'image',
            attrs,
            inner: alt ? `<alt>${alt.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</alt>` : null,
            selfClosing: !alt,
          });
          if (!state.selection.$from.parent.inlineContent)
            return insertBlock((s) => nodeType(s, 'p').create({ attrs: {} }, node))({ state, tr, dispatch } as CommandProps);
          if (dispatch) tr.replaceSelectionWith(node, false).scrollIntoView();
          return true;
        },
      insertKeyword:
        ({ keyref, element = 'keyword' }) =>
        ({ state, tr, dispatch }) => {
          const node = nodeType(state.schema, 'inline_ref').create({ name: element, attrs: { keyref }, selfClosing: true });
          if (dispatch) tr.replaceSelectionWith(node, false).scrollIntoView();
          return true;
        },
      setAttributes:
        (pos, attrs) =>
        ({ state, tr, dispatch }) => {
          const node = state.doc.nodeAt(pos);
          if (!node || node.attrs.attrs === undefined) return false;
          if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, attrs: cleanAttrs(attrs) });
          return true;
        },
      setSelectedElementAttributes:
        (attrs) =>
        ({ state, tr, dispatch, commands }) => {
          const selected = getSelectedElement(state);
          if (!selected) return false;
          if (selected.kind === 'node') return commands.setAttributes(selected.pos, attrs);
          const mark = (state.selection.$from.marks() as Mark[]).filter((m) => m.attrs.attrs).at(-1);
          if (!mark) return false;
          if (dispatch) {
            tr.removeMark(selected.from, selected.to, mark);
            tr.addMark(selected.from, selected.to, mark.type.create({ ...mark.attrs, attrs: cleanAttrs(attrs) } as Attrs));
          }
          return true;
        },
    };
  },
});

function insertBlockIn(containers: string[], make: (schema: Schema) => PMNode) {
  return (props: CommandProps): boolean => {
    const a = ancestor(props.state.selection.$from, containers);
    if (!a) return insertBlock(make)(props);
    const node = make(props.state.schema);
    for (let i = a.node.childCount; i >= 0; i--) {
      if (a.node.canReplaceWith(i, i, node.type)) {
        let pos = a.pos + 1;
        for (let j = 0; j < i; j++) pos += a.node.child(j).nodeSize;
        return insertAt(props.tr, pos, node, props.dispatch);
      }
    }
    return false;
  };
}

function nodeMark(schema: Schema, name: string, attrs: DitaAttrs): Mark {
  const t = schema.marks[pmName(name)];
  if (!t) throw new Error(`The DITA schema has no mark ${name}`);
  return t.create({ attrs });
}

/** Attribute values from the panel: empty values are removed (an attribute is either set or absent). */
function cleanAttrs(attrs: DitaAttrs): DitaAttrs {
  const out: DitaAttrs = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== '' && v !== undefined) out[k] = v;
  return out;
}

/** A new empty mixed element (a table cell made by "add column", an emptied list item) gets an empty text run to type in. */
/** The ranges of the final document that `trs` changed (widened by one, clamped), in no particular order. */
function changedRanges(trs: readonly Transaction[], doc: PMNode): Array<[number, number]> {
  let ranges: Array<[number, number]> = [];
  for (const tr of trs) {
    if (!tr.docChanged) continue;
    ranges = ranges.map(([f, t]) => [tr.mapping.map(f, -1), tr.mapping.map(t, 1)]);
    tr.mapping.maps.forEach((map, i) => {
      const rest = tr.mapping.slice(i + 1);
      map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
      });
    });
  }
  const size = doc.content.size;
  return ranges.map(([f, t]) => [Math.max(0, Math.min(f, t) - 1), Math.min(size, Math.max(f, t) + 1)]);
}

const fillEmpty = new Plugin({
  key: new PluginKey('ditaFillEmpty'),
  appendTransaction(trs, _old, state) {
    if (!trs.some((t) => t.docChanged)) return null;
    const runType: NodeType | undefined = state.schema.nodes.run;
    if (!runType) return null;
    const mixed = vocabularyOf(state.schema).mixedTypes;
    const empty = new Set<number>();
    // Only where the transactions changed something (typing must not walk a 2,000-line topic).
    for (const [from, to] of changedRanges(trs, state.doc)) {
      state.doc.nodesBetween(from, to, (node, pos) => {
        if (node.childCount === 0 && mixed.has(node.type.name)) empty.add(pos);
        return !node.isTextblock;
      });
    }
    if (empty.size === 0) return null;
    const tr = state.tr;
    for (const pos of [...empty].sort((x, y) => y - x)) tr.insert(pos + 1, runType.create());
    return tr;
  },
});

/** A transaction with this meta makes the conref display ask the resolver again (its answers arrived or changed). */
export const CONREF_REFRESH_META = 'ditaConrefRefresh';

/** The read-only display of a resolved reference: its text and the "open source" action, or the reason it is broken. */
function conrefWidget(resolved: ConrefResolution): HTMLElement {
  const box = document.createElement('span');
  box.setAttribute('contenteditable', 'false');
  if ('problem' in resolved) {
    box.className = 'dita-conref-resolved dita-conref-broken';
    box.textContent = resolved.problem;
    return box;
  }
  box.className = 'dita-conref-resolved';
  box.setAttribute('data-testid', 'conref-resolved');
  box.textContent = resolved.text;
  const open = resolved.open;
  if (open) {
    const link = document.createElement('a');
    link.className = 'dita-conref-open';
    link.textContent = open.label;
    link.setAttribute('role', 'button');
    link.addEventListener('mousedown', (e) => e.preventDefault());
    link.addEventListener('click', (e) => {
      e.preventDefault();
      open.run();
    });
    box.append(' ', link);
  }
  return box;
}

/**
 * Elements with conref/conkeyref are read-only and show the referenced content in place (from
 * the page's resolver); a broken one is underlined with the reason. The decorations are built
 * again only when a reference appears, goes or changes, or the resolver's answers change.
 */
function conrefPlugin(resolvers: DitaResolvers): Plugin {
  type Found = { pos: number; node: PMNode; attrs: DitaAttrs };
  const find = (doc: PMNode): Found[] => {
    const out: Found[] = [];
    doc.descendants((node, pos) => {
      const attrs = node.attrs.attrs as DitaAttrs | undefined;
      if (attrs && (attrs.conref || attrs.conkeyref)) {
        out.push({ pos, node, attrs });
        return false;
      }
      // Text runs and other textblocks hold only inline content: a conref there is an inline atom.
      return !node.isTextblock || node.childCount === 0 || node.content.size !== node.textContent.length;
    });
    return out;
  };
  const build = (doc: PMNode, found: Found[]) => {
    const decos: Decoration[] = [];
    for (const { pos, node, attrs } of found) {
      const resolved = resolvers.resolveConref?.(elementName(node), attrs);
      const broken = resolved && 'problem' in resolved ? resolved.problem : undefined;
      const cls = `dita-conref${node.isInline ? ' dita-conref-inline' : ''}${resolved && !broken ? ' is-resolved' : ''}${broken ? ' te-broken' : ''}`;
      decos.push(
        Decoration.node(
          pos,
          pos + node.nodeSize,
          broken ? { class: cls, contenteditable: 'false', title: broken, 'data-testid': 'broken-ref' } : { class: cls, contenteditable: 'false' },
        ),
      );
      if (!resolved) continue;
      const at = node.isInline || node.isAtom ? pos : pos + 1;
      decos.push(
        Decoration.widget(at, () => conrefWidget(resolved), {
          side: -1,
          ignoreSelection: true,
          stopEvent: () => true,
          key: `${pos}:${attrs.conref ?? attrs.conkeyref}:${'problem' in resolved ? resolved.problem : resolved.text}`,
        }),
      );
    }
    return DecorationSet.create(doc, decos);
  };
  const sameRefs = (a: Found[], b: Found[]) =>
    a.length === b.length &&
    a.every((x, i) => x.attrs.conref === b[i]?.attrs.conref && x.attrs.conkeyref === b[i]?.attrs.conkeyref && x.node.type === b[i]?.node.type);
  const key = new PluginKey<{ found: Found[]; set: DecorationSet }>('ditaConref');
  return new Plugin({
    key,
    state: {
      init: (_c, state) => {
        const found = find(state.doc);
        return { found, set: build(state.doc, found) };
      },
      apply: (tr, old) => {
        if (tr.getMeta(CONREF_REFRESH_META)) {
          const found = find(tr.doc);
          return { found, set: build(tr.doc, found) };
        }
        if (!tr.docChanged) return old;
        // A reference appeared or went only when a changed range holds one, or an old one was deleted.
        let touched = old.found.some((f) => tr.mapping.mapResult(f.pos, 1).deleted || tr.mapping.mapResult(f.pos + f.node.nodeSize, -1).deleted);
        for (const [from, to] of touched ? [] : changedRanges([tr], tr.doc)) {
          tr.doc.nodesBetween(from, to, (node) => {
            const attrs = node.attrs.attrs as DitaAttrs | undefined;
            if (attrs && (attrs.conref || attrs.conkeyref)) touched = true;
            return !touched;
          });
        }
        if (!touched) {
          const moved = old.found.map((f) => {
            const pos = tr.mapping.map(f.pos, 1);
            return { ...f, pos, node: tr.doc.nodeAt(pos) ?? f.node };
          });
          return { found: moved, set: old.set.map(tr.mapping, tr.doc) };
        }
        const found = find(tr.doc);
        if (sameRefs(found, old.found)) return { found, set: old.set.map(tr.mapping, tr.doc) };
        return { found, set: build(tr.doc, found) };
      },
    },
    props: {
      decorations(state) {
        return key.getState(state)?.set;
      },
    },
  });
}

/**
 * The TipTap extensions of the DITA visual view: the schema, the commands the toolbar uses,
 * prosemirror-tables editing for CALS tables, undo history, the conref display, and the drawn
 * structure (step numbers, note labels, placeholders of empty elements).
 */
export function createDitaExtensions(options: DitaEditorOptions = {}): Extensions {
  const plugins = Extension.create({
    name: 'ditaPlugins',
    addProseMirrorPlugins: () => [
      tableEditing({ allowTableNodeSelection: false }),
      fillEmpty,
      conrefPlugin(options),
      structurePlugin(options.lang),
      applicPreviewPlugin(),
      ...(options.history === false ? [] : [history()]),
    ],
    addKeyboardShortcuts() {
      const keys: Record<string, () => boolean> = {};
      if (options.history === false) return keys;
      return {
        'Mod-z': () => undo(this.editor.state, this.editor.view.dispatch),
        'Mod-y': () => redo(this.editor.state, this.editor.view.dispatch),
        'Shift-Mod-z': () => redo(this.editor.state, this.editor.view.dispatch),
      };
    },
  });
  return [...schemaExtensions(options, options.vocabulary), DitaCommands, plugins];
}
