import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { changedRanges } from './changed-ranges';
import type { DitaAttrs } from './extensions/attrs';
import type { ConrefResolution, DitaResolvers } from './extensions/special';
import { elementName } from './selected-element';

/** A transaction with this meta makes the conref display ask the resolver again (its answers arrived or changed). */
export const CONREF_REFRESH_META = 'ditaConrefRefresh';

/** The read-only display of a resolved reference: its text and the "open source" action, or the reason it is broken. */
function conrefWidget(resolved: ConrefResolution): HTMLElement {
  const box = document.createElement('span');
  box.setAttribute('contenteditable', 'false');
  if ('problem' in resolved) {
    box.className = 'dita-conref-resolved dita-conref-broken';
    box.textContent = resolved.problem;
    return box;
  }
  box.className = 'dita-conref-resolved';
  box.setAttribute('data-testid', 'conref-resolved');
  box.textContent = resolved.text;
  const open = resolved.open;
  if (open) {
    const link = document.createElement('a');
    link.className = 'dita-conref-open';
    link.textContent = open.label;
    link.setAttribute('role', 'button');
    link.addEventListener('mousedown', (e) => e.preventDefault());
    link.addEventListener('click', (e) => {
      e.preventDefault();
      open.run();
    });
    box.append(' ', link);
  }
  return box;
}

/**
 * Elements with conref/conkeyref are read-only and show the referenced content in place (from
 * the page's resolver); a broken one is underlined with the reason. The decorations are built
 * again only when a reference appears, goes or changes, or the resolver's answers change.
 */
export function conrefPlugin(resolvers: DitaResolvers): Plugin {
  type Found = { pos: number; node: PMNode; attrs: DitaAttrs };
  const find = (doc: PMNode): Found[] => {
    const out: Found[] = [];
    doc.descendants((node, pos) => {
      const attrs = node.attrs.attrs as DitaAttrs | undefined;
      if (attrs && (attrs.conref || attrs.conkeyref)) {
        out.push({ pos, node, attrs });
        return false;
      }
      // Text runs and other textblocks hold only inline content: a conref there is an inline atom.
      return !node.isTextblock || node.childCount === 0 || node.content.size !== node.textContent.length;
    });
    return out;
  };
  const build = (doc: PMNode, found: Found[]) => {
    const decos: Decoration[] = [];
    for (const { pos, node, attrs } of found) {
      const resolved = resolvers.resolveConref?.(elementName(node), attrs);
      const broken = resolved && 'problem' in resolved ? resolved.problem : undefined;
      const cls = `dita-conref${node.isInline ? ' dita-conref-inline' : ''}${resolved && !broken ? ' is-resolved' : ''}${broken ? ' te-broken' : ''}`;
      decos.push(
        Decoration.node(
          pos,
          pos + node.nodeSize,
          broken ? { class: cls, contenteditable: 'false', title: broken, 'data-testid': 'broken-ref' } : { class: cls, contenteditable: 'false' },
        ),
      );
      if (!resolved) continue;
      const at = node.isInline || node.isAtom ? pos : pos + 1;
      decos.push(
        Decoration.widget(at, () => conrefWidget(resolved), {
          side: -1,
          ignoreSelection: true,
          stopEvent: () => true,
          key: `${pos}:${attrs.conref ?? attrs.conkeyref}:${'problem' in resolved ? resolved.problem : resolved.text}`,
        }),
      );
    }
    return DecorationSet.create(doc, decos);
  };
  const sameRefs = (a: Found[], b: Found[]) =>
    a.length === b.length &&
    a.every((x, i) => x.attrs.conref === b[i]?.attrs.conref && x.attrs.conkeyref === b[i]?.attrs.conkeyref && x.node.type === b[i]?.node.type);
  const key = new PluginKey<{ found: Found[]; set: DecorationSet }>('ditaConref');
  return new Plugin({
    key,
    state: {
      init: (_c, state) => {
        const found = find(state.doc);
        return { found, set: build(state.doc, found) };
      },
      apply: (tr, old) => {
        if (tr.getMeta(CONREF_REFRESH_META)) {
          const found = find(tr.doc);
          return { found, set: build(tr.doc, found) };
        }
        if (!tr.docChanged) return old;
        // A reference appeared or went only when a changed range holds one, or an old one was deleted.
        let touched = old.found.some((f) => tr.mapping.mapResult(f.pos, 1).deleted || tr.mapping.mapResult(f.pos + f.node.nodeSize, -1).deleted);
        for (const [from, to] of touched ? [] : changedRanges([tr], tr.doc)) {
          tr.doc.nodesBetween(from, to, (node) => {
            const attrs = node.attrs.attrs as DitaAttrs | undefined;
            if (attrs && (attrs.conref || attrs.conkeyref)) touched = true;
            return !touched;
          });
        }
        if (!touched) {
          const moved = old.found.map((f) => {
            const pos = tr.mapping.map(f.pos, 1);
            return { ...f, pos, node: tr.doc.nodeAt(pos) ?? f.node };
          });
          return { found: moved, set: old.set.map(tr.mapping, tr.doc) };
        }
        const found = find(tr.doc);
        if (sameRefs(found, old.found)) return { found, set: old.set.map(tr.mapping, tr.doc) };
        return { found, set: build(tr.doc, found) };
      },
    },
    props: {
      decorations(state) {
        return key.getState(state)?.set;
      },
    },
  });
}
