import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';
import type { MapNode } from './map-model.js';

/**
 * topicmeta elements that cascade to nested topicrefs, through maprefs, and from the map itself
 * (DITA 1.3 "Reconciling topic and map metadata elements", column "Does it cascade": audience, author,
 * category, copyright, critdates, metadata, permissions, prodinfo, publisher).
 */
const CASCADING = new Set(['audience', 'author', 'category', 'copyright', 'critdates', 'metadata', 'permissions', 'prodinfo', 'publisher']);

/** topicmeta elements that apply only to their own topicref, never to the topic (navigation and link text). */
const NOT_FOR_TOPIC = new Set(['navtitle', 'linktext', 'shortdesc', 'keytext', 'ux-window', 'titlealt']);

/**
 * Elements of which a topic has one: the map's replaces the topic's. The specification says "add" for all but
 * searchtitle; DITA-OT 4.x (MapMetaReader's unique set) replaces critdates, permissions, publisher, source and
 * searchtitle, and the engine follows DITA-OT.
 */
export const REPLACING = new Set(['critdates', 'permissions', 'publisher', 'source', 'searchtitle']);

/** The cascading elements of a topicmeta/bookmeta (or of a map's own topicmeta). */
export function cascadingMeta(meta: XmlElement | undefined): XmlElement[] {
  return meta === undefined ? [] : cascadingOf(childElements(meta));
}

/** Of some topicmeta children, those that cascade. */
export function cascadingOf(els: Iterable<XmlElement>): XmlElement[] {
  return [...els].filter((c) => CASCADING.has(c.name));
}

/**
 * Elements a topicref's metadata holds once, where the referencing topicref's own wins over a key definition's (DITA
 * 1.3 2.3.4.7: the key definition's content combines with the referencing element's by the rules for map metadata):
 * navigation and link text, and the elements a topic has once.
 */
const SINGLE = new Set([...NOT_FOR_TOPIC, ...REPLACING]);

/**
 * What a topicref with @keyref takes from its key definition's topicmeta (and from the definitions that one's @keyref
 * leads to, nearest first): every element it may have many of (author, keywords, audience, data ...), and each single one
 * (navtitle, linktext, shortdesc, source, critdates ...) the topicref and nearer definitions do not set.
 */
export function keyTopicmeta(element: XmlElement, chain: readonly XmlElement[]): XmlElement[] {
  const names = (els: readonly XmlElement[]): string[] => els.flatMap((e) => (e.name === 'metadata' ? [...childElements(e)].map((m) => m.name) : [e.name]));
  const meta = (el: XmlElement): XmlElement[] => {
    const m = firstChild(el, 'topicmeta');
    return m === undefined ? [] : [...childElements(m)];
  };
  const taken = new Set(names(meta(element)).filter((n) => SINGLE.has(n)));
  const out: XmlElement[] = [];
  for (const def of chain) {
    const add: XmlElement[] = [];
    for (const c of meta(def)) {
      if (SINGLE.has(c.name) && taken.has(c.name)) continue;
      add.push(c);
    }
    for (const n of names(add)) if (SINGLE.has(n)) taken.add(n);
    out.push(...add);
  }
  return out;
}

/** A topicref's topicmeta children: its own, then what it takes from its key definition. */
export function topicmetaOf(node: Pick<MapNode, 'element' | 'keyMeta'>): XmlElement[] {
  const meta = firstChild(node.element, 'topicmeta');
  const own = meta === undefined ? [] : [...childElements(meta)];
  return node.keyMeta === undefined ? own : [...own, ...node.keyMeta];
}

/**
 * The map metadata that applies to the topic a topicref points at, nearest first: the topicref's own topicmeta
 * (everything but navigation and link text) with what it takes from its key definition, then what cascades to it from
 * enclosing topicrefs, maprefs and maps.
 */
export function mapMetadataOf(node: Pick<MapNode, 'element' | 'keyMeta' | 'inheritedMeta'>): XmlElement[] {
  const own = topicmetaOf(node).filter((c) => !NOT_FOR_TOPIC.has(c.name));
  return own.length === 0 ? [...node.inheritedMeta] : [...own, ...node.inheritedMeta];
}
