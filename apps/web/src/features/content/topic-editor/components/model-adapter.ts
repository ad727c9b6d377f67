import { type Editor, Extension, type Extensions } from '@tiptap/core';
import { history, redo, undo } from '@tiptap/pm/history';
import type { Node as PMNode } from '@tiptap/pm/model';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, mergeCells, splitCell, tableEditing, toggleHeaderRow } from '@tiptap/pm/tables';
import { ditaName, NOTE_TYPES, pmName } from '../model/elements';
import type { DitaResolvers } from '../model/extensions/special';
import { schemaExtensions } from '../model/schema';
import type { SelectedElement } from './AttributesPanel';

export type { DitaResolvers };
/**
 * The page's side of the visual view, on the model's schema (model/README.md): the extensions
 * with undo history and table editing, the element at the cursor, attribute changes, and the
 * toolbar's commands. Block commands insert the model's element filled to its content
 * expression (a new step comes with its cmd); phrase commands toggle the element's mark.
 */
export { NOTE_TYPES };

const Behaviour = Extension.create({
  name: 'ditaEditing',
  addProseMirrorPlugins: () => [history(), tableEditing()],
  addKeyboardShortcuts() {
    return {
      'Mod-z': () => undo(this.editor.state, this.editor.view.dispatch),
      'Mod-y': () => redo(this.editor.state, this.editor.view.dispatch),
      'Shift-Mod-z': () => redo(this.editor.state, this.editor.view.dispatch),
    };
  },
});

export function createDitaExtensions(resolvers: DitaResolvers = {}): Extensions {
  return [...schemaExtensions(resolvers), Behaviour];
}

/** Block elements the toolbar inserts. */
const BLOCKS = [
  'p',
  'section',
  'fig',
  'codeblock',
  'ul',
  'ol',
  'sl',
  'dl',
  'note',
  'simpletable',
  'table',
  'step',
  'substeps',
  'choices',
  'info',
  'stepresult',
];
/** Phrase elements the toolbar toggles (marks), by toolbar id. */
const PHRASES: Record<string, string> = {
  bold: 'b',
  italic: 'i',
  underline: 'u',
  sup: 'sup',
  sub: 'sub',
  codeph: 'codeph',
  uicontrol: 'uicontrol',
  wintitle: 'wintitle',
  filepath: 'filepath',
  term: 'term',
  keyword: 'keyword',
  ph: 'ph',
};
const TABLE_OPS = { addRowAfter, addColumnAfter, deleteRow, deleteColumn, mergeCells, splitCell, toggleHeaderRow } as const;

export type DitaCommand = 'undo' | 'redo' | 'paragraph' | (typeof BLOCKS)[number] | keyof typeof PHRASES | keyof typeof TABLE_OPS;

/** The element (node or mark) name of a toolbar id: "paragraph" is <p>, "bold" is <b>. */
const elementOf = (command: string) => (command === 'paragraph' ? 'p' : (PHRASES[command] ?? command));

/** Runs a toolbar command at the cursor; false when it does not apply there. */
export function runDitaCommand(editor: Editor, command: DitaCommand, arg?: string): boolean {
  const { state, view } = editor;
  if (command === 'undo') return undo(state, view.dispatch);
  if (command === 'redo') return redo(state, view.dispatch);
  if (command in TABLE_OPS) return TABLE_OPS[command as keyof typeof TABLE_OPS](state, view.dispatch);
  const name = pmName(elementOf(command));
  const markType = state.schema.marks[name];
  if (markType) return editor.chain().focus().toggleMark(name).run();
  const nodeType = state.schema.nodes[name];
  if (!nodeType) return false;
  const attrs = command === 'note' && arg ? { attrs: { type: arg } } : null;
  const node = nodeType.createAndFill(attrs);
  if (!node) return false;
  return editor.chain().focus().insertContent(node.toJSON()).run();
}

/** The innermost node around the cursor made from a DITA element, with its depth. */
function elementAtCursor(editor: Editor): { node: PMNode; pos: number } | null {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    const attrs = node.attrs.attrs as unknown;
    if (attrs && typeof attrs === 'object' && node.type.name !== 'run') return { node, pos: $from.before(depth) };
  }
  return null;
}

/** The element at the cursor: its DITA name and attributes (for the attributes panel). */
export function getSelectedElement(editor: Editor): SelectedElement | null {
  const found = elementAtCursor(editor);
  if (!found) return null;
  return { name: ditaName(found.node.type.name), attrs: { ...(found.node.attrs.attrs as Record<string, string>) } };
}

/** Sets attributes on the element at the cursor; an empty value removes the attribute. Others stay in their order. */
export function setAttributes(editor: Editor, values: Record<string, string>): boolean {
  const found = elementAtCursor(editor);
  if (!found) return false;
  const next: Record<string, string> = { ...(found.node.attrs.attrs as Record<string, string>) };
  for (const [name, value] of Object.entries(values)) {
    if (value) next[name] = value;
    else delete next[name];
  }
  const tr = editor.state.tr.setNodeMarkup(found.pos, undefined, { ...found.node.attrs, attrs: next });
  editor.view.dispatch(tr);
  return true;
}
