import type { ElementSpec } from '@codemirror/lang-xml';
import { ditaName, ELEMENTS, INLINE_ATOMS, NOTE_TYPES, UNIVERSAL_ATTRIBUTES } from '../model/elements';

/**
 * Allowed children and attributes of the modelled DITA elements, for completion in the source view.
 * Derived from the visual view's content expressions (`model/elements.ts`), so both views agree;
 * a few elements the visual view keeps as islands (prolog, related-links...) are added here.
 */
const MARKS = ELEMENTS.filter((e) => e.kind === 'mark').map((e) => e.name);
const INLINE = [...MARKS, ...INLINE_ATOMS, 'indexterm', 'draft-comment', 'fn', 'data'];
const GROUPS: Record<string, string[]> = {
  block: ELEMENTS.filter((e) => e.group === 'block').map((e) => e.name),
  topiclike: ELEMENTS.filter((e) => e.group === 'topiclike').map((e) => e.name),
  inline: INLINE,
  run: INLINE,
  island: ['draft-comment', 'required-cleanup', 'data', 'div', 'sectiondiv', 'bodydiv'],
};

/** Elements kept as islands in the visual view but common enough to complete. */
const EXTRA_CHILDREN: Record<string, string[]> = {
  topic: ['titlealts', 'abstract', 'prolog', 'related-links'],
  concept: ['titlealts', 'abstract', 'prolog', 'related-links'],
  task: ['titlealts', 'abstract', 'prolog', 'related-links'],
  reference: ['titlealts', 'abstract', 'prolog', 'related-links'],
  troubleshooting: ['titlealts', 'abstract', 'prolog', 'related-links'],
  glossentry: ['prolog', 'glossBody', 'related-links'],
  taskbody: ['steps-informal', 'tasktroubleshooting'],
  refbody: ['properties'],
  tgroup: ['colspec', 'thead', 'tbody'],
  prolog: ['author', 'metadata', 'critdates', 'permissions', 'resourceid'],
  'related-links': ['link', 'linklist', 'linkpool'],
};
const EXTRA_ELEMENTS = new Set(['colspec', 'thead', 'tbody', 'prolog', 'related-links', 'titlealts', 'abstract', 'link']);

function childrenOf(content: string | undefined): string[] {
  if (!content) return [];
  const names = new Set<string>();
  for (const token of content.match(/[A-Za-z_][\w]*/g) ?? []) {
    const group = GROUPS[token];
    if (group) for (const g of group) names.add(g);
    else names.add(ditaName(token));
  }
  names.delete('island');
  return [...names];
}

const ATTRIBUTE_VALUES: Record<string, string[]> = {
  type: NOTE_TYPES,
  importance: ['optional', 'required', 'default', 'high', 'low', 'normal', 'obsolete', 'recommended', 'urgent'],
  scope: ['local', 'peer', 'external'],
  format: ['dita', 'ditamap', 'html', 'pdf'],
  frame: ['all', 'bottom', 'none', 'sides', 'top', 'topbot'],
  translate: ['yes', 'no'],
  'xml:space': ['preserve', 'default'],
  placement: ['inline', 'break'],
  align: ['left', 'right', 'center', 'justify', 'char'],
  valign: ['top', 'middle', 'bottom'],
};

function attributesOf(extra: string[] = []): ElementSpec['attributes'] {
  return [...new Set([...UNIVERSAL_ATTRIBUTES, ...extra])].map((name) => (ATTRIBUTE_VALUES[name] ? { name, values: ATTRIBUTE_VALUES[name] } : name));
}

/** Element names allowed as children of `element` (for tests and the page's insert menus). */
export function allowedChildren(element: string): string[] {
  const def = ELEMENTS.find((e) => e.name === element);
  const base = def?.kind === 'mark' ? INLINE : childrenOf(def?.content);
  return [...new Set([...base, ...(EXTRA_CHILDREN[element] ?? [])])];
}

/** Attribute names allowed on `element`. */
export function allowedAttributes(element: string): string[] {
  const def = ELEMENTS.find((e) => e.name === element);
  return [
    ...new Set([
      ...UNIVERSAL_ATTRIBUTES,
      ...(def?.attributes ?? []),
      ...(element === 'image' ? ['href', 'keyref', 'placement', 'scale', 'height', 'width', 'align'] : []),
    ]),
  ];
}

/** The `@codemirror/lang-xml` element specs of the DITA grammar. */
export function ditaElementSpecs(): ElementSpec[] {
  const specs = new Map<string, ElementSpec>();
  for (const def of ELEMENTS) {
    specs.set(def.name, {
      name: def.name,
      top: def.group === 'topiclike' || def.name === 'dita',
      children: allowedChildren(def.name),
      attributes: attributesOf(allowedAttributes(def.name)),
    });
  }
  specs.set('image', { name: 'image', children: ['alt', 'longdescref'], attributes: attributesOf(allowedAttributes('image')) });
  for (const name of EXTRA_ELEMENTS) {
    if (!specs.has(name))
      specs.set(name, {
        name,
        children: EXTRA_CHILDREN[name] ?? allowedChildren('ph'),
        attributes: attributesOf(
          name === 'colspec' ? ['colname', 'colnum', 'colwidth', 'align'] : name === 'link' ? ['href', 'keyref', 'scope', 'format'] : [],
        ),
      });
  }
  return [...specs.values()];
}
