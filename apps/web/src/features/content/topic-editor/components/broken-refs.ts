import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { brokenReason } from './use-reference-resolvers';

const key = new PluginKey<DecorationSet>('ditaBrokenRefs');

/** The transaction meta that hands the plugin a new list of problems. */
export const BROKEN_REFS_META = 'ditaBrokenRefs';

/**
 * Underlines references the structure check found broken (code ref.broken), with the reason as
 * the tooltip: a node whose href, keyref, conref or conkeyref the problem names.
 */
export const BrokenRefs = Extension.create({
  name: 'ditaBrokenRefs',
  addProseMirrorPlugins() {
    const decorate = (doc: Parameters<typeof DecorationSet.create>[0], problems: readonly EditorProblem[]) => {
      if (!problems.some((p) => p.code === 'ref.broken')) return DecorationSet.empty;
      const decorations: Decoration[] = [];
      doc.descendants((node, pos) => {
        const attrs = node.attrs.attrs as Record<string, string> | undefined;
        const reason = attrs ? brokenReason(attrs, problems) : undefined;
        if (reason) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: 'te-broken', title: reason, 'data-testid': 'broken-ref' }));
        return true;
      });
      return DecorationSet.create(doc, decorations);
    };
    let problems: readonly EditorProblem[] = [];
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set, _old, state) {
            const next = tr.getMeta(BROKEN_REFS_META) as readonly EditorProblem[] | undefined;
            if (next) {
              problems = next;
              return decorate(state.doc, problems);
            }
            return tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
          },
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});
