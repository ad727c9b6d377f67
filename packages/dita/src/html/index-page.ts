import type { IndexRef } from '../model/index-terms.js';
import { escapeAttr, escapeText } from './html-escape.js';

/** Where a locator points: a page (output path, '' in a single document) and an anchor on it. */
export interface IndexLocator {
  page: string;
  anchor: string;
  title: string;
  /** The end of a range (@start … @end), when the entry spans several places. */
  end?: { page: string; anchor: string };
}

export interface IndexNode {
  term: string;
  sort: string;
  locators: IndexLocator[];
  see: string[][];
  seeAlso: string[][];
  children: IndexNode[];
}

const sameLevels = (a: string[], b: string[]): boolean => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * The index of a publication: entries merged by their terms at each level, locators in document
 * order, ranges closed by their @end, sorted by index-sort-as (else the term) with the
 * language's collation.
 */
export function buildIndex(pages: ReadonlyArray<{ page: string; index: readonly IndexRef[] }>, lang: string): IndexNode[] {
  const root: IndexNode = { term: '', sort: '', locators: [], see: [], seeAlso: [], children: [] };
  const open = new Map<string, IndexLocator>();
  for (const { page, index } of pages) {
    for (const ref of index) {
      if (ref.end !== undefined && ref.start === undefined) {
        const range = open.get(ref.end);
        if (range !== undefined) {
          range.end = { page, anchor: ref.anchor };
          open.delete(ref.end);
        }
        if (ref.terms.length === 0) continue;
      }
      let node = root;
      ref.terms.forEach((term, i) => {
        let child = node.children.find((c) => c.term === term);
        if (child === undefined) {
          child = { term, sort: ref.sortAs[i] ?? term, locators: [], see: [], seeAlso: [], children: [] };
          node.children.push(child);
        }
        node = child;
      });
      if (ref.see !== undefined) {
        const see = ref.see;
        if (!node.see.some((s) => sameLevels(s, see))) node.see.push(see);
      } else if (ref.end === undefined || ref.start !== undefined) {
        const loc: IndexLocator = { page, anchor: ref.anchor, title: ref.title };
        node.locators.push(loc);
        if (ref.start !== undefined) open.set(ref.start, loc);
      }
      for (const also of ref.seeAlso ?? []) if (!node.seeAlso.some((s) => sameLevels(s, also))) node.seeAlso.push(also);
    }
  }
  const collator = new Intl.Collator(lang || 'en', { sensitivity: 'base', numeric: true });
  const sort = (nodes: IndexNode[]): void => {
    nodes.sort((a, b) => collator.compare(a.sort, b.sort) || collator.compare(a.term, b.term));
    for (const n of nodes) sort(n.children);
  };
  sort(root.children);
  return root.children;
}

/** Letter groups: the base letter of alphabetic scripts, "#" for digits and symbols, one group for the rest (CJK). */
export function indexGroups(entries: readonly IndexNode[]): Array<{ letter: string; entries: IndexNode[] }> {
  const groups: Array<{ letter: string; entries: IndexNode[] }> = [];
  for (const e of entries) {
    const first = e.sort.normalize('NFD').charAt(0);
    const letter = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u.test(first) ? first.toUpperCase() : /[\p{L}]/u.test(first) ? '' : '#';
    const last = groups[groups.length - 1];
    if (last !== undefined && last.letter === letter) last.entries.push(e);
    else groups.push({ letter, entries: [e] });
  }
  return groups;
}

export interface IndexLabels {
  see: string;
  seeAlso: string;
}

/** The index as nested lists; `locator` writes one locator (a titled link in HTML, a page number in PDF). */
export function indexListHtml(entries: readonly IndexNode[], labels: IndexLabels, locator: (loc: IndexLocator) => string): string {
  let out = '<ul class="index-entries">';
  for (const e of entries) {
    out += `<li class="index-entry"><span class="index-term">${escapeText(e.term)}</span>`;
    if (e.locators.length > 0) out += ` <span class="index-locators">${e.locators.map(locator).join(', ')}</span>`;
    for (const s of e.see) out += ` <span class="index-see"><em>${escapeText(labels.see)}</em> ${escapeText(s.join(', '))}</span>`;
    for (const s of e.seeAlso) out += ` <span class="index-see-also"><em>${escapeText(labels.seeAlso)}</em> ${escapeText(s.join(', '))}</span>`;
    if (e.children.length > 0) out += indexListHtml(e.children, labels, locator);
    out += '</li>';
  }
  return `${out}</ul>`;
}

/** The grouped index with a letter bar; anchors of groups are "index-<n>". */
export function indexBodyHtml(entries: readonly IndexNode[], labels: IndexLabels, locator: (loc: IndexLocator) => string): string {
  const groups = indexGroups(entries);
  const bar = groups
    .filter((g) => g.letter !== '')
    .map((g) => `<a href="#index-${groups.indexOf(g)}">${escapeText(g.letter)}</a>`)
    .join(' ');
  let out = bar !== '' ? `<nav class="index-letters">${bar}</nav>` : '';
  groups.forEach((g, i) => {
    out += `<section class="index-group" id="index-${i}">${g.letter !== '' ? `<h2>${escapeText(g.letter)}</h2>` : ''}${indexListHtml(g.entries, labels, locator)}</section>`;
  });
  return out;
}

/** A locator of the HTML index: a link to the place, named by its topic. */
export function htmlLocator(loc: IndexLocator): string {
  return `<a class="index-locator" href="${escapeAttr(`${loc.page}#${loc.anchor}`)}">${escapeText(loc.title)}</a>`;
}
