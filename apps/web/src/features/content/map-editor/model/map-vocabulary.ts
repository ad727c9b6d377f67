/**
 * What the map editor's tree is made of: DITA maps and bookmaps, or S1000D publication modules
 * (their navigation elements, what may hold what, how a node is titled and resolved), and the XML
 * of the elements it adds.
 */
import { escapeAttr, escapeText, parseXml, textContent, type XmlElement } from '../../shared/lossless-xml';
import { attrValue, childElement, isElement } from './lossless-tree';

/** Elements shown as nodes of the tree (map and bookmap navigation elements). */
export const NAV_ELEMENTS = new Set([
  'topicref',
  'topichead',
  'topicgroup',
  'mapref',
  'keydef',
  'glossref',
  'anchorref',
  'navref',
  'topicset',
  'topicsetref',
  'chapter',
  'part',
  'appendix',
  'appendices',
  'frontmatter',
  'backmatter',
  'notices',
  'preface',
  'colophon',
  'dedication',
  'draftintro',
  'bookabstract',
  'amendments',
  'booklists',
  'toc',
  'figurelist',
  'tablelist',
  'indexlist',
  'abbrevlist',
  'bibliolist',
  'glossarylist',
  'trademarklist',
]);

export const MAP_ROOTS = new Set(['map', 'bookmap']);

/** A data module as a dmRef writes it (the attributes of its dmCode, issueInfo and language: a dm-refs answer). */
export interface DmRefSpec {
  dmCode: Record<string, string>;
  issueInfo?: { issueNumber: string; inWork: string } | null;
  language?: { languageIsoCode: string; countryIsoCode: string } | null;
}

/** A publication module as a pmRef writes it (the attributes of its pmCode, issueInfo and language: a pm-refs answer). */
export interface PmRefSpec {
  pmCode: Record<string, string>;
  issueInfo?: { issueNumber: string; inWork: string } | null;
  language?: { languageIsoCode: string; countryIsoCode: string } | null;
}

/** What a new element is made of. */
export interface NewElement {
  name: string;
  attrs?: Record<string, string>;
  /** Text of topicmeta children (navtitle, linktext, keyword). */
  meta?: { navtitle?: string; linktext?: string; keywords?: string };
  /** S1000D pmEntry: its pmEntryTitle. */
  title?: string;
  /** S1000D dmRef: the data module it references. */
  dmRef?: DmRefSpec;
  /** S1000D pmRef: the publication module it references. */
  pmRef?: PmRefSpec;
}

/**
 * What the tree of a document is made of: DITA maps (the default) or S1000D publication modules.
 * Elements not named here are never shown and are written back as they were read.
 */
export interface MapVocabulary {
  readonly id: 'dita' | 'pm';
  /** Root elements the editor opens. */
  readonly roots: ReadonlySet<string>;
  /** Elements shown as nodes of the tree. */
  readonly nav: ReadonlySet<string>;
  /** The child of the root whose children are the top of the tree (PM: content); none: the root itself. */
  readonly container?: string;
  /** Whether `parent` (the root or container for the top level) may hold a navigation element named `child`. */
  accepts(parent: string, child: string, top: boolean): boolean;
  /** What the tree shows and resolves a node by (DITA: its href; PM: the DMC or PMC it references). */
  hrefOf(el: XmlElement): string;
  /** The title the document itself gives a node. */
  titleOf(el: XmlElement): string;
  /** The XML of a new element, its nested lines indented by `unit`. */
  xmlOf(spec: NewElement, unit: string): string;
}

/** Text of topicmeta/<name> (keywords: its first keyword). */
export function metaTextOf(el: XmlElement, name: 'navtitle' | 'linktext' | 'keywords'): string {
  const meta = childElement(el, 'topicmeta');
  const child = meta ? childElement(meta, name) : undefined;
  if (!child) return '';
  const target = name === 'keywords' ? childElement(child, 'keyword') : child;
  return target ? textContent(target).replace(/\s+/g, ' ').trim() : '';
}

export const flatText = (el: XmlElement | undefined) => (el ? textContent(el).replace(/\s+/g, ' ').trim() : '');

/** DITA maps and bookmaps. */
export const DITA_VOCABULARY: MapVocabulary = {
  id: 'dita',
  roots: MAP_ROOTS,
  nav: NAV_ELEMENTS,
  accepts: () => true,
  hrefOf: (el) => attrValue(el, 'href') ?? '',
  titleOf: (el) => metaTextOf(el, 'navtitle') || attrValue(el, 'navtitle') || '',
  xmlOf: (spec) => elementXml(spec),
};

const code = (el: XmlElement | undefined, name: string) => (el ? (attrValue(el, name) ?? '') : '');

/** The DMC of a dmRef (DMC-MIC-SDC-SYS-SUBSUB-ASSY-DISASSYVAR-INFOVAR-ITEMLOC[-LEARN]), '' without a dmCode. */
export function dmRefCode(dmRef: XmlElement): string {
  const c = childElement(childElement(dmRef, 'dmRefIdent') ?? dmRef, 'dmCode');
  if (!c) return '';
  const a = (n: string) => code(c, n);
  let s =
    `${a('modelIdentCode')}-${a('systemDiffCode')}-${a('systemCode')}-${a('subSystemCode')}${a('subSubSystemCode')}-${a('assyCode')}-` +
    `${a('disassyCode')}${a('disassyCodeVariant')}-${a('infoCode')}${a('infoCodeVariant')}-${a('itemLocationCode')}`;
  if (a('learnCode')) s += `-${a('learnCode')}${a('learnEventCode')}`;
  return `DMC-${s.toUpperCase()}`;
}

