import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';

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
  return meta === undefined ? [] : [...childElements(meta)].filter((c) => CASCADING.has(c.name));
}

/**
 * The map metadata that applies to the topic a topicref points at, nearest first: the topicref's own topicmeta
 * (everything but navigation and link text), then what cascades to it from enclosing topicrefs, maprefs and maps.
 */
export function mapMetadataOf(element: XmlElement, inherited: readonly XmlElement[]): XmlElement[] {
  const meta = firstChild(element, 'topicmeta');
  const own = meta === undefined ? [] : [...childElements(meta)].filter((c) => !NOT_FOR_TOPIC.has(c.name));
  return own.length === 0 ? [...inherited] : [...own, ...inherited];
}
