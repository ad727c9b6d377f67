/**
 * A small XML parser for CSDB objects: elements with line and column, text, comments, and the
 * internal DTD subset's ENTITY and NOTATION declarations (every Bike module declares its ICNs as
 * `<!ENTITY ICN-... SYSTEM "ICN-....CGM" NDATA cgm>`). One pass over the text, no validation.
 * Malformed input throws an XmlSyntaxError with the line and column.
 */

export interface XmlElement {
  readonly type: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlElement | undefined;
  line: number;
  column: number;
}

export interface XmlText {
  readonly type: 'text';
  text: string;
}

export interface XmlComment {
  readonly type: 'comment';
  text: string;
}

export type XmlNode = XmlElement | XmlText | XmlComment;

export interface EntityDecl {
  name: string;
  /** Replacement text of an internal entity. */
  value?: string;
  systemId?: string;
  publicId?: string;
  /** Notation of an unparsed (NDATA) entity. */
  notation?: string;
  line: number;
}

export interface NotationDecl {
  name: string;
  publicId?: string;
  systemId?: string;
}

export interface XmlDocument {
  root: XmlElement;
  /** Name after <!DOCTYPE, when there is one. */
  doctypeName?: string;
  /** The internal subset as written (between [ and ]), kept for serialising instances. */
  internalSubset?: string;
  entities: Map<string, EntityDecl>;
  notations: Map<string, NotationDecl>;
}

