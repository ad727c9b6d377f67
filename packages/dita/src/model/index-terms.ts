import type { KeyScope } from '../keys/key-space.js';
import { keyTextFor } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { firstChild } from '../xml/xml-dom.js';
import { plainText } from './plain-text.js';

/**
 * One place an index entry points at (DITA 1.3, 3.4.2 indexing group): the levels of the entry
 * (nested indexterms), their sort phrases (index-sort-as), and what the innermost level does:
 * point at this place, redirect (index-see, no locator), add a "see also", open or close a range
 * (@start / @end).
 */
export interface IndexOccurrence {
  terms: string[];
  sortAs: string[];
  /** index-see: the entry redirects to these levels; it has no locator of its own. */
  see?: string[];
  seeAlso?: string[][];
  start?: string;
  end?: string;
}

/** An occurrence as a page records it: the anchor id on the page and the title of the topic it sits in. */
export interface IndexRef extends IndexOccurrence {
  anchor: string;
  title: string;
}

const normal = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * The text of one level (indexterm, index-see, index-see-also): its own, else, with @keyref, the key's text (DITA 1.3
 * 2.3.4.9: an element with no content takes the key's keywords/keyword, then linktext, then navtitle). Nested
 * indexterms are levels of their own, so an indexterm holding only those is empty here.
 */
function levelText(el: XmlElement, scope: KeyScope): string {
  const own = normal(plainText(el, scope));
  const keyref = el.attrs.keyref?.trim();
  if (own !== '' || !keyref) return own;
  const def = scope.resolve(splitHrefKey(keyref).path);
  const nodes = def !== undefined ? keyTextFor(def, el.name) : undefined;
  return normal((nodes ?? []).map((n) => (n.type === 'text' ? n.text : plainText(n, scope))).join(''));
}

function levelsOf(el: XmlElement, scope: KeyScope): string[] {
  // index-see / index-see-also name an entry by nested indexterms, as an indexterm does.
  const out = [levelText(el, scope)];
  const nested = firstChild(el, 'indexterm');
  if (nested !== undefined) out.push(...levelsOf(nested, scope));
  return out.filter((t) => t !== '');
}

/**
 * The occurrences one indexterm (with its nested indexterms) makes: one per innermost
 * indexterm, as only the innermost level carries the locator.
 */
export function indexOccurrences(el: XmlElement, scope: KeyScope, parents: string[] = [], parentSort: string[] = []): IndexOccurrence[] {
  const term = levelText(el, scope);
  const sortAsEl = firstChild(el, 'index-sort-as');
  const terms = term === '' ? parents : [...parents, term];
  const sortAs = term === '' ? parentSort : [...parentSort, sortAsEl !== undefined ? levelText(sortAsEl, scope) || term : term];
  const nested = el.children.filter((c): c is XmlElement => c.type === 'element' && c.name === 'indexterm');
  if (nested.length > 0) return nested.flatMap((n) => indexOccurrences(n, scope, terms, sortAs));
  // An empty indexterm with @end only closes a range.
  if (terms.length === 0 && el.attrs.end === undefined) return [];
  const occ: IndexOccurrence = { terms, sortAs };
  const see = firstChild(el, 'index-see');
  const seeAlso = el.children.filter((c): c is XmlElement => c.type === 'element' && c.name === 'index-see-also').map((s) => levelsOf(s, scope));
  if (see !== undefined) occ.see = levelsOf(see, scope);
  if (seeAlso.length > 0) occ.seeAlso = seeAlso.filter((s) => s.length > 0);
  if (el.attrs.start !== undefined) occ.start = el.attrs.start.trim();
  if (el.attrs.end !== undefined) occ.end = el.attrs.end.trim();
  return [occ];
}

/**
 * Indexterms of a topic's prolog (metadata/keywords), which point at the topic itself; `resolved`, its prolog with
 * the map metadata merged in (map/move-meta.ts), when the topic is rendered from a topicref.
 */
export function prologIndexTerms(topic: XmlElement, resolved?: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const prolog = resolved ?? firstChild(topic, 'prolog');
  if (prolog === undefined) return out;
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (c.type !== 'element') continue;
      if (c.name === 'indexterm') out.push(c);
      else walk(c);
    }
  };
  walk(prolog);
  return out;
}
