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

  /** Ancestors win over the scope itself (DITA 1.3 key scope precedence). */
  resolve(key: string): KeyDefinition | undefined {
    const fromParent = this.parent?.resolve(key);
    return fromParent ?? this.table.get(key);
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

/** The key's text for variable text (ph, keyword, term ...): keywords/keyword, then linktext, then navtitle. */
export function keyVariableContent(def: KeyDefinition): XmlNode[] | undefined {
  const meta = firstChild(def.element, 'topicmeta');
  if (meta !== undefined) {
    const keywords = firstChild(meta, 'keywords');
    const kw = keywords !== undefined ? firstChild(keywords, 'keyword') : undefined;
    if (kw !== undefined) return kw.children;
    const lt = firstChild(meta, 'linktext');
    if (lt !== undefined) return lt.children;
    const nt = firstChild(meta, 'navtitle');
    if (nt !== undefined) return nt.children;
  }
  const navAttr = def.element.attrs.navtitle;
  if (navAttr) return [{ type: 'text', text: navAttr }];
  return undefined;
}

/** The key's link text (xref, link): linktext, then navtitle. */
export function keyLinkText(def: KeyDefinition): XmlNode[] | undefined {
  const meta = firstChild(def.element, 'topicmeta');
  if (meta !== undefined) {
    const lt = firstChild(meta, 'linktext');
    if (lt !== undefined) return lt.children;
    const nt = firstChild(meta, 'navtitle');
    if (nt !== undefined) return nt.children;
  }
  const navAttr = def.element.attrs.navtitle;
  if (navAttr) return [{ type: 'text', text: navAttr }];
  return undefined;
}

export function keyShortdesc(def: KeyDefinition): string | undefined {
  const meta = firstChild(def.element, 'topicmeta');
  const sd = meta !== undefined ? firstChild(meta, 'shortdesc') : undefined;
  return sd !== undefined ? textContent(sd).trim() : undefined;
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
