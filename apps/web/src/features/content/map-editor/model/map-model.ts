/**
 * The map editor's model: a DITA map or bookmap held as the topic editor's lossless XML tree,
 * edited in place. Only what an operation touches is written again (a moved element keeps its
 * text, re-indented; a changed start tag keeps every unchanged attribute as written); comments,
 * processing instructions, unknown elements and metadata stay where they were, so
 * `toXml()` of an unedited model is exactly the text it was read from.
 */
import {
  escapeAttr,
  escapeText,
  parseXml,
  serialize,
  textContent,
  type XmlDocument,
  type XmlElement,
  type XmlNode,
  type XmlText,
} from '../../topic-editor/model/lossless-xml';

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

/** One node of the tree as the screen shows it. */
export interface MapTreeNode {
  id: string;
  name: string;
  attrs: Record<string, string>;
  href: string;
  /** navtitle attribute or topicmeta/navtitle text. */
  navtitle: string;
  children: MapTreeNode[];
}

/** A relationship table as a grid: column types and, per row and column, the hrefs of its topicrefs. */
export interface RelTable {
  id: string;
  title: string;
  columns: string[];
  rows: string[][][];
}

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

export type DropPosition = 'before' | 'after' | 'inside';

/**
 * Where a drop on the tree lands, from what the tree component (rc-tree) reports for it: the node,
 * whether it is open, whether the drop is in a gap, and the gap's side (-1 above the node, 1 below).
 * rc-tree reports a drop on the top edge of an open node's first child as a drop on the open node
 * itself (not in a gap): its line is drawn above that first child, so the drop goes before it, not
 * after the node's last child. A drop on a closed node makes the dropped nodes its last children.
 */