/** The PMC of a pmRef (PMC-MIC-ISSUER-NUMBER-VOLUME), '' without a pmCode. */
export function pmRefCode(pmRef: XmlElement): string {
  const c = childElement(childElement(pmRef, 'pmRefIdent') ?? pmRef, 'pmCode');
  if (!c) return '';
  return `PMC-${code(c, 'modelIdentCode')}-${code(c, 'pmIssuer')}-${code(c, 'pmNumber')}-${code(c, 'pmVolume')}`.toUpperCase();
}

const attrsXml = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');

/** An S1000D dmRef: dmRefIdent with the dmCode, and the issueInfo and language when given. */
export function dmRefXml(ref: DmRefSpec, unit = '  '): string {
  const ident = [`<dmCode${attrsXml(ref.dmCode)}/>`];
  if (ref.issueInfo) ident.push(`<issueInfo${attrsXml(ref.issueInfo)}/>`);
  if (ref.language) ident.push(`<language${attrsXml(ref.language)}/>`);
  return `<dmRef>\n${unit}<dmRefIdent>\n${ident.map((l) => `${unit}${unit}${l}`).join('\n')}\n${unit}</dmRefIdent>\n</dmRef>`;
}

/** An S1000D pmRef: pmRefIdent with the pmCode, and the issueInfo and language when given (the schema's order). */
export function pmRefXml(ref: PmRefSpec, unit = '  '): string {
  const ident = [`<pmCode${attrsXml(ref.pmCode)}/>`];
  if (ref.issueInfo) ident.push(`<issueInfo${attrsXml(ref.issueInfo)}/>`);
  if (ref.language) ident.push(`<language${attrsXml(ref.language)}/>`);
  return `<pmRef>\n${unit}<pmRefIdent>\n${ident.map((l) => `${unit}${unit}${l}`).join('\n')}\n${unit}</pmRefIdent>\n</pmRef>`;
}

/**
 * The pmEntry elements of a PM's text that hold no dmRef, pmRef or pmEntry (the schema refuses them:
 * an entry holds at least one), each at the line and column of its start tag; none for text that is not well-formed.
 */
export function emptyPmEntries(text: string): { line: number; column: number }[] {
  const doc = parseXml(text);
  if (doc.errors.length > 0 || doc.root?.name !== 'pm') return [];
  const out: { line: number; column: number }[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (!isElement(c) || c.name !== 'pmEntry') continue;
      if (!c.children.some((x) => isElement(x) && PM_HOLDS.has(x.name))) out.push({ line: c.line, column: c.column });
      walk(c);
    }
  };
  const content = childElement(doc.root, 'content');
  if (content) walk(content);
  return out;
}

/** What a pmEntry must hold one of at least (besides its title and other metadata). */
const PM_HOLDS = new Set(['dmRef', 'pmRef', 'pmEntry', 'externalPubRef']);

/** S1000D publication modules: pmEntry (titled by pmEntryTitle) holding dmRef, pmRef and pmEntry. */
export const PM_VOCABULARY: MapVocabulary = {
  id: 'pm',
  roots: new Set(['pm']),
  nav: new Set(['pmEntry', 'dmRef', 'pmRef']),
  container: 'content',
  accepts: (parent, child, top) => (top ? child === 'pmEntry' : parent === 'pmEntry'),
  hrefOf: (el) => (el.name === 'dmRef' ? dmRefCode(el) : el.name === 'pmRef' ? pmRefCode(el) : ''),
  titleOf: (el) => {
    if (el.name === 'pmEntry') return flatText(childElement(el, 'pmEntryTitle'));
    if (el.name === 'dmRef') {
      const title = childElement(childElement(el, 'dmRefAddressItems') ?? el, 'dmTitle');
      if (!title) return '';
      const tech = flatText(childElement(title, 'techName'));
      const info = flatText(childElement(title, 'infoName'));
      return info ? `${tech} - ${info}` : tech;
    }
    if (el.name === 'pmRef') return flatText(childElement(childElement(el, 'pmRefAddressItems') ?? el, 'pmTitle'));
    return '';
  },
  xmlOf: (spec, unit) => {
    if (spec.name === 'dmRef' && spec.dmRef) return dmRefXml(spec.dmRef, unit);
    if (spec.name === 'pmRef' && spec.pmRef) return pmRefXml(spec.pmRef, unit);
    if (spec.name === 'pmEntry') return spec.title ? `<pmEntry>\n${unit}<pmEntryTitle>${escapeText(spec.title)}</pmEntryTitle>\n</pmEntry>` : '<pmEntry/>';
    throw new Error(`cannot make a ${spec.name} in a publication module`);
  },
};

export function elementXml(spec: NewElement): string {
  const attrs = Object.entries(spec.attrs ?? {})
    .filter(([, v]) => v !== '')
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const meta = spec.meta ?? {};
  const parts: string[] = [];
  if (meta.navtitle) parts.push(`<navtitle>${escapeText(meta.navtitle)}</navtitle>`);
  if (meta.linktext) parts.push(`<linktext>${escapeText(meta.linktext)}</linktext>`);
  if (meta.keywords) parts.push(`<keywords><keyword>${escapeText(meta.keywords)}</keyword></keywords>`);
  if (parts.length === 0) return `<${spec.name}${attrs}/>`;
  return `<${spec.name}${attrs}>\n  <topicmeta>\n    ${parts.join('\n    ')}\n  </topicmeta>\n</${spec.name}>`;
}
