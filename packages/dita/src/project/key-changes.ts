import type { KeyDefinition, KeyScope } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { XmlElement } from '../xml/xml-dom.js';
import type { DitaProject } from './project-model.js';

/** What an incremental load must read again when the map or the keys changed. */

/** A key definition as text: two definitions alike give the same text (its target, scope, format, navtitle and topicmeta, and what it goes through). */
function keyFingerprint(d: KeyDefinition): string {
  const meta = d.element.children.filter((c) => c.type === 'element' && c.name === 'topicmeta');
  const own = `${d.href ?? ''}#${d.fragment ?? ''}|${d.scope}|${d.format ?? ''}|${d.element.attrs.navtitle ?? ''}|${meta.map((m) => (m.type === 'element' ? serialize(m) : '')).join('')}`;
  return d.via !== undefined ? `${own}|via ${keyFingerprint(d.via)}` : own;
}

/** An element as markup (its attributes and content), to compare topicmeta. */
function serialize(el: XmlElement): string {
  let out = `<${el.name}`;
  for (const [k, v] of Object.entries(el.attrs)) out += ` ${k}="${v}"`;
  out += '>';
  for (const c of el.children) out += c.type === 'text' ? c.text : serialize(c);
  return `${out}</${el.name}>`;
}

/** Per key scope path, each key name with its definition as text. */
function scopeTables(root: KeyScope): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const s of allScopesOf(root)) {
    const t = new Map<string, string>();
    for (const [k, d] of s.table) t.set(k, keyFingerprint(d));
    out.set(s.path, t);
  }
  return out;
}

/** Key names whose effective definition differs between two key-scope trees. */
export function changedKeyNames(before: KeyScope, after: KeyScope): Set<string> {
  const a = scopeTables(before);
  const b = scopeTables(after);
  const out = new Set<string>();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const ta = a.get(path) ?? new Map<string, string>();
    const tb = b.get(path) ?? new Map<string, string>();
    for (const k of new Set([...ta.keys(), ...tb.keys()])) if (ta.get(k) !== tb.get(k)) out.add(k);
  }
  return out;
}

/** Files to re-read: changed ones, files whose keys or key scope changed, and everything that pulled content from them. */
export function dirtyFiles(previous: DitaProject, keys: Set<string>, scopes: Map<string, KeyScope>, changed: ReadonlySet<string>): Set<string> {
  const dirty = new Set(changed);
  if (keys.size > 0) {
    for (const [f, refs] of previous.rawRefs) {
      if (refs.some((r) => r.attr === 'conkeyref' && keys.has(splitHrefKey(r.value).path))) dirty.add(f);
    }
  }
  for (const [f, scope] of scopes) if (previous.scopes.get(f)?.path !== scope.path) dirty.add(f);
  return withDependents(previous.conrefDependencies, dirty);
}

/** A key scope and every scope inside it, depth first. */
export function* allScopesOf(root: KeyScope): Generator<KeyScope> {
  yield root;
  for (const c of root.children) yield* allScopesOf(c);
}

/** Files that pulled content from `changed`, transitively, with the changed files themselves. */
export function withDependents(conrefDependencies: Map<string, Set<string>>, changed: Iterable<string>): Set<string> {
  const dirty = new Set(changed);
  const reverse = new Map<string, string[]>();
  for (const [from, tos] of conrefDependencies) {
    for (const to of tos) {
      const list = reverse.get(to);
      if (list === undefined) reverse.set(to, [from]);
      else list.push(from);
    }
  }
  const queue = [...dirty];
  while (queue.length > 0) {
    const f = queue.pop();
    if (f === undefined) break;
    for (const g of reverse.get(f) ?? []) {
      if (!dirty.has(g)) {
        dirty.add(g);
        queue.push(g);
      }
    }
  }
  return dirty;
}