export function dropPlacement(
  node: Pick<MapTreeNode, 'id' | 'children'>,
  expanded: boolean,
  dropToGap: boolean,
  side: number,
): { targetId: string; position: DropPosition } {
  if (dropToGap) return { targetId: node.id, position: side === -1 ? 'before' : 'after' };
  const first = node.children[0];
  if (expanded && first) return { targetId: first.id, position: 'before' };
  return { targetId: node.id, position: 'inside' };
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

const isElement = (n: XmlNode | undefined): n is XmlElement => n?.type === 'element';
const isBlank = (n: XmlNode | undefined): n is XmlText => n?.type === 'text' && /^\s*$/.test(n.raw);
const textNode = (raw: string): XmlText => ({ type: 'text', raw, start: 0, end: 0, line: 0, column: 0 });

/** The indentation after the last line break of a whitespace text ('' when none). */
const indentOf = (ws: string) => {
  const nl = ws.lastIndexOf('\n');
  return nl < 0 ? null : ws.slice(nl + 1);
};

export function attrValue(el: XmlElement, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function childElement(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => isElement(c) && c.name === name);
}

/** A fragment of new XML as elements (parsed by the same lossless parser). */
function fragment(xml: string): XmlElement {
  const root = parseXml(xml).root;
  if (!root) throw new Error(`not an element: ${xml}`);
  return root;
}

/** Text of topicmeta/<name> (keywords: its first keyword). */
function metaTextOf(el: XmlElement, name: 'navtitle' | 'linktext' | 'keywords'): string {
  const meta = childElement(el, 'topicmeta');
  const child = meta ? childElement(meta, name) : undefined;
  if (!child) return '';
  const target = name === 'keywords' ? childElement(child, 'keyword') : child;
  return target ? textContent(target).replace(/\s+/g, ' ').trim() : '';
}

const flatText = (el: XmlElement | undefined) => (el ? textContent(el).replace(/\s+/g, ' ').trim() : '');

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

export class MapModel {
  readonly doc: XmlDocument;
  private readonly ids = new WeakMap<XmlElement, string>();
  private readonly byId = new Map<string, XmlElement>();
  private parents = new Map<XmlElement, XmlElement>();
  private next = 1;
  /** Indentation unit of the file (two spaces unless the file shows another). */
  private unit = '  ';

  readonly vocabulary: MapVocabulary;

  constructor(text: string, vocabulary: MapVocabulary = DITA_VOCABULARY) {
    this.vocabulary = vocabulary;
    this.doc = parseXml(text);
    this.reindex();
    const root = this.doc.root;
    const first = root?.children.findIndex(isElement) ?? -1;
    const ws = root && first > 0 ? root.children[first - 1] : undefined;
    const indent = isBlank(ws) ? indentOf(ws.raw) : null;
    if (indent) this.unit = indent;
  }

  static parse(text: string, vocabulary: MapVocabulary = DITA_VOCABULARY): MapModel {
    return new MapModel(text, vocabulary);
  }

  /** The element whose children are the top of the tree (the root, or the vocabulary's container under it). */
  private get top(): XmlElement | null {
    const root = this.doc.root;
    const name = this.vocabulary.container;
    if (!root || !name) return root;
    return childElement(root, name) ?? null;
  }

  /** Whether `child` may be a navigation child of `parent`. */
  private fits(parent: XmlElement, child: string): boolean {
    const top = parent === this.top;
    if (!top && !this.vocabulary.nav.has(parent.name)) return false;
    return this.vocabulary.accepts(parent.name, child, top);
  }

  get root(): XmlElement | null {
    return this.doc.root;
  }

  get errors() {
    return this.doc.errors;
  }

  get isMap(): boolean {
    return this.doc.root !== null && this.vocabulary.roots.has(this.doc.root.name);
  }

  get isBookmap(): boolean {
    return this.doc.root?.name === 'bookmap';
  }

  toXml(): string {
    return serialize(this.doc);
  }

  idOf(el: XmlElement): string {
    let id = this.ids.get(el);
    if (!id) {
      id = `n${this.next++}`;
      this.ids.set(el, id);
      this.byId.set(id, el);
    }
    return id;
  }

  element(id: string): XmlElement | undefined {
    return this.byId.get(id);
  }

  parentOf(id: string): string | null {
    const el = this.byId.get(id);
    const parent = el ? this.parents.get(el) : undefined;
    return parent && parent !== this.doc.root && parent !== this.top ? this.idOf(parent) : null;
  }

  /** Parents of every element, ids for new ones. */
  private reindex(): void {
    this.parents = new Map();
    const walk = (el: XmlElement) => {
      this.idOf(el);
      for (const c of el.children)
        if (isElement(c)) {
          this.parents.set(c, el);
          walk(c);
        }
    };
    if (this.doc.root) walk(this.doc.root);
  }

  /** The navigation tree under the root. */
  tree(): MapTreeNode[] {
    const top = this.top;
    return top ? this.navChildren(top).map((c) => this.view(c)) : [];
  }

  private navChildren(el: XmlElement): XmlElement[] {
    return el.children.filter((c): c is XmlElement => isElement(c) && this.vocabulary.nav.has(c.name));
  }

  private view(el: XmlElement): MapTreeNode {
    const attrs: Record<string, string> = {};
    for (const a of el.attrs) attrs[a.name] = a.value;
    return {
      id: this.idOf(el),
      name: el.name,
      attrs,
      href: this.vocabulary.hrefOf(el),
      navtitle: this.vocabulary.titleOf(el),
      children: this.navChildren(el).map((c) => this.view(c)),
    };
  }

  /** Every href of the map's navigation elements and relationship tables (for resolving titles). */
  hrefs(): string[] {
    const out = new Set<string>();
    const walk = (el: XmlElement) => {
      const nav = this.vocabulary.nav.has(el.name);
      const href = nav ? this.vocabulary.hrefOf(el) : attrValue(el, 'href');
      if (href && (nav || el.name === 'topicref')) out.add(href);
      for (const c of el.children) if (isElement(c)) walk(c);
    };
    if (this.doc.root) walk(this.doc.root);
    return [...out];
  }

  /** Every @keyref of a navigation element with no href (its title comes from the key space). */
  keyrefs(): string[] {
    const out = new Set<string>();
    const walk = (el: XmlElement) => {
      const keyref = attrValue(el, 'keyref')?.trim();
      if (keyref && !attrValue(el, 'href') && (this.vocabulary.nav.has(el.name) || el.name === 'topicref')) out.add(keyref);
      for (const c of el.children) if (isElement(c)) walk(c);
    };
    if (this.doc.root) walk(this.doc.root);
    return [...out];
  }

  /** Text of topicmeta/<name> (keywords: its first keyword). */
  metaText(el: XmlElement, name: 'navtitle' | 'linktext' | 'keywords'): string {
    return metaTextOf(el, name);
  }

  /** Selected ids without those whose ancestor is selected too, in document order. */
  private topmost(ids: readonly string[]): XmlElement[] {
    const chosen = new Set(ids.map((id) => this.byId.get(id)).filter((e): e is XmlElement => !!e && e !== this.doc.root));
    const out: XmlElement[] = [];
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (!isElement(c)) continue;
        if (chosen.has(c)) out.push(c);
        else walk(c);
      }
    };
    if (this.doc.root) walk(this.doc.root);
    return out;
  }

  private isInside(el: XmlElement, ancestor: XmlElement): boolean {
    for (let p: XmlElement | undefined = el; p; p = this.parents.get(p)) if (p === ancestor) return true;
    return false;
  }

  /** The whitespace a child of `parent` is written after. */
  private childWs(parent: XmlElement): string {
    for (let i = 1; i < parent.children.length; i++) {
      const c = parent.children[i];
      const ws = parent.children[i - 1];
      if (isElement(c) && isBlank(ws) && indentOf(ws.raw) !== null) return ws.raw.slice(ws.raw.lastIndexOf('\n'));
    }
    return `\n${this.indentOfElement(parent)}${this.unit}`;
  }

  /** The indentation of an element's own line. */
  private indentOfElement(el: XmlElement): string {
    const parent = this.parents.get(el);
    if (!parent) return '';
    const i = parent.children.indexOf(el);
    const ws = parent.children[i - 1];
    const indent = isBlank(ws) ? indentOf(ws.raw) : null;
    return indent ?? `${this.indentOfElement(parent)}${this.unit}`;
  }

  /** Takes an element out of its parent with the whitespace before it; an emptied parent closes itself. */
  private detach(el: XmlElement): void {
    const parent = this.parents.get(el);
    if (!parent) return;
    const i = parent.children.indexOf(el);
    const before = parent.children[i - 1];
    if (isBlank(before)) parent.children.splice(i - 1, 2);
    else parent.children.splice(i, 1);
    this.parents.delete(el);
    if (parent !== this.doc.root && parent !== this.top && parent.children.every(isBlank)) this.selfClose(parent);
  }

  private selfClose(el: XmlElement): void {
    el.children = [];
    el.selfClosing = true;
    el.openTail = el.openTail.replace(/\s*>$/, '/>');
    el.openRaw = this.openTag(el);
    el.closeRaw = '';
  }

  private openTag(el: XmlElement): string {
    return `<${el.name}${el.attrs.map((a) => a.raw).join('')}${el.openTail}`;
  }

  /** Shifts the indentation of the lines inside an element from `from` to `to`. */
  private reindent(el: XmlElement, from: string, to: string): void {
    if (from === to) return;
    const walk = (e: XmlElement) => {
      e.children = e.children.map((c) => {
        if (isElement(c)) {
          walk(c);
          return c;
        }
        if (c.type !== 'text' || !c.raw.includes('\n')) return c;
        const raw = c.raw.replace(/\n([ \t]*)/g, (_m, ind: string) => `\n${ind.startsWith(from) ? to + ind.slice(from.length) : ind}`);
        return raw === c.raw ? c : { ...c, raw };
      });
    };
    walk(el);
  }

  /** Puts a detached element (its lines indented from column 0) into `parent` before or after a child, or last. */
  private attach(el: XmlElement, parent: XmlElement, ref: { before?: XmlElement; after?: XmlElement }): void {
    let ws = this.childWs(parent);
    if (parent.selfClosing || parent.children.every(isBlank)) {
      parent.selfClosing = false;
      parent.openTail = parent.openTail.replace(/\s*\/>$/, '>');
      parent.openRaw = this.openTag(parent);
      parent.closeRaw = `</${parent.name}>`;
      parent.children = [textNode(ws), el, textNode(`\n${this.indentOfElement(parent)}`)];
    } else if (ref.before) {
      const i = parent.children.indexOf(ref.before);
      const lead = parent.children[i - 1];
      if (isBlank(lead) && indentOf(lead.raw) !== null) ws = lead.raw;
      parent.children.splice(i, 0, el, textNode(ws));
    } else if (ref.after) {
      const i = parent.children.indexOf(ref.after);
      parent.children.splice(i + 1, 0, textNode(ws), el);
    } else {
      const last = parent.children[parent.children.length - 1];
      if (isBlank(last) && parent.children.length > 1) parent.children.splice(parent.children.length - 1, 0, textNode(ws), el);
      else parent.children.push(textNode(ws), el, textNode(`\n${this.indentOfElement(parent)}`));
    }
    this.parents.set(el, parent);
    this.reindent(el, '', indentOf(ws) ?? '');
  }

  /** Where a new last navigation child of `parent` goes: after its last one, else before a reltable, else at the end. */
  private appendRef(parent: XmlElement): { before?: XmlElement; after?: XmlElement } {
    const nav = this.navChildren(parent);
    const last = nav[nav.length - 1];
    if (last) return { after: last };
    const rel = parent.children.find((c): c is XmlElement => isElement(c) && c.name === 'reltable');
    return rel ? { before: rel } : {};
  }

  /** Moves the selection up one place among its siblings (a block of siblings moves together). */
  moveUp(ids: readonly string[]): boolean {
    const els = this.topmost(ids);
    let moved = false;
    for (const el of els) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const prev = siblings[siblings.indexOf(el) - 1];
      if (!prev || els.includes(prev)) continue;
      this.relocate(el, parent, { before: prev });
      moved = true;
    }
    return moved;
  }

  moveDown(ids: readonly string[]): boolean {
    const els = this.topmost(ids).reverse();
    let moved = false;
    for (const el of els) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const next = siblings[siblings.indexOf(el) + 1];
      if (!next || els.includes(next)) continue;
      this.relocate(el, parent, { after: next });
      moved = true;
    }
    return moved;
  }

  /** Makes each selected node the last child of its previous sibling. */
  indent(ids: readonly string[]): boolean {
    let moved = false;
    for (const el of this.topmost(ids)) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const prev = siblings[siblings.indexOf(el) - 1];
      if (!prev || !this.fits(prev, el.name)) continue;
      this.relocate(el, prev, this.appendRef(prev));
      moved = true;
    }
    return moved;
  }

  /** Makes each selected node the next sibling of its parent. */
  outdent(ids: readonly string[]): boolean {
    let moved = false;
    for (const el of this.topmost(ids).reverse()) {
      const parent = this.parents.get(el);
      const grand = parent ? this.parents.get(parent) : undefined;
      if (!parent || !grand || !this.fits(grand, el.name)) continue;
      this.relocate(el, grand, { after: parent });
      moved = true;
    }
    return moved;
  }

  /** Drag and drop: the selection before, after or inside (as last children) the target node. */
  moveTo(ids: readonly string[], targetId: string, position: DropPosition): boolean {
    const target = this.byId.get(targetId);
    if (!target) return false;
    const els = this.topmost(ids).filter((el) => !this.isInside(target, el));
    if (els.length === 0) return false;
    if (position === 'inside') {
      if (!els.every((el) => this.fits(target, el.name))) return false;
      for (const el of els) this.relocate(el, target, this.appendRef(target));
      return true;
    }
    const parent = this.parents.get(target);
    if (!parent || !els.every((el) => this.fits(parent, el.name))) return false;
    if (position === 'before') for (const el of els) this.relocate(el, parent, { before: target });
    else {
      let after = target;
      for (const el of els) {
        this.relocate(el, parent, { after });
        after = el;
      }
    }
    return true;
  }

  private relocate(el: XmlElement, parent: XmlElement, ref: { before?: XmlElement; after?: XmlElement }): void {
    if (ref.before === el || ref.after === el) return;
    const from = this.indentOfElement(el);
    this.detach(el);
    // attach() shifts from '' for a detached element: shift from the indentation it had instead.
    this.reindent(el, from, '');
    this.attach(el, parent, ref);
  }

  /** Removes the references (never files); returns the hrefs that left the map. */
  remove(ids: readonly string[]): string[] {
    const out: string[] = [];
    for (const el of this.topmost(ids)) {
      const walk = (e: XmlElement) => {
        const href = attrValue(e, 'href');
        if (href) out.push(href);
        for (const c of e.children) if (isElement(c)) walk(c);
      };
      walk(el);
      this.detach(el);
      this.forget(el);
    }
    return out;
  }

  private forget(el: XmlElement): void {
    const id = this.ids.get(el);
    if (id) this.byId.delete(id);
    for (const c of el.children) if (isElement(c)) this.forget(c);
  }

  /** Adds a new element: inside `targetId` (last child), after it, or at the end of the root; returns its id. */
  add(spec: NewElement, targetId: string | null, position: DropPosition = 'inside'): string {
    const root = this.top;
    if (!root) throw new Error('no root element');
    const el = fragment(this.vocabulary.xmlOf(spec, this.unit));
    const target = targetId ? this.byId.get(targetId) : undefined;
    // Inside an element that cannot hold it (a dmRef): after that element instead.
    const where = target && position === 'inside' && !this.fits(target, el.name) ? 'after' : position;
    const parent = !target ? root : where === 'inside' ? target : (this.parents.get(target) ?? root);
    if (!this.fits(parent, el.name)) throw new Error(`a ${el.name} cannot go in ${parent.name}`);
    if (!target || where === 'inside') this.attach(el, parent, this.appendRef(parent));
    else this.attach(el, parent, where === 'before' ? { before: target } : { after: target });
    this.reindex();
    return this.idOf(el);
  }

  /** Whether a new `name` element can go at `targetId` (null: the top of the tree) in `position`. */
  canAdd(name: string, targetId: string | null, position: DropPosition = 'inside'): boolean {
    const root = this.top;
    const target = targetId ? this.byId.get(targetId) : undefined;
    if (!root || (targetId && !target)) return false;
    const where = target && position === 'inside' && !this.fits(target, name) ? 'after' : position;
    const parent = !target ? root : where === 'inside' ? target : (this.parents.get(target) ?? root);
    return this.fits(parent, name);
  }

  /** The title the document gives a node (DITA: its navtitle; PM: a pmEntry's pmEntryTitle). */
  titleOf(id: string): string {
    const el = this.byId.get(id);
    return el ? this.vocabulary.titleOf(el) : '';
  }

  /**
   * Sets a node's title: a DITA navtitle (topicmeta), a pmEntry's pmEntryTitle (first, '' removes it);
   * nothing for nodes that take their title from what they reference.
   */
  setTitle(id: string, text: string): void {
    const el = this.byId.get(id);
    if (!el) return;
    if (this.vocabulary.id === 'dita') {
      this.setMetaText(id, 'navtitle', text);
      return;
    }
    if (el.name !== 'pmEntry' || this.vocabulary.titleOf(el) === text) return;
    const existing = childElement(el, 'pmEntryTitle');
    if (existing && text === '') this.detach(existing);
    else if (existing) {
      existing.children = [textNode(escapeText(text))];
      if (existing.selfClosing) {
        existing.selfClosing = false;
        existing.openTail = existing.openTail.replace(/\s*\/>$/, '>');
        existing.openRaw = this.openTag(existing);
        existing.closeRaw = `</${existing.name}>`;
      }
    } else if (text !== '') {
      const first = el.children.find(isElement);
      this.attach(fragment(`<pmEntryTitle>${escapeText(text)}</pmEntryTitle>`), el, first ? { before: first } : {});
    }
    this.reindex();
  }

  /** Sets (or, with '' or null, removes) attributes; unchanged attributes keep their written form. */
  setAttributes(id: string, changes: Record<string, string | null>): void {
    const el = this.byId.get(id) ?? (id === 'root' ? (this.doc.root ?? undefined) : undefined);
    if (!el) return;
    let attrs = [...el.attrs];
    for (const [name, value] of Object.entries(changes)) {
      const i = attrs.findIndex((a) => a.name === name);
      const current = attrs[i];
      if (value === null || value === '') {
        if (i >= 0) attrs = attrs.filter((_, k) => k !== i);
        continue;
      }
      if (current && current.value === value) continue;
      const quote = current?.quote ?? '"';
      const rawValue = escapeAttr(value, quote);
      const lead = current ? (/^\s*/.exec(current.raw)?.[0] ?? ' ') : ' ';
      const attr = { name, value, rawValue, quote, raw: `${lead}${name}=${quote}${rawValue}${quote}`, start: current?.start ?? 0 };
      if (current) attrs[i] = attr;
      else attrs.push(attr);
    }
    const changed = attrs.length !== el.attrs.length || attrs.some((a, k) => a !== el.attrs[k]);
    if (!changed) return;
    el.attrs = attrs;
    el.openRaw = this.openTag(el);
  }

  /** Sets topicmeta/<name> text (keywords: one keyword); '' removes it (and an emptied topicmeta). */
  setMetaText(id: string, name: 'navtitle' | 'linktext' | 'keywords', text: string): void {
    const el = this.byId.get(id);
    if (!el || this.metaText(el, name) === text) return;
    let meta = childElement(el, 'topicmeta');
    const existing = meta ? childElement(meta, name) : undefined;
    if (existing && meta) {
      if (text === '') {
        this.detach(existing);
        if (meta.selfClosing) this.detach(meta);
      } else {
        const inner = name === 'keywords' ? `<keyword>${escapeText(text)}</keyword>` : escapeText(text);
        existing.children = [textNode(inner)];
        if (existing.selfClosing) {
          existing.selfClosing = false;
          existing.openTail = existing.openTail.replace(/\s*\/>$/, '>');
          existing.openRaw = this.openTag(existing);
          existing.closeRaw = `</${existing.name}>`;
        }
      }
      this.reindex();
      return;
    }
    if (text === '') return;
    const xml = name === 'keywords' ? `<keywords><keyword>${escapeText(text)}</keyword></keywords>` : `<${name}>${escapeText(text)}</${name}>`;
    if (!meta) {
      meta = fragment('<topicmeta/>');
      const first = el.children.find(isElement);
      this.attach(meta, el, first ? { before: first } : {});
    }
    this.attach(fragment(xml), meta, {});
    this.reindex();
  }

  /** The map's relationship tables as grids. */
  relTables(): RelTable[] {
    const root = this.doc.root;
    if (!root) return [];
    return root.children
      .filter((c): c is XmlElement => isElement(c) && c.name === 'reltable')
      .map((t) => {
        const header = childElement(t, 'relheader');
        const columns = (header?.children.filter(isElement) ?? []).map((c) => attrValue(c, 'type') ?? '');
        const rows = t.children
          .filter((c): c is XmlElement => isElement(c) && c.name === 'relrow')
          .map((r) => r.children.filter(isElement).map((cell) => this.refsIn(cell)));
        return { id: this.idOf(t), title: attrValue(t, 'title') ?? '', columns, rows };
      });
  }

  private refsIn(el: XmlElement): string[] {
    const out: string[] = [];
    const walk = (e: XmlElement) => {
      for (const c of e.children)
        if (isElement(c)) {
          const href = attrValue(c, 'href');
          if (href && c.name === 'topicref') out.push(href);
          walk(c);
        }
    };
    walk(el);
    return out;
  }

  /**
   * Writes a relationship table from its grid (a new one when `id` is null); the table's other
   * content (title, metadata) stays, each cell is written again only when its hrefs changed.
   */
  setRelTable(id: string | null, grid: { columns: string[]; rows: string[][][] }): string {
    const root = this.doc.root;
    if (!root) throw new Error('no root element');
    const cellXml = (hrefs: string[]) =>
      hrefs.length === 0 ? '<relcell/>' : `<relcell>${hrefs.map((h) => `<topicref href="${escapeAttr(h)}"/>`).join('')}</relcell>`;
    const rowXml = (cells: string[][]) => `<relrow>${grid.columns.map((_, k) => cellXml(cells[k] ?? [])).join('')}</relrow>`;
    const headerXml = `<relheader>${grid.columns.map((c) => `<relcolspec type="${escapeAttr(c)}"/>`).join('')}</relheader>`;
    const existing = id ? this.byId.get(id) : undefined;
    if (!existing) {
      const table = fragment(`<reltable>${headerXml}${grid.rows.map(rowXml).join('')}</reltable>`);
      this.attach(table, root, {});
      this.reindex();
      return this.idOf(table);
    }
    const current = this.relTables().find((t) => t.id === id);
    const sameColumns = current && JSON.stringify(current.columns) === JSON.stringify(grid.columns);
    if (!sameColumns) {
      const header = childElement(existing, 'relheader');
      const fresh = fragment(headerXml);
      if (header) {
        this.attach(fresh, existing, { before: header });
        this.detach(header);
      } else this.attach(fresh, existing, {});
    }
    const rows = existing.children.filter((c): c is XmlElement => isElement(c) && c.name === 'relrow');
    grid.rows.forEach((cells, r) => {
      const row = rows[r];
      if (row && current && sameColumns && JSON.stringify(current.rows[r]) === JSON.stringify(cells)) return;
      const fresh = fragment(rowXml(cells));
      if (row) {
        this.attach(fresh, existing, { before: row });
        this.detach(row);
      } else this.attach(fresh, existing, rows.length ? { after: existing.children.filter(isElement).at(-1) as XmlElement } : {});
    });
    for (const row of rows.slice(grid.rows.length)) this.detach(row);
    this.reindex();
    return existing ? this.idOf(existing) : '';
  }

  removeRelTable(id: string): void {
    const el = this.byId.get(id);
    if (el) this.detach(el);
  }
}
