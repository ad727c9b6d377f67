import type { XmlElement } from '../xml/xml-dom.js';

/** Without DTD defaults there is no @class, so the engine knows element names (and honours @class when present). */
export const TOPIC_ELEMENTS = new Set(['topic', 'concept', 'task', 'reference', 'glossentry', 'glossgroup', 'troubleshooting']);
export const MAP_ELEMENTS = new Set(['map', 'bookmap', 'subjectScheme']);
export const TOPICREF_ELEMENTS = new Set([
  'topicref',
  'mapref',
  'topichead',
  'topicgroup',
  'keydef',
  'topicset',
  'topicsetref',
  'anchorref',
  'navref',
  'glossref',
  'chapter',
  'part',
  'appendix',
  'appendices',
  'preface',
  'notices',
  'frontmatter',
  'backmatter',
  'amendments',
  'colophon',
  'dedication',
  'abbrevlist',
  'bibliolist',
  'booklist',
  'figurelist',
  'glossarylist',
  'indexlist',
  'tablelist',
  'trademarklist',
  'toc',
  'booklists',
  'subjectdef',
  'schemeref',
  'enumerationdef',
  'topicsubject',
  'topicapply',
]);
/** Bookmap lists that ask the processor to generate a list; they reference no topic. */
export const GENERATED_LISTS = new Set([
  'toc',
  'indexlist',
  'figurelist',
  'tablelist',
  'abbrevlist',
  'trademarklist',
  'bibliolist',
  'glossarylist',
  'booklist',
]);
/** Elements whose content is not part of a topic's rendered text (metadata, index entries, comments). */
export const UNRENDERED_ELEMENTS = new Set([
  'prolog',
  'titlealts',
  'indexterm',
  'index-see',
  'index-see-also',
  'index-sort-as',
  'data',
  'foreign',
  'unknown',
  'required-cleanup',
  'resourceid',
  'navtitle',
  'searchtitle',
  'related-links',
  'glossAlt',
  'glossStatus',
  'glossPartOfSpeech',
  'glossProperty',
  'glossSymbol',
  'draft-comment',
]);
export const BODY_ELEMENTS = new Set(['body', 'conbody', 'taskbody', 'refbody', 'glossBody', 'troublebody']);

function hasClass(el: XmlElement, token: string): boolean {
  const c = el.attrs.class;
  return c?.includes(` ${token} `) === true;
}

export function isTopic(el: XmlElement): boolean {
  return TOPIC_ELEMENTS.has(el.name) || hasClass(el, 'topic/topic');
}

export function isMap(el: XmlElement): boolean {
  return MAP_ELEMENTS.has(el.name) || hasClass(el, 'map/map');
}

export function isTopicref(el: XmlElement): boolean {
  return TOPICREF_ELEMENTS.has(el.name) || hasClass(el, 'map/topicref');
}

export function topicTypeOf(el: XmlElement): string {
  if (TOPIC_ELEMENTS.has(el.name)) return el.name;
  return 'topic';
}

/** The element that holds the topic's title, shortdesc and body. */
export function topicTitle(el: XmlElement): XmlElement | undefined {
  for (const c of el.children) if (c.type === 'element' && (c.name === 'title' || c.name === 'glossterm')) return c;
  return undefined;
}

/**
 * Attributes the DITA 1.3 DTDs declare as ID, NMTOKEN(S) or an enumeration: an XML processor collapses their
 * whitespace and trims them (XML 1.0 3.3.3), so `id="\n p1"` is `p1`. Without the DTD the engine does it itself.
 */
const TOKEN_ATTRIBUTES = new Set([
  'id',
  'conaction',
  'scope',
  'processing-role',
  'toc',
  'linking',
  'locktitle',
  'lockmeta',
  'print',
  'search',
  'collection-type',
  'importance',
  'status',
  'translate',
  'dir',
  'placement',
  'scale',
  'frame',
  'expanse',
  'colsep',
  'rowsep',
  'align',
  'valign',
  'colname',
  'namest',
  'nameend',
  'spanname',
  'morerows',
  'cols',
  'colnum',
  'keycol',
  'pgwide',
  'rowheader',
  'role',
  'xml:space',
  'compact',
]);

const NEEDS_NORMALISING = /^[\t\n\r ]|[\t\n\r ]$|[\t\n\r]| {2}/;

/** Collapses whitespace in ID/NMTOKEN/enumerated attributes of a whole document, in place. */
export function normaliseTokenAttributes(root: XmlElement): void {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    const attrs = el.attrs;
    for (const name in attrs) {
      const v = attrs[name];
      if (v !== undefined && TOKEN_ATTRIBUTES.has(name) && NEEDS_NORMALISING.test(v)) attrs[name] = v.replace(/[\t\n\r ]+/g, ' ').trim();
    }
    for (const c of el.children) if (c.type === 'element') stack.push(c);
  }
}
