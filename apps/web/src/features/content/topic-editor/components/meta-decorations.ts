import { Extension } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { DecorationSet } from '@tiptap/pm/view';

/**
 * An editor extension that draws decorations from answers handed to it in a transaction's meta
 * (`tr.setMeta(name, value)`): each answer redraws them over the current document, and edits in
 * between only map them along until the next answer. Decorations only, nothing is written.
 */
export function metaDecorations<T>(name: string, decorate: (doc: PMNode, value: T) => DecorationSet) {
  const key = new PluginKey<DecorationSet>(name);
  return Extension.create({
    name,
    addProseMirrorPlugins() {
      return [
        new Plugin<DecorationSet>({
          key,
          state: {
            init: () => DecorationSet.empty,
            apply(tr, set, _old, state) {
              const next = tr.getMeta(name) as T | undefined;
              if (next !== undefined) return decorate(state.doc, next);
              return tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
            },
          },
          props: { decorations: (state) => key.getState(state) },
        }),
      ];
    },
  });
}
