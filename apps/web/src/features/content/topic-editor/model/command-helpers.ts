import type { CommandProps } from '@tiptap/core';
import type { Mark, Node as PMNode, ResolvedPos, Schema } from '@tiptap/pm/model';
import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import { pmName } from './elements';
import type { DitaAttrs } from './extensions/attrs';
import { nodeType } from './to-editor';

/** The building blocks of the visual view's commands (editor.ts): new nodes, and where a new node may go. */

export function el(schema: Schema, name: string, attrs: DitaAttrs = {}, content?: PMNode[] | PMNode): PMNode {
  const type = nodeType(schema, pmName(name));
  return type.createAndFill({ attrs }, content) ?? type.create({ attrs }, content);
}

export function run(schema: Schema, text?: string): PMNode {
  return nodeType(schema, 'run').create(null, text ? schema.text(text) : null);
}

export function p(schema: Schema, text?: string): PMNode {
  return nodeType(schema, 'p').create({ attrs: {} }, text ? schema.text(text) : null);
}

/** Inserts a block after the innermost ancestor where it is allowed, and puts the cursor in it. */
export function insertBlock(make: (schema: Schema) => PMNode, allowedIn?: (parent: PMNode) => boolean) {
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

export function insertAt(tr: Transaction, pos: number, node: PMNode, dispatch: CommandProps['dispatch']): boolean {
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
export function ancestor($pos: ResolvedPos, names: string[]): { node: PMNode; depth: number; pos: number } | null {
  for (let d = $pos.depth; d > 0; d--) {
    const node = $pos.node(d);
    if (names.includes(node.type.name)) return { node, depth: d, pos: $pos.before(d) };
  }
  return null;
}

/** Inserts a node of `name` after the innermost ancestor of type `after` (or inside `container`). */
export function insertSibling(after: string[], make: (schema: Schema) => PMNode) {
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
export function appendChild(to: string[], make: (schema: Schema) => PMNode) {
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

export function step(schema: Schema, name: 'step' | 'substep' = 'step'): PMNode {
  return el(schema, name, {}, [el(schema, 'cmd')]);
}

export function insertBlockIn(containers: string[], make: (schema: Schema) => PMNode) {
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

export function nodeMark(schema: Schema, name: string, attrs: DitaAttrs): Mark {
  const t = schema.marks[pmName(name)];
  if (!t) throw new Error(`The DITA schema has no mark ${name}`);
  return t.create({ attrs });
}
