import { CHILD_RULES } from '../validate/structure-rules.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { appendChild, childElements, cloneElement, createElement, firstChild } from '../xml/xml-dom.js';
import { REPLACING } from './map-metadata.js';

/**
 * Where each map metadata element goes in a topic's prolog, in the prolog's content order (the
 * structure rules' content model of prolog, DITA 1.3:
 * author*, source?, publisher?, copyright*, critdates?, permissions?, metadata*, resourceid*, data-like*).
 * audience, category, keywords, prodinfo and othermeta go inside prolog/metadata.
 */
const PROLOG_ORDER: readonly string[] = CHILD_RULES.prolog ?? [];
const IN_METADATA = new Set(['audience', 'category', 'keywords', 'prodinfo', 'othermeta']);

/** Map metadata elements, `metadata` wrappers opened. */
function flatten(els: Iterable<XmlElement>): XmlElement[] {
  const out: XmlElement[] = [];
  for (const e of els) {
    if (e.name === 'metadata') out.push(...childElements(e));
    else out.push(e);
  }
  return out;
}

/** The topicmeta (or bookmeta) an element was written in. */
function container(e: XmlElement): XmlElement | undefined {
  return e.parent?.name === 'metadata' ? e.parent.parent : e.parent;
}

/**
 * Map metadata (nearest level first) from the outermost level in, each level's elements in document order: the order
 * of the specification's map-to-map example (the mapref's audience, then the submap's).
 */
function outermostFirst(nearestFirst: readonly XmlElement[]): XmlElement[] {
  const levels: XmlElement[][] = [];
  let last: XmlElement | undefined;
  for (const e of nearestFirst) {
    const c = container(e);
    if (levels.length === 0 || c !== last) levels.push([]);
    levels[levels.length - 1]?.push(e);
    last = c;
  }
  return levels.reverse().flat();
}

/**
 * The topic's prolog with the map metadata that applies to it merged in (`mapMeta` nearest first, from
 * `mapMetadataOf`), as DITA-OT's move-meta-entries step writes it into the topic (DITA 1.3 "Reconciling topic and
 * map metadata elements"): elements a topic may have many of are added after the topic's own, the outermost map
 * definition first; of those a topic has once (source, publisher, critdates, permissions) the nearest map definition
 * replaces the topic's, and the topic's own stays where no map defines one. Without map metadata it is the topic's
 * own prolog, unchanged; otherwise a new element (the topic is not modified).
 */
export function resolvedProlog(topic: XmlElement, mapMeta: readonly XmlElement[]): XmlElement | undefined {
  const own = firstChild(topic, 'prolog');
  const fromMap = flatten(mapMeta).filter((e) => PROLOG_ORDER.includes(e.name) || IN_METADATA.has(e.name));
  if (fromMap.length === 0) return own;
  const nearest = new Map<string, XmlElement>();
  for (const e of fromMap) if (REPLACING.has(e.name) && !nearest.has(e.name)) nearest.set(e.name, e);
  const added = outermostFirst(fromMap).filter((e) => !REPLACING.has(e.name) || nearest.get(e.name) === e);
  const prolog = createElement('prolog', { ...(own?.attrs ?? {}) }, own ?? topic);
  // Read in the topic's context (xml:lang, key scope), without being one of its children.
  prolog.parent = topic;
  const ownChildren = own === undefined ? [] : [...childElements(own)].filter((c) => !nearest.has(c.name));
  const metaAdded = added.filter((e) => IN_METADATA.has(e.name));
  for (const name of PROLOG_ORDER) {
    for (const c of ownChildren) if (c.name === name) appendChild(prolog, cloneElement(c, prolog));
    if (name === 'metadata') {
      if (metaAdded.length > 0) {
        const metadata = createElement('metadata', {}, metaAdded[0]);
        for (const e of metaAdded) appendChild(metadata, cloneElement(e, metadata));
        appendChild(prolog, metadata);
      }
      continue;
    }
    for (const e of added) if (e.name === name) appendChild(prolog, cloneElement(e, prolog));
  }
  // Specialized or unknown prolog children (change-historylist, ...) keep their place after the known ones.
  for (const c of ownChildren) if (!PROLOG_ORDER.includes(c.name)) appendChild(prolog, cloneElement(c, prolog));
  return prolog;
}

/**
 * The topic's search title: a searchtitle in the topicref's own topicmeta replaces the topic's titlealts/searchtitle
 * (DITA 1.3 reconciling table: searchtitle "Replace", does not cascade); otherwise the topic's own.
 */
export function resolvedSearchtitle(topic: XmlElement, mapMeta: readonly XmlElement[]): XmlElement | undefined {
  for (const e of mapMeta) if (e.name === 'searchtitle') return e;
  const titlealts = firstChild(topic, 'titlealts');
  return titlealts === undefined ? undefined : firstChild(titlealts, 'searchtitle');
}

/** The map metadata of a topic as one string, to tell when a rebuild must render its page again. */
export function mapMetaFingerprint(mapMeta: readonly XmlElement[]): string {
  const one = (e: XmlElement): string =>
    `<${e.name}${JSON.stringify(e.attrs)}>${e.children.map((c) => (c.type === 'text' ? c.text : one(c))).join('')}</${e.name}>`;
  return mapMeta.map(one).join('');
}
