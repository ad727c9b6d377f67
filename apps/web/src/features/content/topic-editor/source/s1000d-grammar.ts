import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import type { ElementSpec } from '@codemirror/lang-xml';
import { S1000D_ELEMENTS, S1000D_INLINE_ATOMS, S1000D_UNIVERSAL_ATTRIBUTES } from '../model/s1000d-elements';

/**
 * The source view's completion for an S1000D object: the element specs of the installed schema
 * (GET /ccms/topic-editor/grammar, derived from the XSD on the server); before it answers, or with
 * no schema package installed, the visual view's S1000D vocabulary.
 */
export function s1000dElementSpecs(grammar: EditorGrammar | undefined): ElementSpec[] {
  if (grammar && Object.keys(grammar.elements).length > 0) {
    const roots = new Set(grammar.roots);
    return Object.entries(grammar.elements).map(([name, e]) => ({
      name,
      top: roots.has(name),
      children: e.children,
      attributes: e.attributes.map((a) => (a.values ? { name: a.name, values: a.values } : a.name)),
    }));
  }
  const groups: Record<string, string[]> = {
    sblock: S1000D_ELEMENTS.filter((e) => e.group === 'sblock').map((e) => e.name),
    slist: S1000D_ELEMENTS.filter((e) => e.group === 'slist').map((e) => e.name),
    inline: [...S1000D_ELEMENTS.filter((e) => e.kind === 'mark').map((e) => e.name), ...S1000D_INLINE_ATOMS],
  };
  groups.run = groups.inline ?? [];
  const childrenOf = (content: string | undefined) => {
    const names = new Set<string>();
    for (const token of content?.match(/[A-Za-z_]\w*/g) ?? []) for (const n of groups[token] ?? [token]) names.add(n);
    names.delete('island');
    return [...names];
  };
  return S1000D_ELEMENTS.map((def) => ({
    name: def.name,
    top: def.name === 'dmodule',
    children:
      def.kind === 'mark' ? (groups.inline ?? []) : [...childrenOf(def.content), ...(def.mixed || def.kind === 'textblock' ? (groups.inline ?? []) : [])],
    attributes: [...new Set([...S1000D_UNIVERSAL_ATTRIBUTES, ...(def.attributes ?? [])])],
  }));
}
