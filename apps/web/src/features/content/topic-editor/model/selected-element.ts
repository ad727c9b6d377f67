import type { Mark, Node as PMNode, ResolvedPos } from '@tiptap/pm/model';
import { type EditorState, NodeSelection } from '@tiptap/pm/state';
import type { DitaAttrs } from './extensions/attrs';
import { xmlNameOf } from './vocabulary';

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

export function elementName(node: PMNode): string {
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
