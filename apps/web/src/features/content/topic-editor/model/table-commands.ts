import type { CommandProps } from '@tiptap/core';
import type { Node as PMNode, Schema } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { isInTable } from '@tiptap/pm/tables';
import { ancestor, insertAt, run } from './command-helpers';
import { nodeType } from './to-editor';

/** The table commands of the visual view: CALS tables through prosemirror-tables, simpletables by index arithmetic. */

export function calsTable(schema: Schema, rows: number, cols: number, header: boolean): PMNode {
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

export function simpletable(schema: Schema, rows: number, cols: number): PMNode {
  const entry = () => nodeType(schema, 'stentry').create({ attrs: {} }, run(schema));
  const row = (name: string) => nodeType(schema, name).create({ attrs: {} }, Array.from({ length: cols }, entry));
  return nodeType(schema, 'simpletable').create(
    { attrs: {} },
    Array.from({ length: rows }, () => row('strow')),
  );
}

/** A table command: prosemirror-tables for CALS tables, the simpletable variant otherwise. */
export function tableCommand(cals: (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean, simple: (props: CommandProps) => boolean) {
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
export function simpleRow(op: 'add-before' | 'add-after' | 'delete') {
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

export function simpleColumn(op: 'add-before' | 'add-after' | 'delete') {
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

export function toggleHeadRow({ state, tr, dispatch }: CommandProps): boolean {
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
