import { type CommandProps, Extension, type Extensions } from '@tiptap/core';
import { history, redo, undo } from '@tiptap/pm/history';
import type { Attrs, Mark, NodeType, Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { addColumnAfter, addColumnBefore, addRowAfter, addRowBefore, deleteColumn, deleteRow, mergeCells, splitCell, tableEditing } from '@tiptap/pm/tables';
import { addApplicToGroup, applicXml, type NewApplic } from './applic-new';
import { applicPreviewPlugin } from './applic-preview';
import { ataElementOfInsert } from './ata2300-insert';
import { changedRanges } from './changed-ranges';
import { ancestor, appendChild, el, insertAt, insertBlock, insertBlockIn, insertSibling, nodeMark, p, run, step } from './command-helpers';
import { conrefPlugin } from './conref-display';
import { ELEMENT_BY_PM_NAME, pmName } from './elements';
import type { DitaAttrs } from './extensions/attrs';
import type { DitaResolvers } from './extensions/special';
import { profileTemplate } from './profile-vocabulary';
import { type Allows, applicTargetAt, elementOfInsert, elementTemplate, figureWithGraphic } from './s1000d-insert';
import { schemaExtensions } from './schema';
import { getSelectedElement } from './selected-element';
import { structurePlugin } from './structure-view';
import { calsTable, simpleColumn, simpleRow, simpletable, tableCommand, toggleHeadRow } from './table-commands';
import { nodeType } from './to-editor';
import { type EditorVocabulary, vocabularyOf } from './vocabulary';

export type { ConrefResolution, DitaResolvers } from './extensions/special';

export interface DitaEditorOptions extends DitaResolvers {
  /** The vocabulary of the file's standard (DITA's by default). */
  vocabulary?: EditorVocabulary;
  /** Keep the undo history (default true). */
  history?: boolean;
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

/** Attribute values from the panel: empty values are removed (an attribute is either set or absent). */
function cleanAttrs(attrs: DitaAttrs): DitaAttrs {
  const out: DitaAttrs = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== '' && v !== undefined) out[k] = v;
  return out;
}

/** A new empty mixed element (a table cell made by "add column", an emptied list item) gets an empty text run to type in. */
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
