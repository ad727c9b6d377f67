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
