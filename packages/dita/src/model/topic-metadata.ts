import type { KeyScope } from '../keys/key-space.js';
import { keyTextFor } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import { resolvedProlog, resolvedSearchtitle } from '../map/move-meta.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';
import { plainText } from './plain-text.js';

/** A topic's prolog metadata with the map's cascaded in, for page heads, search indexing and the catalogue. */
export interface TopicMetadata {
  authors: string[];
  /** critdates/created/@date */
  created?: string;
  /** critdates/revised/@modified, in document order. */
  revised: string[];
  /** metadata/keywords/keyword */
  keywords: string[];
  /** metadata/othermeta name/content pairs. */
  othermeta: Array<{ name: string; content: string }>;
  /** audience/@type (or @othertype, @name). */
  audiences: string[];
  categories: string[];
  /** copyright as "years holder". */
  copyrights: string[];
  /** prodinfo: prodname and vrm/@version. */
  products: Array<{ name: string; version?: string }>;
  publisher?: string;
  source?: string;
  /** permissions/@view */
  permissions?: string;
  /** resourceid/@appid */
  resourceIds: string[];
  searchtitle?: string;
  /** data elements with @name: name and @value (or text). */
  data: Array<{ name: string; value: string }>;
}

/**
 * Reads a topic's resolved prolog (`resolvedProlog`: its own merged with the map metadata that applies to it,
 * `mapMeta` nearest first, from `mapMetadataOf`) and search title, keyrefs resolved in scope.
 */
export function topicMetadata(topic: XmlElement, scope: KeyScope, mapMeta: readonly XmlElement[] = []): TopicMetadata {
  const out: TopicMetadata = {
    authors: [],
    revised: [],
    keywords: [],
    othermeta: [],
    audiences: [],
    categories: [],
    copyrights: [],
    products: [],
    resourceIds: [],
    data: [],
  };
  const prolog = resolvedProlog(topic, mapMeta);
  const elements: XmlElement[] = [];
  for (const c of prolog === undefined ? [] : childElements(prolog)) {
    if (c.name === 'metadata') elements.push(...childElements(c));
    else elements.push(c);
  }
  const searchtitle = resolvedSearchtitle(topic, mapMeta);
  if (searchtitle !== undefined) elements.push(searchtitle);
  const addUnique = (list: string[], v: string): void => {
    if (v !== '' && !list.includes(v)) list.push(v);
  };
  for (const c of elements) {
    switch (c.name) {
      case 'author':
        addUnique(out.authors, phraseText(c, scope));
        break;
      case 'critdates':
        for (const d of childElements(c)) {
          if (d.name === 'created' && d.attrs.date !== undefined && out.created === undefined) out.created = d.attrs.date.trim();
          else if (d.name === 'revised' && d.attrs.modified !== undefined) out.revised.push(d.attrs.modified.trim());
        }
        break;
      case 'keywords':
        for (const k of childElements(c)) if (k.name === 'keyword') addUnique(out.keywords, phraseText(k, scope));
        break;
      case 'othermeta':
        if (c.attrs.name !== undefined && c.attrs.content !== undefined) out.othermeta.push({ name: c.attrs.name, content: c.attrs.content });
        break;
      case 'audience': {
        const a = c.attrs.type === 'other' ? c.attrs.othertype : (c.attrs.type ?? c.attrs.name);
        if (a !== undefined) addUnique(out.audiences, a.trim());
        break;
      }
      case 'category':
        addUnique(out.categories, phraseText(c, scope));
        break;
      case 'copyright': {
        const years = [...childElements(c)].filter((y) => y.name === 'copyryear').map((y) => y.attrs.year?.trim() ?? '');
        const holder = firstChild(c, 'copyrholder');
        addUnique(out.copyrights, [years.filter(Boolean).join(', '), holder !== undefined ? phraseText(holder, scope) : ''].filter(Boolean).join(' '));
        break;
      }
      case 'prodinfo': {
        const name = firstChild(c, 'prodname');
        const vrm = firstChild(firstChild(c, 'vrmlist') ?? c, 'vrm');
        if (name !== undefined) {
          const text = phraseText(name, scope);
          if (text !== '' && !out.products.some((p) => p.name === text && p.version === vrm?.attrs.version))
            out.products.push({ name: text, ...(vrm?.attrs.version !== undefined ? { version: vrm.attrs.version } : {}) });
        }
        break;
      }
      case 'publisher':
        out.publisher = phraseText(c, scope);
        break;
      case 'source':
        // A source named by @keyref without text of its own or of the key: the key's resource (DITA 1.3 source @keyref).
        out.source = phraseText(c, scope) || keyHref(c, scope) || c.attrs.href || undefined;
        if (out.source === undefined) delete out.source;
        break;
      case 'permissions':
        if (c.attrs.view !== undefined) out.permissions = c.attrs.view;
        break;
      case 'resourceid':
        if (c.attrs.appid !== undefined) addUnique(out.resourceIds, c.attrs.appid);
        break;
      case 'searchtitle':
        out.searchtitle = phraseText(c, scope);
        break;
      case 'data': {
        // A named data element: its @value, else its text (DITA 1.3 data: "name" and "value" or content).
        const value = c.attrs.value ?? phraseText(c, scope);
        if (c.attrs.name !== undefined && value !== '') out.data.push({ name: c.attrs.name, value });
        break;
      }
    }
  }
  return out;
}

