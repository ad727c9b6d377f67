import type { EditorTargetRow } from '@ccms/contracts/content/topic-editor-pickers';
import type { Editor } from '@tiptap/core';
import { getSelectedElement } from '../model/selected-element';
import { allowedChildren } from '../source/dita-grammar';

/** Why a content reference's target cannot go at the cursor: the element at the cursor, which does not allow the target's element. */
export interface ConrefRefusal {
  element: string;
  at: string;
}

/** Whether an element of a conref's target's type may be inserted at the cursor (null: yes). */
export type ConrefFit = (element: string) => ConrefRefusal | null;

/** A picker row with why it cannot go at the cursor (null when it can). */
export interface ConrefChoice {
  row: EditorTargetRow;
  refusal: ConrefRefusal | null;
}

/**
 * The conref picker's rows: the targets whose element may go at the cursor first (DITA inserts an
 * element of the target's own type, `<li conref>` for an `<li>`), then those that cannot, each
 * with why; search order kept within each.
 */
export function conrefChoices(rows: readonly EditorTargetRow[], fit: ConrefFit | undefined): ConrefChoice[] {
  const choices = rows.filter((r) => r.elementId !== null).map((row) => ({ row, refusal: fit ? fit(row.element) : null }));
  return [...choices.filter((c) => c.refusal === null), ...choices.filter((c) => c.refusal !== null)];
}

/** In the visual view: what the model's insertConref command can do at the cursor (the schema's content model). */
export function visualConrefFit(editor: Editor): ConrefFit {
  const at = getSelectedElement(editor.state)?.name ?? editor.state.selection.$from.parent.type.name;
  return (element) => (editor.can().insertConref({ conref: '#fit', element }) ? null : { element, at });
}

/** In the source view: the DITA grammar's children of the element the cursor is in (an element the grammar does not know refuses nothing). */
export function sourceConrefFit(cursorElement: string | undefined): ConrefFit {
  const allowed = cursorElement ? allowedChildren(cursorElement) : [];
  return (element) => (!cursorElement || allowed.length === 0 || allowed.includes(element) ? null : { element, at: cursorElement });
}