export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${reason}`);
  }
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY_DECL =
  /<!ENTITY\s+(%\s+)?([^\s"'>]+)\s+(?:"([^"]*)"|'([^']*)'|(?:PUBLIC\s+(?:"([^"]*)"|'([^']*)')\s+|SYSTEM\s+)(?:"([^"]*)"|'([^']*)')(?:\s+NDATA\s+([^\s>]+))?)\s*>/g;
const NOTATION_DECL = /<!NOTATION\s+([^\s>]+)\s+(?:PUBLIC\s+(?:"([^"]*)"|'([^']*)')(?:\s+(?:"([^"]*)"|'([^']*)'))?|SYSTEM\s+(?:"([^"]*)"|'([^']*)'))\s*>/g;

export function decodeXml(content: string | Uint8Array): string {
  if (typeof content === 'string') return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  if (content.length >= 2 && content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content.subarray(2));
  const s = new TextDecoder('utf-8').decode(content);
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

export function parseXml(content: string | Uint8Array): XmlDocument {
  const src = decodeXml(content);
  const s = src.includes('\r') ? src.replace(/\r\n?/g, '\n') : src;
  const n = s.length;
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  const advanceTo = (p: number): void => {
    for (let i = scanned; i < p; i++) {
      if (s.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    if (p > scanned) scanned = p;
  };
  const fail = (reason: string, at = pos): never => {
    advanceTo(at);
    throw new XmlSyntaxError(reason, line, at - lineStart + 1);
  };
  const entities = new Map<string, EntityDecl>();
  const notations = new Map<string, NotationDecl>();
  const doc: Partial<XmlDocument> & { entities: Map<string, EntityDecl>; notations: Map<string, NotationDecl> } = { entities, notations };

  const expand = (raw: string, at: number, attr: boolean): string => {
    if (!raw.includes('&')) return attr ? raw.replace(/[\n\t]/g, ' ') : raw;
    let out = '';
    let p = 0;
    for (;;) {
      const amp = raw.indexOf('&', p);
      const piece = amp < 0 ? raw.slice(p) : raw.slice(p, amp);
      out += attr ? piece.replace(/[\n\t]/g, ' ') : piece;
      if (amp < 0) return out;
      const semi = raw.indexOf(';', amp + 1);
      if (semi < 0) fail('unterminated entity reference', at);
      const name = raw.slice(amp + 1, semi);
      if (name.startsWith('#x')) out += String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      else if (name.startsWith('#')) out += String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      else if (PREDEFINED[name] !== undefined) out += PREDEFINED[name];
      else {
        const e = entities.get(name);
        if (e?.value === undefined) fail(`undeclared or unparsed entity '${name}' referenced`, at);
        out += e?.value ?? '';
      }
      p = semi + 1;
    }
  };

  let root: XmlElement | undefined;
  let current: XmlElement | undefined;
  const nameRe = /[^\s/>=]+/y;
  const attrRe = /\s*([^\s/>=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

  while (pos < n) {
    const lt = s.indexOf('<', pos);
    if (lt < 0 || lt > pos) {
      const end = lt < 0 ? n : lt;
      const raw = s.slice(pos, end);
      if (current !== undefined) {
        const text = expand(raw, pos, false);
        const last = current.children[current.children.length - 1];
        if (last !== undefined && last.type === 'text') last.text += text;
        else current.children.push({ type: 'text', text });
      } else if (raw.trim() !== '') fail('text outside the root element');
      pos = end;
      continue;
    }
    const c1 = s.charCodeAt(lt + 1);
    if (c1 === 63 /* ? */) {
      const end = s.indexOf('?>', lt + 2);
      if (end < 0) fail('unterminated processing instruction', lt);
      pos = end + 2;
    } else if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      if (end < 0) fail('unterminated comment', lt);
      if (current !== undefined) current.children.push({ type: 'comment', text: s.slice(lt + 4, end) });
      pos = end + 3;
    } else if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0 || current === undefined) fail('CDATA section outside an element or unterminated', lt);
      const text = s.slice(lt + 9, end);
      const last = current?.children[current.children.length - 1];
      if (last !== undefined && last.type === 'text') last.text += text;
      else current?.children.push({ type: 'text', text });
      pos = end + 3;
    } else if (s.startsWith('<!DOCTYPE', lt)) {
      if (root !== undefined) fail('DOCTYPE after the root element', lt);
      const m = /<!DOCTYPE\s+([^\s[>]+)[^[>]*/y;
      m.lastIndex = lt;
      const dm = m.exec(s);
      if (dm === null) fail('malformed DOCTYPE', lt);
      doc.doctypeName = dm?.[1];
      let p = m.lastIndex;
      if (s.charCodeAt(p) === 91 /* [ */) {
        const close = findSubsetEnd(s, p + 1);
        if (close < 0) fail('unterminated internal DTD subset', lt);
        const subset = s.slice(p + 1, close);
        doc.internalSubset = subset;
        readDeclarations(subset, s, p + 1, entities, notations);
        p = close + 1;
      }
      const gt = s.indexOf('>', p);
      if (gt < 0) fail('unterminated DOCTYPE', lt);
      pos = gt + 1;
    } else if (c1 === 47 /* / */) {
      nameRe.lastIndex = lt + 2;
      const m = nameRe.exec(s);
      const gt = s.indexOf('>', lt + 2);
      if (m === null || gt < 0) fail('malformed end tag', lt);
      if (current === undefined || current.name !== m?.[0]) fail(`end tag </${m?.[0]}> does not match <${current?.name ?? ''}>`, lt);
      current = current?.parent;
      pos = gt + 1;
    } else {
      nameRe.lastIndex = lt + 1;
      const m = nameRe.exec(s);
      if (m === null) fail('malformed start tag', lt);
      advanceTo(lt);
      const el: XmlElement = { type: 'element', name: m?.[0] ?? '', attrs: {}, children: [], parent: current, line, column: lt - lineStart + 1 };
      let p = nameRe.lastIndex;
      for (;;) {
        attrRe.lastIndex = p;
        const a = attrRe.exec(s);
        if (a === null) break;
        el.attrs[a[1] ?? ''] = expand(a[2] ?? a[3] ?? '', p, true);
        p = attrRe.lastIndex;
      }
      while (p < n && /\s/.test(s.charAt(p))) p++;
      let selfClosing = false;
      if (s.startsWith('/>', p)) {
        selfClosing = true;
        p += 2;
      } else if (s.charCodeAt(p) === 62) p += 1;
      else fail(`malformed start tag <${el.name}>`, p);
      if (current === undefined) {
        if (root !== undefined) fail('a second root element', lt);
        root = el;
      } else current.children.push(el);
      if (!selfClosing) current = el;
      pos = p;
    }
  }
  if (root === undefined) fail('no root element');
  if (current !== undefined) fail(`element <${current.name}> is not closed`, n);
  return { ...doc, root: root as XmlElement };
}

function findSubsetEnd(s: string, from: number): number {
  let p = from;
  let quote = 0;
  while (p < s.length) {
    const c = s.charCodeAt(p);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (s.startsWith('<!--', p)) {
      const e = s.indexOf('-->', p + 4);
      if (e < 0) return -1;
      p = e + 2;
    } else if (c === 93 /* ] */) return p;
    p++;
  }
  return -1;
}

function readDeclarations(subset: string, whole: string, offset: number, entities: Map<string, EntityDecl>, notations: Map<string, NotationDecl>): void {
  const lineOf = (i: number): number => {
    let l = 1;
    for (let k = whole.indexOf('\n'); k >= 0 && k < offset + i; k = whole.indexOf('\n', k + 1)) l++;
    return l;
  };
  const clean = subset.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length));
  for (const m of clean.matchAll(ENTITY_DECL)) {
    if (m[1] !== undefined) continue; // parameter entities are not content
    const name = m[2] ?? '';
    if (entities.has(name)) continue; // the first declaration wins
    const value = m[3] ?? m[4];
    const publicId = m[5] ?? m[6];
    const systemId = m[7] ?? m[8];
    entities.set(name, {
      name,
      ...(value !== undefined ? { value } : {}),
      ...(publicId !== undefined ? { publicId } : {}),
      ...(systemId !== undefined ? { systemId } : {}),
      ...(m[9] !== undefined ? { notation: m[9] } : {}),
      line: lineOf(m.index ?? 0),
    });
  }
  for (const m of clean.matchAll(NOTATION_DECL)) {
    const publicId = m[2] ?? m[3];
    const systemId = m[4] ?? m[5] ?? m[6] ?? m[7];
    notations.set(m[1] ?? '', { name: m[1] ?? '', ...(publicId !== undefined ? { publicId } : {}), ...(systemId !== undefined ? { systemId } : {}) });
  }
}

// ---- small DOM helpers ----

export function firstChild(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (el === undefined) return undefined;
  for (const c of el.children) if (c.type === 'element' && c.name === name) return c;
  return undefined;
}

export function childElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.type === 'element') out.push(c);
  return out;
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.type === 'element' && c.name === name) out.push(c);
  return out;
}

/** The first element on a path of child names. */
export function path(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let cur = el;
  for (const n of names) cur = firstChild(cur, n);
  return cur;
}

/** Every element below el (and el), document order. */
export function* descendants(el: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [el];
  while (stack.length > 0) {
    const cur = stack.pop() as XmlElement;
    yield cur;
    for (let i = cur.children.length - 1; i >= 0; i--) {
      const c = cur.children[i];
      if (c !== undefined && c.type === 'element') stack.push(c);
    }
  }
}

export function textOf(el: XmlElement | undefined): string {
  if (el === undefined) return '';
  let out = '';
  for (const c of el.children) {
    if (c.type === 'text') out += c.text;
    else if (c.type === 'element') out += textOf(c);
  }
  return out;
}

/** Text with runs of white space made one space and trimmed. */
export function normText(el: XmlElement | undefined): string {
  return textOf(el).replace(/\s+/g, ' ').trim();
}

const esc = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (t: string): string => esc(t).replace(/"/g, '&quot;');

export function serializeElement(el: XmlElement): string {
  let out = `<${el.name}`;
  for (const [k, v] of Object.entries(el.attrs)) out += ` ${k}="${escAttr(v)}"`;
  if (el.children.length === 0) return `${out}/>`;
  out += '>';
  for (const c of el.children) {
    if (c.type === 'text') out += esc(c.text);
    else if (c.type === 'comment') out += `<!--${c.text}-->`;
    else out += serializeElement(c);
  }
  return `${out}</${el.name}>`;
}

/** The document as XML text: declaration, DOCTYPE with its internal subset, root. */
export function serializeDocument(doc: XmlDocument): string {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (doc.doctypeName !== undefined) out += `<!DOCTYPE ${doc.doctypeName}${doc.internalSubset !== undefined ? ` [${doc.internalSubset}]` : ''}>\n`;
  return `${out + serializeElement(doc.root)}\n`;
}

/** A deep copy (parents re-linked), for instances that remove elements. */
export function cloneElement(el: XmlElement, parent?: XmlElement): XmlElement {
  const copy: XmlElement = { type: 'element', name: el.name, attrs: { ...el.attrs }, children: [], parent, line: el.line, column: el.column };
  for (const c of el.children) copy.children.push(c.type === 'element' ? cloneElement(c, copy) : { ...c });
  return copy;
}
