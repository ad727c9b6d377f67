import { childElements, type XmlElement } from '../xml.js';

/**
 * What an editor completes from an S1000D schema (one flat XSD: proced.xsd, descript.xsd, ...):
 * for each element the schema declares, the elements allowed as its children (in the order the
 * content model names them), its attributes with their enumerated values, and whether text may
 * appear in it. Derived from the XSD itself: named and anonymous complex types, model groups,
 * attribute groups, extensions and restrictions of a base type.
 */
export interface GrammarAttribute {
  name: string;
  /** The enumeration of its simple type, when it has one. */
  values?: string[];
  required?: boolean;
}

export interface GrammarElement {
  children: string[];
  attributes: GrammarAttribute[];
  /** Text allowed directly in it (mixed or simple content). */
  text: boolean;
}

export interface SchemaGrammar {
  /** The root element of objects of this schema (dmodule, pm, ...). */
  roots: string[];
  elements: Record<string, GrammarElement>;
}

type Defs = Map<string, XmlElement>;

const local = (name: string) => name.replace(/^.*:/, '');

/** The S1000D flat XSD parsed (package xml.ts) as a grammar for completion. */
export function grammarOfXsd(schema: XmlElement): SchemaGrammar {
  const elements: Defs = new Map();
  const types: Defs = new Map();
  const simpleTypes: Defs = new Map();
  const groups: Defs = new Map();
  const attrGroups: Defs = new Map();
  const attributes: Defs = new Map();
  for (const c of childElements(schema)) {
    const name = c.attrs.name;
    if (!name) continue;
    const kind = local(c.name);
    if (kind === 'element') elements.set(name, c);
    else if (kind === 'complexType') types.set(name, c);
    else if (kind === 'simpleType') simpleTypes.set(name, c);
    else if (kind === 'group') groups.set(name, c);
    else if (kind === 'attributeGroup') attrGroups.set(name, c);
    else if (kind === 'attribute') attributes.set(name, c);
  }

  const enumOf = (simple: XmlElement | undefined, seen = new Set<string>()): string[] | undefined => {
    if (!simple) return undefined;
    const values: string[] = [];
    const walk = (el: XmlElement) => {
      for (const c of childElements(el)) {
        const k = local(c.name);
        if (k === 'enumeration' && c.attrs.value !== undefined) values.push(c.attrs.value);
        else if (k === 'restriction' && c.attrs.base && !c.attrs.base.startsWith('xs:') && !seen.has(c.attrs.base)) {
          seen.add(c.attrs.base);
          values.push(...(enumOf(simpleTypes.get(local(c.attrs.base)), seen) ?? []));
          walk(c);
        } else if (k === 'union') {
          for (const m of (c.attrs.memberTypes ?? '').split(/\s+/).filter(Boolean)) values.push(...(enumOf(simpleTypes.get(local(m)), seen) ?? []));
          walk(c);
        } else walk(c);
      }
    };
    walk(simple);
    return values.length > 0 ? [...new Set(values)] : undefined;
  };

  const attributeOf = (a: XmlElement): GrammarAttribute | undefined => {
    const ref = a.attrs.ref;
    const decl = ref ? attributes.get(local(ref)) : a;
    const name = ref ? (ref.includes(':') ? ref : local(ref)) : a.attrs.name;
    if (!name) return undefined;
    let values: string[] | undefined;
    if (decl) {
      const inline = childElements(decl).find((c) => local(c.name) === 'simpleType');
      values = inline ? enumOf(inline) : decl.attrs.type && !decl.attrs.type.startsWith('xs:') ? enumOf(simpleTypes.get(local(decl.attrs.type))) : undefined;
    }
    return { name, ...(values ? { values } : {}), ...(a.attrs.use === 'required' ? { required: true } : {}) };
  };

  const cache = new Map<string, GrammarElement>();
  const describeType = (type: XmlElement, seenTypes: Set<string>): GrammarElement => {
    const children: string[] = [];
    const attrs: GrammarAttribute[] = [];
    let text = type.attrs.mixed === 'true';
    const seenGroups = new Set<string>();
    const walk = (el: XmlElement) => {
      for (const c of childElements(el)) {
        const k = local(c.name);
        if (k === 'element') {
          const n = c.attrs.ref ? local(c.attrs.ref) : c.attrs.name;
          if (n && !children.includes(n)) children.push(n);
        } else if (k === 'group' && c.attrs.ref) {
          const g = local(c.attrs.ref);
          if (!seenGroups.has(g)) {
            seenGroups.add(g);
            const def = groups.get(g);
            if (def) walk(def);
          }
        } else if (k === 'attribute') {
          const a = attributeOf(c);
          if (a && !attrs.some((x) => x.name === a.name)) attrs.push(a);
        } else if (k === 'attributeGroup' && c.attrs.ref) {
          const g = local(c.attrs.ref);
          if (!seenGroups.has(`@${g}`)) {
            seenGroups.add(`@${g}`);
            const def = attrGroups.get(g);
            if (def) walk(def);
          }
        } else if (k === 'simpleContent') {
          text = true;
          walk(c);
        } else if (k === 'complexContent') {
          if (c.attrs.mixed === 'true') text = true;
          walk(c);
        } else if ((k === 'extension' || k === 'restriction') && c.attrs.base) {
          const base = local(c.attrs.base);
          if (k === 'extension' && types.has(base) && !seenTypes.has(base)) {
            const inherited = describeType(types.get(base) as XmlElement, new Set([...seenTypes, base]));
            for (const n of inherited.children) if (!children.includes(n)) children.push(n);
            for (const a of inherited.attributes) if (!attrs.some((x) => x.name === a.name)) attrs.push(a);
            text ||= inherited.text;
          } else if (!types.has(base)) text = true;
          walk(c);
        } else if (k === 'sequence' || k === 'choice' || k === 'all') walk(c);
      }
    };
    walk(type);
    return { children, attributes: attrs, text };
  };

  const describe = (name: string): GrammarElement => {
    const known = cache.get(name);
    if (known) return known;
    const el = elements.get(name);
    let out: GrammarElement = { children: [], attributes: [], text: false };
    if (el) {
      const inline = childElements(el).find((c) => local(c.name) === 'complexType');
      const typeName = el.attrs.type ? local(el.attrs.type) : undefined;
      if (inline) out = describeType(inline, new Set());
      else if (typeName && types.has(typeName)) out = describeType(types.get(typeName) as XmlElement, new Set([typeName]));
      else out = { children: [], attributes: [], text: true };
    }
    cache.set(name, out);
    return out;
  };

  const all: Record<string, GrammarElement> = {};
  for (const name of [...elements.keys()].sort()) all[name] = describe(name);
  // The roots: declared elements no other element names as a child.
  const named = new Set(Object.values(all).flatMap((e) => e.children));
  const roots = Object.keys(all).filter((n) => !named.has(n));
  return { roots, elements: all };
}
