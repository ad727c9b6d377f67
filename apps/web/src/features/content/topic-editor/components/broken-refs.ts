import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { metaDecorations } from './meta-decorations';
import { brokenReason } from './use-reference-resolvers';

/** The transaction meta that hands the plugin a new list of problems. */
export const BROKEN_REFS_META = 'ditaBrokenRefs';

function decorate(doc: PMNode, problems: readonly EditorProblem[]): DecorationSet {
  if (!problems.some((p) => p.code === 'ref.broken')) return DecorationSet.empty;
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    const attrs = node.attrs.attrs as Record<string, string> | undefined;
    const reason = attrs ? brokenReason(attrs, problems) : undefined;
    if (reason) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: 'te-broken', title: reason, 'data-testid': 'broken-ref' }));
    return true;
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Underlines references the structure check found broken (code ref.broken), with the reason as
 * the tooltip: a node whose href, keyref, conref or conkeyref the problem names.
 */
export const BrokenRefs = metaDecorations<readonly EditorProblem[]>(BROKEN_REFS_META, decorate);
