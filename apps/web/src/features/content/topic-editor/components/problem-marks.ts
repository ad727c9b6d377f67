import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { LineIndex } from '../../shared/lossless-xml';
import { elementPathAtOffset, posOfElementPath } from '../model/element-path';
import { metaDecorations } from './meta-decorations';

/** A problem placed in the visual document: the block it is in, with its message. */
export interface PlacedProblem {
  pos: number;
  message: string;
}

/** The transaction meta that hands the plugin the problems placed in the document. */
export const PROBLEM_MARKS_META = 'ccmsProblemMarks';

/**
 * Where each error of a checked text (line and column in `xml`) is in the visual document: the
 * element the place is in, found by its element path (as the cursor moves between the views).
 */
export function placeProblems(doc: PMNode, xml: string, problems: readonly EditorProblem[]): PlacedProblem[] {
  const errors = problems.filter((p) => p.severity === 'error' && p.line > 0);
  if (errors.length === 0) return [];
  const lines = new LineIndex(xml);
  return errors.map((p) => ({ pos: posOfElementPath(doc, elementPathAtOffset(xml, lines.offsetOf(p.line, p.column))), message: p.message }));
}

/** The innermost block around a position (the element a problem is in). */
function blockAt(doc: PMNode, pos: number): { from: number; to: number } | null {
  const $pos = doc.resolve(Math.min(Math.max(pos, 0), doc.content.size));
  for (let d = $pos.depth; d > 0; d--) {
    const node = $pos.node(d);
    if (node.isBlock && node.type.name !== 'run') return { from: $pos.before(d), to: $pos.after(d) };
  }
  return null;
}

/** Marks the blocks the check's errors are in (red outline, the rule's message on hover): the problems located in the visual view. */
export const ProblemMarks = metaDecorations<PlacedProblem[]>(PROBLEM_MARKS_META, (doc, placed) => {
  const byBlock = new Map<string, { from: number; to: number; messages: string[] }>();
  for (const p of placed) {
    const b = blockAt(doc, p.pos);
    if (!b) continue;
    const k = `${b.from}:${b.to}`;
    const entry = byBlock.get(k) ?? { ...b, messages: [] };
    entry.messages.push(p.message);
    byBlock.set(k, entry);
  }
  return DecorationSet.create(
    doc,
    [...byBlock.values()].map((b) => Decoration.node(b.from, b.to, { class: 'te-problem', title: b.messages.join('\n'), 'data-testid': 'visual-problem' })),
  );
});