/** Text of a phrase; an empty one with @keyref takes the key's text. */
function phraseText(el: XmlElement, scope: KeyScope): string {
  const own = plainText(el, scope);
  if (own !== '' || el.attrs.keyref === undefined) return own;
  const def = scope.resolve(splitHrefKey(el.attrs.keyref).path);
  const nodes = def !== undefined ? keyTextFor(def, el.name) : undefined;
  return (nodes ?? [])
    .map((n) => (n.type === 'text' ? n.text : plainText(n, scope)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The metadata of a page that holds several topics (a chunk, a document of several topics): what each topic may have
 * many of, every topic's, each once, in the order of the topics; what a topic has once (created, publisher, source,
 * permissions), the first topic's that has it. The search title titles the page, so it is the first topic's only.
 */
export function pageMetadataOf(topics: readonly TopicMetadata[]): TopicMetadata | undefined {
  const [first, ...rest] = topics;
  if (first === undefined) return undefined;
  const out: TopicMetadata = {
    ...first,
    authors: [...first.authors],
    revised: [...first.revised],
    keywords: [...first.keywords],
    othermeta: [...first.othermeta],
    audiences: [...first.audiences],
    categories: [...first.categories],
    copyrights: [...first.copyrights],
    products: [...first.products],
    resourceIds: [...first.resourceIds],
    data: [...first.data],
  };
  const union = <T>(into: T[], from: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b): void => {
    for (const v of from) if (!into.some((w) => same(w, v))) into.push(v);
  };
  for (const m of rest) {
    union(out.authors, m.authors);
    union(out.revised, m.revised);
    union(out.keywords, m.keywords);
    union(out.othermeta, m.othermeta, (a, b) => a.name === b.name && a.content === b.content);
    union(out.audiences, m.audiences);
    union(out.categories, m.categories);
    union(out.copyrights, m.copyrights);
    union(out.products, m.products, (a, b) => a.name === b.name && a.version === b.version);
    union(out.resourceIds, m.resourceIds);
    union(out.data, m.data, (a, b) => a.name === b.name && a.value === b.value);
    if (out.created === undefined && m.created !== undefined) out.created = m.created;
    if (out.publisher === undefined && m.publisher !== undefined) out.publisher = m.publisher;
    if (out.source === undefined && m.source !== undefined) out.source = m.source;
    if (out.permissions === undefined && m.permissions !== undefined) out.permissions = m.permissions;
  }
  return out;
}

/** The resource a metadata element's @keyref leads to, as the key's map wrote it. */
function keyHref(el: XmlElement, scope: KeyScope): string | undefined {
  const keyref = el.attrs.keyref?.trim();
  return keyref ? scope.resolve(splitHrefKey(keyref).path)?.href : undefined;
}

/** The latest critdates/revised date (ISO dates compare as strings). */
export function lastRevised(meta: TopicMetadata): string | undefined {
  let last: string | undefined;
  for (const r of meta.revised) if (last === undefined || r > last) last = r;
  return last;
}
