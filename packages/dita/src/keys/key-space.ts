import type { XmlElement, XmlNode } from '../xml/xml-dom.js';
import { childElements, firstChild, textContent } from '../xml/xml-dom.js';

export type LinkScope = 'local' | 'peer' | 'external';

/** One key bound by a topicref/keydef. */
export interface KeyDefinition {
  key: string;
  element: XmlElement;
  mapFile: string;
  /** Root-relative file path (local) or the URL (peer/external); undefined for a text-only key. */
  href?: string;
  fragment?: string;
  scope: LinkScope;
  format?: string;
  processingRole: 'normal' | 'resource-only';
  /** The scope the definition sits in: where its own @keyref is resolved. */
  owner?: KeyScope;
  /** For a definition with @keyref: the effective definition it refers to (its resources fill what this one lacks). */
  via?: KeyDefinition;
}

/** A key scope: the map root, or a topicref/map with @keyscope. */
export class KeyScope {
  readonly names: string[];
  readonly parent: KeyScope | undefined;
  readonly children: KeyScope[] = [];
  /** Effective definitions in this scope, including qualified keys of child scopes. */
  readonly table = new Map<string, KeyDefinition>();
  /** Ordered items, filled while reading the map; turned into `table` by `finish`. */
  readonly items: KeyScopeItem[] = [];

  constructor(names: string[], parent?: KeyScope) {
    this.names = names;
    this.parent = parent;
    parent?.children.push(this);
  }

  /**
   * DITA 1.3 key scope precedence (2.3.4.3): ancestors win over the scope itself, the farthest
   * first. An ancestor's definition of the name qualified down to this scope ("outer.inner.v"
   * at the root, for "v" in inner) wins over its unqualified one; a qualified entry that is this
   * scope's own key (or a descendant's) seen from above is not an ancestor's definition.
   */
  resolve(key: string): KeyDefinition | undefined {
    if (this.parent === undefined) return this.table.get(key);
    const chain: KeyScope[] = [];
    for (let s: KeyScope | undefined = this; s !== undefined; s = s.parent) chain.unshift(s);
    for (let i = 0; i < chain.length - 1; i++) {
      const ancestor = chain[i] as KeyScope;
      for (const name of qualifiedNames(chain.slice(i + 1), key)) {
        const def = ancestor.table.get(name);
        if (def !== undefined && !this.holds(def.owner)) return def;
      }
      const own = ancestor.table.get(key);
      if (own !== undefined && !this.holds(own.owner)) return own;
    }
    return this.table.get(key);
  }

  /** Whether a scope is this one or inside it. */
  private holds(scope: KeyScope | undefined): boolean {
    for (let s = scope; s !== undefined; s = s.parent) if (s === this) return true;
    return false;
  }

  /** A readable path for messages, e.g. "root > A > A-1". */
  private cachedPath: string | undefined;

  get path(): string {
    if (this.cachedPath === undefined) {
      const parts: string[] = [];
      for (let s: KeyScope | undefined = this; s !== undefined; s = s.parent) parts.unshift(s.names[0] ?? '(root)');
      this.cachedPath = parts.join(' > ');
    }
    return this.cachedPath;
  }
}

/** "key" qualified by every combination of the scopes' names, outermost first: a.b.key, alias.b.key, ... */
function qualifiedNames(scopes: readonly KeyScope[], key: string): string[] {
  let out = [key];
  for (let i = scopes.length - 1; i >= 0; i--) out = (scopes[i] as KeyScope).names.flatMap((n) => out.map((k) => `${n}.${k}`));
  return out;
}

/** What a scope holds, in document order: definitions, child scopes, submaps (breadth-first). */
export type KeyScopeItem = { kind: 'def'; def: KeyDefinition } | { kind: 'scope'; scope: KeyScope } | { kind: 'submap'; items: KeyScopeItem[] };

/** Builds every scope's table: breadth-first over submaps, first definition wins, child scopes at their position. */
export function finishKeyScopes(root: KeyScope): void {
  const build = (scope: KeyScope): void => {
    for (const c of scope.children) build(c);
    const queue: KeyScopeItem[][] = [scope.items];
    while (queue.length > 0) {
      const list = queue.shift();
      if (list === undefined) break;
      for (const item of list) {
        if (item.kind === 'def') {
          if (!scope.table.has(item.def.key)) scope.table.set(item.def.key, item.def);
        } else if (item.kind === 'scope') {
          for (const name of item.scope.names) {
            for (const [k, d] of item.scope.table) {
              const q = `${name}.${k}`;
              if (!scope.table.has(q)) scope.table.set(q, d);
            }
          }
        } else queue.push(item.items);
      }
    }
  };
  build(root);
}

/** A definition, then the definitions its @keyref chain leads to (DITA 1.3 2.3.4.4: the referencing one wins). */
function* keyChain(def: KeyDefinition): Generator<KeyDefinition> {
  for (let d: KeyDefinition | undefined = def; d !== undefined; d = d.via) yield d;
}

function metaText(def: KeyDefinition, names: readonly string[]): XmlNode[] | undefined {
  for (const d of keyChain(def)) {
    const meta = firstChild(d.element, 'topicmeta');
    for (const name of names) {
      if (meta === undefined) break;
      if (name === 'keyword') {
        const keywords = firstChild(meta, 'keywords');
        const kw = keywords !== undefined ? firstChild(keywords, 'keyword') : undefined;
        if (kw !== undefined) return kw.children;
        continue;
      }
      const el = firstChild(meta, name);
      if (el !== undefined) return el.children;
    }
    const navAttr = d.element.attrs.navtitle;
    if (navAttr && names.includes('navtitle')) return [{ type: 'text', text: navAttr }];
  }
  return undefined;
}

