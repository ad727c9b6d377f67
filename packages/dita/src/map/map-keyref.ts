/** A topicref that names a key: what it takes from the key's definition, and what then cascades to its children. */
import type { KeyDefinition } from '../keys/key-space.js';
import { keyNavtitle } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { ProblemList } from '../problems/problem.js';
import { resolveRelative } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { cascadingOf, keyTopicmeta } from './map-metadata.js';
import { formatOf, type MapNode } from './map-model.js';

/**
 * A topicref that refers to a key takes the attributes of the key definition (and of the definitions
 * its @keyref leads to) that it does not set itself; its own win (DITA 1.3 2.3.4.7, "Processing key
 * references on topicrefs"). @keys, @processing-role and @id name the definition, not what it binds;
 * the resource (@href, @scope, @format) and the navigation title are taken where the key is resolved.
 */
export function mergeKeyAttributes(node: MapNode, def: KeyDefinition): void {
  const own = node.element.attrs;
  const fromKey = (name: string): { value: string; def: KeyDefinition } | undefined => {
    if (own[name] !== undefined) return undefined;
    for (let d: KeyDefinition | undefined = def; d !== undefined; d = d.via) {
      const value = d.element.attrs[name];
      if (value !== undefined) return { value, def: d };
    }
    return undefined;
  };
  const toc = fromKey('toc');
  if (toc !== undefined) node.toc = toc.value !== 'no';
  const linking = fromKey('linking');
  if (linking !== undefined) node.linking = linking.value;
  const chunk = fromKey('chunk');
  if (chunk?.value) node.chunk = chunk.value;
  const collection = fromKey('collection-type');
  if (collection?.value) node.collectionType = collection.value;
  const type = fromKey('type');
  if (type?.value) node.type = type.value;
  const locktitle = fromKey('locktitle');
  if (locktitle !== undefined) node.locktitle = locktitle.value === 'yes';
  const copyTo = fromKey('copy-to');
  if (copyTo?.value) {
    const ct = resolveRelative(copyTo.def.mapFile, copyTo.value);
    if (ct !== undefined) node.copyTo = ct;
  }
}

/**
 * What a topicref takes from its key cascades to the topicrefs inside it as its own would (DITA 1.3 2.3.4.7: "the
 * combined attributes and content cascade ... by the existing rules for cascading"): @toc and @linking where a nested
 * topicref does not set them, and the cascading metadata (author, audience, ...) after the topicref's own.
 */
export function cascadeFromKey(node: MapNode, before: { toc: boolean; linking: string | undefined }, meta: readonly XmlElement[]): void {
  const tocChanged = node.toc !== before.toc;
  const linkingChanged = node.linking !== before.linking;
  if (!tocChanged && !linkingChanged && meta.length === 0) return;
  const down = (parent: MapNode): void => {
    for (const c of parent.children) {
      const own = c.element.attrs;
      if (tocChanged && own.toc === undefined && c.keyDef?.element.attrs.toc === undefined) c.toc = parent.toc && c.name !== 'keydef';
      if (linkingChanged && own.linking === undefined && c.keyDef?.element.attrs.linking === undefined) {
        if (parent.linking !== undefined) c.linking = parent.linking;
        else delete c.linking;
      }
      // Nearest first: what the nested topicrefs and the node itself set, then the key's, then what reached the node.
      if (meta.length > 0) {
        const at = c.inheritedMeta.length - node.inheritedMeta.length;
        c.inheritedMeta = [...c.inheritedMeta.slice(0, at), ...meta, ...c.inheritedMeta.slice(at)];
      }
      down(c);
    }
  };
  down(node);
}

export function resolveNodeKeyref(node: MapNode, problems: ProblemList): void {
  const keyref = node.keyref;
  if (keyref === undefined) return;
  const { path: keyName, fragment } = splitHrefKey(keyref);
  const def = node.keyScope.resolve(keyName);
  if (def === undefined) {
    // The topicref's own @href is the fallback for an undefined key.
    if (node.href === undefined) problems.warning('key-undefined', `Key "${keyName}" is not defined`, node.element);
    return;
  }
  node.keyDef = def;
  const before = { toc: node.toc, linking: node.linking };
  mergeKeyAttributes(node, def);
  const chain: XmlElement[] = [];
  for (let d: KeyDefinition | undefined = def; d !== undefined && !chain.includes(d.element); d = d.via) chain.push(d.element);
  const keyMeta = keyTopicmeta(node.element, chain);
  if (keyMeta.length > 0) node.keyMeta = keyMeta;
  cascadeFromKey(node, before, cascadingOf(keyMeta));
  if (def.href !== undefined) {
    node.href = def.href;
    node.scope = def.scope;
    if (!node.element.attrs.format) node.format = def.format ?? formatOf(def.element, def.href);
    const frag = fragment ?? def.fragment;
    if (frag !== undefined) node.fragment = frag;
    else delete node.fragment;
  }
  if (node.navtitle === undefined) {
    const nav = keyNavtitle(def);
    if (nav !== undefined) node.navtitle = nav;
  }
}
