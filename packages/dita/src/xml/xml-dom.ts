/** A light DOM that remembers where every element came from (for located problems). */
export interface XmlElement {
  readonly type: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlElement | undefined;
  file: string;
  line: number;
  column: number;
  /** Flags a DITAVAL put on this element (colour, style, start/end images). */
  flags?: Flag[];
}

export interface Flag {
  att: string;
  val: string;
  color?: string;
  backcolor?: string;
  style?: string[];
  startImage?: string;
  startAlt?: string;
  endImage?: string;
  endAlt?: string;
  changebar?: string;
  revprop: boolean;
}

export interface XmlText {
  readonly type: 'text';
  text: string;
}

export type XmlNode = XmlElement | XmlText;

export interface Doctype {
  rootName: string;
  publicId?: string;
  systemId?: string;
}

export function createElement(name: string, attrs: Record<string, string> = {}, at?: { file: string; line: number; column: number }): XmlElement {
  return { type: 'element', name, attrs, children: [], parent: undefined, file: at?.file ?? '', line: at?.line ?? 0, column: at?.column ?? 0 };
}

export function appendChild(parent: XmlElement, child: XmlNode): void {
  if (child.type === 'element') child.parent = parent;
  parent.children.push(child);
}

export function textNode(text: string): XmlText {
  return { type: 'text', text };
}

export function* childElements(el: XmlElement): Generator<XmlElement> {
  for (const c of el.children) if (c.type === 'element') yield c;
}

export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (c.type === 'element' && c.name === name) return c;
  return undefined;
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.type === 'element' && c.name === name) out.push(c);
  return out;
}

/** Depth-first, document order, including el itself. */
export function* descendants(el: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [el];
  while (stack.length > 0) {
    const cur = stack.pop();
    if (cur === undefined) break;
    yield cur;
    for (let i = cur.children.length - 1; i >= 0; i--) {
      const c = cur.children[i];
      if (c !== undefined && c.type === 'element') stack.push(c);
    }
  }
}

export function findDescendant(el: XmlElement, pred: (e: XmlElement) => boolean): XmlElement | undefined {
  for (const d of descendants(el)) if (pred(d)) return d;
  return undefined;
}

export function textContent(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  let out = '';
  for (const c of node.children) out += c.type === 'text' ? c.text : textContent(c);
  return out;
}

/** Elements whose text runs on with the text around it (phrases, keywords, terms, links, highlights). */
const INLINE_ELEMENTS = new Set([
  'ph',
  'b',
  'i',
  'u',
  'tt',
  'sup',
  'sub',
  'line-through',
  'overline',
  'codeph',
  'filepath',
  'cmdname',
  'parmname',
  'apiname',
  'option',
  'varname',
  'var',
  'systemoutput',
  'userinput',
  'uicontrol',
  'wintitle',
  'menucascade',
  'msgph',
  'msgnum',
  'synph',
  'kwd',
  'oper',
  'delim',
  'sep',
  'repsep',
  'cite',
  'term',
  'keyword',
  'tm',
  'q',
  'xref',
  'abbreviated-form',
  'shortcut',
  'text',
  'boolean',
  'state',
  'image',
  'markupname',
  'xmlelement',
  'xmlatt',
  'textentity',
  'parameterentity',
  'numcharref',
  'xmlpi',
  'xmlnsname',
]);
/** A specialised element is inline when it comes from one of these (its @class says so). */
const INLINE_CLASS = / topic\/(ph|keyword|term|xref|tm|q|text|boolean|state|image) /;

const isInline = (el: XmlElement) => INLINE_ELEMENTS.has(el.name) || INLINE_CLASS.test(el.attrs.class ?? '');

/**
 * The text of a node as a reader sees it: every block element (title, paragraph, list item,
 * table cell, ...) is set off by a space, so `<title>A</title><shortdesc>Shared</shortdesc>` reads
 * "A Shared", not "AShared", while inline elements run on (`Sha<b>red</b>` reads "Shared").
 */
export function readableText(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  let out = '';
  for (const c of node.children) {
    if (c.type === 'text') out += c.text;
    else if (isInline(c)) out += readableText(c);
    else out += ` ${readableText(c)} `;
  }
  return out;
}

/** Deep copy; the copy keeps source locations and gets the given parent. */
export function cloneElement(el: XmlElement, parent?: XmlElement): XmlElement {
  const copy: XmlElement = { type: 'element', name: el.name, attrs: { ...el.attrs }, children: [], parent, file: el.file, line: el.line, column: el.column };
  if (el.flags !== undefined) copy.flags = el.flags;
  for (const c of el.children) copy.children.push(c.type === 'text' ? { type: 'text', text: c.text } : cloneElement(c, copy));
  return copy;
}

export function replaceNode(old: XmlElement, replacements: XmlNode[]): void {
  const parent = old.parent;
  if (parent === undefined) return;
  const i = parent.children.indexOf(old);
  if (i < 0) return;
  for (const r of replacements) if (r.type === 'element') r.parent = parent;
  parent.children.splice(i, 1, ...replacements);
}

export function removeNode(el: XmlElement): void {
  replaceNode(el, []);
}

export function isBlank(text: string): boolean {
  return /^\s*$/.test(text);
}