/** The key's text for variable text (ph, keyword, term ...): keywords/keyword, then linktext, then navtitle. */
export function keyVariableContent(def: KeyDefinition): XmlNode[] | undefined {
  return metaText(def, ['keyword', 'linktext', 'navtitle']);
}

/** Elements that are also direct children of topicmeta (DITA 1.3, 2.3.4.9 rule 1). */
const TOPICMETA_CHILDREN = new Set([
  'author',
  'source',
  'publisher',
  'copyright',
  'critdates',
  'permissions',
  'audience',
  'category',
  'prodinfo',
  'othermeta',
  'resourceid',
  'searchtitle',
  'data',
  'data-about',
  'linktext',
  'navtitle',
  'shortdesc',
]);

/**
 * The effective content an empty element with @keyref takes from the key (DITA 1.3, 2.3.4.9):
 * an element that is also a direct child of topicmeta takes the first such child (an empty
 * <author keyref="k"/> takes topicmeta/author); any other takes the variable text (keywords/
 * keyword, then linktext, then navtitle).
 */
export function keyTextFor(def: KeyDefinition, elementName: string): XmlNode[] | undefined {
  if (TOPICMETA_CHILDREN.has(elementName)) {
    const own = metaText(def, [elementName]);
    if (own !== undefined) return own;
  }
  return keyVariableContent(def);
}

/** The key's link text (xref, link): linktext, then navtitle. */
export function keyLinkText(def: KeyDefinition): XmlNode[] | undefined {
  return metaText(def, ['linktext', 'navtitle']);
}

/** The key's navigation title: topicmeta/navtitle, then @navtitle, along the key chain. */
export function keyNavtitle(def: KeyDefinition): string | undefined {
  const nodes = metaText(def, ['navtitle']);
  if (nodes === undefined) return undefined;
  const text = nodes.map((n) => (n.type === 'element' ? textContent(n) : n.type === 'text' ? n.text : '')).join('');
  return text.replace(/\s+/g, ' ').trim() || undefined;
}

export function keyShortdesc(def: KeyDefinition): string | undefined {
  for (const d of keyChain(def)) {
    const meta = firstChild(d.element, 'topicmeta');
    const sd = meta !== undefined ? firstChild(meta, 'shortdesc') : undefined;
    if (sd !== undefined) return textContent(sd).trim();
  }
  return undefined;
}

/** The key a definition refers to through its own @keyref, if any (an empty @keyref is no key). */
export function definitionKeyref(def: KeyDefinition): string | undefined {
  const ref = def.element.attrs.keyref?.trim();
  if (!ref) return undefined;
  const slash = ref.indexOf('/');
  return slash >= 0 ? ref.slice(0, slash) : ref;
}

export interface KeyChainProblem {
  code: 'key-undefined' | 'key-loop';
  message: string;
  def: KeyDefinition;
}

/**
 * Resolves keys defined through keys (<keydef keys="a" keyref="b"/>): each such definition takes the
 * resources of the effective definition of "b" for what it does not set itself (href, scope, format, text),
 * following chains and refusing loops (DITA 1.3 2.3.4.4 "Processing key references on key definitions").
 */
export function resolveKeyChains(root: KeyScope): KeyChainProblem[] {
  const problems: KeyChainProblem[] = [];
  const done = new Set<KeyDefinition>();
  const settle = (def: KeyDefinition, path: KeyDefinition[]): void => {
    if (done.has(def)) return;
    const ref = definitionKeyref(def);
    if (ref === undefined) {
      done.add(def);
      return;
    }
    if (path.includes(def)) {
      const names = [...path.slice(path.indexOf(def)), def].map((d) => d.key);
      problems.push({ code: 'key-loop', message: `Key reference loop: ${names.join(' -> ')}`, def });
      // Every key of the loop stays text-only: none can lead anywhere.
      for (const d of path.slice(path.indexOf(def))) done.add(d);
      return;
    }
    const target = (def.owner ?? root).resolve(ref);
    if (target === undefined) {
      problems.push({ code: 'key-undefined', message: `Key "${ref}" is not defined`, def });
      done.add(def);
      return;
    }
    settle(target, [...path, def]);
    if (done.has(def)) return;
    done.add(def);
    def.via = target;
    if (def.href === undefined && target.href !== undefined) {
      def.href = target.href;
      def.scope = target.scope;
      if (def.fragment === undefined && target.fragment !== undefined) def.fragment = target.fragment;
      if (def.format === undefined && target.format !== undefined) def.format = target.format;
    }
  };
  for (const scope of allScopes(root)) for (const def of scope.table.values()) settle(def, []);
  return problems;
}

/** All keys visible from a scope, for listings (server key lists). */
export function listKeys(scope: KeyScope): Map<string, KeyDefinition> {
  const out = new Map<string, KeyDefinition>();
  const chain: KeyScope[] = [];
  for (let s: KeyScope | undefined = scope; s !== undefined; s = s.parent) chain.unshift(s);
  for (const s of chain) for (const [k, d] of s.table) if (!out.has(k)) out.set(k, d);
  return out;
}

export function* allScopes(root: KeyScope): Generator<KeyScope> {
  yield root;
  for (const c of root.children) yield* allScopes(c);
}

export function topicmetaChildren(el: XmlElement): XmlElement[] {
  const meta = firstChild(el, 'topicmeta');
  return meta === undefined ? [] : [...childElements(meta)];
}
