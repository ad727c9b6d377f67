/**
 * A lossless XML tokenizer and tree for DITA files. Every byte of the input belongs to exactly one
 * node (declaration, DOCTYPE with its internal subset, comments, processing instructions, CDATA,
 * entity references, text and whitespace, tags with their attribute order and quoting), so
 * `serialize(parseXml(s)) === s` for any input, well-formed or not. Well-formedness errors are
 * collected with their line and column instead of stopping the parse.
 * Over 400 lines: one tokenizer: the node types, the parser that fills them (one 350-line class)
 * and the serializer that writes them back must agree byte for byte, and change together.
 */

export interface XmlLocation {
  /** Offset of the first character (UTF-16 units) and the offset after the last one. */
  start: number;
  end: number;
  /** 1-based line and column of `start`. */
  line: number;
  column: number;
}

export interface XmlAttr {
  name: string;
  /** Decoded value (character and predefined entity references replaced). */
  value: string;
  /** The value as written between the quotes. */
  rawValue: string;
  quote: '"' | "'";
  /** The whole attribute as written, including the whitespace before it (` id = "x"`). */
  raw: string;
  start: number;
}

export interface XmlElement extends XmlLocation {
  type: 'element';
  name: string;
  attrs: XmlAttr[];
  children: XmlNode[];
  selfClosing: boolean;
  /** The start tag as written, e.g. `<p id="a">` or `<br/>`; whitespace before `>` is kept in `openTail`. */
  openRaw: string;
  /** What follows the last attribute up to and including `>` or `/>`. */
  openTail: string;
  /** The end tag as written (`</p>`, `</p >`), empty for a self-closing element or a missing end tag. */
  closeRaw: string;
  /** Offset after the start tag, and offset of the end tag (equal to `end` when there is none). */
  openEnd: number;
  closeStart: number;
}

export interface XmlText extends XmlLocation {
  type: 'text';
  raw: string;
}
export interface XmlEntityRef extends XmlLocation {
  type: 'entity';
  /** `amp`, `product`, or `#160` / `#xA0` for character references. */
  name: string;
  raw: string;
}
export interface XmlComment extends XmlLocation {
  type: 'comment';
  raw: string;
  value: string;
}
export interface XmlPI extends XmlLocation {
  type: 'pi';
  raw: string;
  target: string;
  data: string;
}
export interface XmlCData extends XmlLocation {
  type: 'cdata';
  raw: string;
  value: string;
}
export interface XmlDoctype extends XmlLocation {
  type: 'doctype';
  raw: string;
  rootName: string;
  publicId?: string;
  systemId?: string;
  internalSubset?: string;
}
export interface XmlDecl extends XmlLocation {
  type: 'xmldecl';
  raw: string;
}

export type XmlLeaf = XmlText | XmlEntityRef | XmlComment | XmlPI | XmlCData | XmlDoctype | XmlDecl;
export type XmlNode = XmlElement | XmlLeaf;

export interface XmlError {
  code: string;
  message: string;
  offset: number;
  line: number;
  column: number;
}

export interface XmlDocument {
  type: 'document';
  source: string;
  children: XmlNode[];
  /** The root element, when there is one. */
  root: XmlElement | null;
  doctype: XmlDoctype | null;
  errors: XmlError[];
  lines: LineIndex;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Offsets of line starts, to turn an offset into a 1-based line and column. */
export class LineIndex {
  readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  lineCol(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }
  /** Offset of a 1-based line and column (clamped to the text). */
  offsetOf(line: number, column: number): number {
    const l = Math.min(Math.max(line, 1), this.starts.length);
    return (this.starts[l - 1] ?? 0) + Math.max(column, 1) - 1;
  }
}

/** Decodes character and predefined entity references; other references stay as written. */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeFromCodePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeFromCodePoint(Number.parseInt(name.slice(1), 10), whole);
    return PREDEFINED[name] ?? whole;
  });
}

function safeFromCodePoint(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** Escapes text content for XML (keeps `>` except after `]]`). */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/]]>/g, ']]&gt;');
}

/** Escapes an attribute value for the given quote. */
export function escapeAttr(value: string, quote: '"' | "'" = '"'): string {
  const v = value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return quote === '"' ? v.replace(/"/g, '&quot;') : v.replace(/'/g, '&apos;');
}

const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.:\-\u00B7\u00C0-\uFFFF]*/y;
const WS = /[ \t\r\n]*/y;
const TEXT_END = /[<&]/g;
const ENTITY_IN_TEXT = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_:\u00C0-\uFFFF][\w.:\-\u00B7\u00C0-\uFFFF]*);/y;

class Parser {
  readonly errors: XmlError[] = [];
  readonly lines: LineIndex;
  pos = 0;
  constructor(readonly src: string) {
    this.lines = new LineIndex(src);
  }

  error(code: string, message: string, offset: number): void {
    const { line, column } = this.lines.lineCol(offset);
    this.errors.push({ code, message, offset, line, column });
  }

  /** Line of the last located offset: nodes are located in order, so the line moves forward (no search per node). */
  private line = 0;

  loc(start: number, end: number): XmlLocation {
    const starts = this.lines.starts;
    if (start < (starts[this.line] ?? 0)) return { start, end, ...this.lines.lineCol(start) };
    while (this.line + 1 < starts.length && (starts[this.line + 1] ?? 0) <= start) this.line++;
    return { start, end, line: this.line + 1, column: start - (starts[this.line] ?? 0) + 1 };
  }

  readName(): string | null {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.src);
    if (!m) return null;
    this.pos += m[0].length;
    return m[0];
  }

  skipWs(): string {
    WS.lastIndex = this.pos;
    const m = WS.exec(this.src);
    const ws = m ? m[0] : '';
    this.pos += ws.length;
    return ws;
  }

  parse(): XmlDocument {
    const src = this.src;
    const docChildren: XmlNode[] = [];
    const stack: XmlElement[] = [];
    let root: XmlElement | null = null;
    let doctype: XmlDoctype | null = null;
    const add = (node: XmlNode) => {
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(node);
      else {
        docChildren.push(node);
        if (node.type === 'text' && /\S/.test(node.raw)) this.error('xml.textOutsideRoot', 'Text is not allowed outside the root element', node.start);
        if (node.type === 'entity') this.error('xml.textOutsideRoot', 'An entity reference is not allowed outside the root element', node.start);
        if (node.type === 'cdata') this.error('xml.textOutsideRoot', 'CDATA is not allowed outside the root element', node.start);
      }
    };
    while (this.pos < src.length) {
      const start = this.pos;
      const ch = src.charCodeAt(start);
      if (ch === 60 /* < */) {
        if (src.startsWith('<!--', start)) add(this.comment());
        else if (src.startsWith('<![CDATA[', start)) add(this.cdata());
        else if (src.startsWith('<!DOCTYPE', start)) {
          const d = this.doctype();
          if (root || stack.length > 0 || doctype) this.error('xml.misplacedDoctype', 'The DOCTYPE must come once, before the root element', start);
          doctype = doctype ?? d;
          add(d);
        } else if (src.startsWith('<?', start)) {
          const pi = this.pi();
          // A byte order mark may come first (it is kept as text before the declaration).
          if (pi.type === 'xmldecl' && start !== 0 && !(start === 1 && src.charCodeAt(0) === 0xfeff))
            this.error('xml.misplacedDeclaration', 'The XML declaration must be at the very start of the file', start);
          add(pi);
        } else if (src.startsWith('</', start)) {
          this.endTag(stack, add);
        } else {
          const el = this.startTag();
          if (!el) {
            // A lone '<': keep it as text so nothing is lost.
            this.error('xml.badTag', 'A "<" must start a tag; write &lt; for a literal "<"', start);
            this.pos = start + 1;
            add({ type: 'text', raw: '<', ...this.loc(start, start + 1) });
            continue;
          }
          if (stack.length === 0) {
            if (root) this.error('xml.multipleRoots', `Only one root element is allowed; found <${el.name}> after <${root.name}>`, start);
            else root = el;
          }
          add(el);
          if (!el.selfClosing) stack.push(el);
        }
      } else if (ch === 38 /* & */) {
        ENTITY_IN_TEXT.lastIndex = start;
        const m = ENTITY_IN_TEXT.exec(src);
        if (m) {
          this.pos = start + m[0].length;
          add({ type: 'entity', name: m[1] ?? '', raw: m[0], ...this.loc(start, this.pos) });
        } else {
          this.error('xml.badEntity', 'A "&" must start an entity reference such as &amp;', start);
          this.pos = start + 1;
          add({ type: 'text', raw: '&', ...this.loc(start, this.pos) });
        }
      } else {
        // Text runs to the next markup or reference (a native search: this loop is the parse's hottest).
        TEXT_END.lastIndex = start;
        const end = TEXT_END.exec(src)?.index ?? src.length;
        const raw = src.slice(start, end);
        const cdEnd = raw.indexOf(']]>');
        if (cdEnd >= 0) this.error('xml.cdataEndInText', 'The sequence "]]>" is not allowed in text', start + cdEnd);
        this.pos = end;
        add({ type: 'text', raw, ...this.loc(start, end) });
      }
    }
    for (const el of [...stack].reverse()) {
      this.error('xml.unclosedElement', `Element <${el.name}> is not closed`, el.start);
      el.end = src.length;
      el.closeStart = src.length;
    }
    if (!root) this.error('xml.noRoot', 'The file has no root element', src.length);
    return { type: 'document', source: src, children: docChildren, root, doctype, errors: this.errors, lines: this.lines };
  }

  comment(): XmlComment {
    const start = this.pos;
    let end = this.src.indexOf('-->', start + 4);
    if (end < 0) {
      this.error('xml.unclosedComment', 'Comment is not closed with -->', start);
      end = this.src.length;
    } else end += 3;
    this.pos = end;
    const raw = this.src.slice(start, end);
    const value = raw.slice(4, raw.endsWith('-->') ? -3 : undefined);
    const dd = value.indexOf('--');
    if (dd >= 0) this.error('xml.doubleHyphenInComment', 'The sequence "--" is not allowed inside a comment', start + 4 + dd);
    return { type: 'comment', raw, value, ...this.loc(start, end) };
  }

  cdata(): XmlCData {
    const start = this.pos;
    let end = this.src.indexOf(']]>', start + 9);
    if (end < 0) {
      this.error('xml.unclosedCdata', 'CDATA section is not closed with ]]>', start);
      end = this.src.length;
    } else end += 3;
    this.pos = end;
    const raw = this.src.slice(start, end);
    return { type: 'cdata', raw, value: raw.slice(9, raw.endsWith(']]>') ? -3 : undefined), ...this.loc(start, end) };
  }

  pi(): XmlPI | XmlDecl {
    const start = this.pos;
    this.pos += 2;
    const target = this.readName() ?? '';
    if (!target) this.error('xml.badProcessingInstruction', 'A processing instruction needs a target name', start);
    let end = this.src.indexOf('?>', this.pos);
    if (end < 0) {
      this.error('xml.unclosedProcessingInstruction', 'Processing instruction is not closed with ?>', start);
      end = this.src.length;
    } else end += 2;
    const raw = this.src.slice(start, end);
    this.pos = end;
    if (target === 'xml') return { type: 'xmldecl', raw, ...this.loc(start, end) };
    const data = this.src.slice(start + 2 + target.length, raw.endsWith('?>') ? end - 2 : end).replace(/^\s+/, '');
    return { type: 'pi', raw, target, data, ...this.loc(start, end) };
  }

  doctype(): XmlDoctype {
    const src = this.src;
    const start = this.pos;
    this.pos += 9;
    this.skipWs();
    const rootName = this.readName() ?? '';
    if (!rootName) this.error('xml.badDoctype', 'The DOCTYPE needs a root element name', start);
    let publicId: string | undefined;
    let systemId: string | undefined;
    let internalSubset: string | undefined;
    this.skipWs();
    const readLiteral = (): string | undefined => {
      this.skipWs();
      const q = src[this.pos];
      if (q !== '"' && q !== "'") return undefined;
      const close = src.indexOf(q, this.pos + 1);
      if (close < 0) return undefined;
      const v = src.slice(this.pos + 1, close);
      this.pos = close + 1;
      return v;
    };
    if (src.startsWith('PUBLIC', this.pos)) {
      this.pos += 6;
      publicId = readLiteral();
      systemId = readLiteral();
    } else if (src.startsWith('SYSTEM', this.pos)) {
      this.pos += 6;
      systemId = readLiteral();
    }
    this.skipWs();
    if (src[this.pos] === '[') {
      const subStart = this.pos + 1;
      // The internal subset ends at the first ']' not inside a literal or comment.
      let i = subStart;
      let quote = '';
      while (i < src.length) {
        const c = src[i];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (src.startsWith('<!--', i)) {
          const e = src.indexOf('-->', i + 4);
          i = e < 0 ? src.length : e + 2;
        } else if (c === ']') break;
        i++;
      }
      internalSubset = src.slice(subStart, i);
      this.pos = Math.min(i + 1, src.length);
      this.skipWs();
    }
    let end: number;
    if (src[this.pos] === '>') end = this.pos + 1;
    else {
      const gt = src.indexOf('>', this.pos);
      this.error('xml.badDoctype', 'The DOCTYPE is not closed with >', start);
      end = gt < 0 ? src.length : gt + 1;
    }
    this.pos = end;
    return { type: 'doctype', raw: src.slice(start, end), rootName, publicId, systemId, internalSubset, ...this.loc(start, end) };
  }

  startTag(): XmlElement | null {
    const src = this.src;
    const start = this.pos;
    this.pos++;
    const name = this.readName();
    if (!name) {
      this.pos = start;
      return null;
    }
    const attrs: XmlAttr[] = [];
    const seen = new Set<string>();
    let tailStart = this.pos;
    let selfClosing = false;
    for (;;) {
      tailStart = this.pos;
      const ws = this.skipWs();
      const c = src[this.pos];
      if (c === '>') {
        this.pos++;
        break;
      }
      if (c === '/' && src[this.pos + 1] === '>') {
        this.pos += 2;
        selfClosing = true;
        break;
      }
      if (c === undefined || c === '<') {
        this.error('xml.unclosedTag', `Start tag <${name}> is not closed with >`, start);
        break;
      }
      const attrStart = this.pos;
      if (!ws) this.error('xml.attrNeedsSpace', `Attributes of <${name}> must be separated by whitespace`, attrStart);
      const attrName = this.readName();
      if (!attrName) {
        this.error('xml.badAttribute', `Unexpected character "${c}" in start tag <${name}>`, attrStart);
        // Skip to the end of the tag so the rest can still be read.
        while (this.pos < src.length && src[this.pos] !== '>' && src[this.pos] !== '<') this.pos++;
        continue;
      }
      this.skipWs();
      if (src[this.pos] !== '=') {
        this.error('xml.attrWithoutValue', `Attribute ${attrName} of <${name}> needs a value`, attrStart);
        continue;
      }
      this.pos++;
      this.skipWs();
      const q = src[this.pos];
      if (q !== '"' && q !== "'") {
        this.error('xml.attrNotQuoted', `The value of attribute ${attrName} must be in quotes`, this.pos);
        while (this.pos < src.length && !/[\s>]/.test(src[this.pos] ?? '>')) this.pos++;
        continue;
      }
      const close = src.indexOf(q, this.pos + 1);
      if (close < 0) {
        this.error('xml.attrNotClosed', `The value of attribute ${attrName} is not closed`, this.pos);
        this.pos = src.length;
        break;
      }
      const rawValue = src.slice(this.pos + 1, close);
      const lt = rawValue.indexOf('<');
      if (lt >= 0) this.error('xml.ltInAttribute', `"<" is not allowed in the value of attribute ${attrName}`, this.pos + 1 + lt);
      this.checkAmpersands(rawValue, this.pos + 1);
      this.pos = close + 1;
      if (seen.has(attrName)) this.error('xml.duplicateAttribute', `Attribute ${attrName} appears twice on <${name}>`, attrStart);
      seen.add(attrName);
      attrs.push({ name: attrName, value: decodeEntities(rawValue), rawValue, quote: q, raw: src.slice(attrStart - ws.length, this.pos), start: attrStart });
    }
    const openEnd = this.pos;
    return {
      type: 'element',
      name,
      attrs,
      children: [],
      selfClosing,
      openRaw: src.slice(start, openEnd),
      openTail: src.slice(tailStart, openEnd),
      closeRaw: '',
      openEnd,
      closeStart: openEnd,
      ...this.loc(start, openEnd),
    };
  }

  checkAmpersands(raw: string, offset: number): void {
    for (let i = raw.indexOf('&'); i >= 0; i = raw.indexOf('&', i + 1)) {
      ENTITY_IN_TEXT.lastIndex = i;
      if (!ENTITY_IN_TEXT.exec(raw)) this.error('xml.badEntity', 'A "&" must start an entity reference such as &amp;', offset + i);
    }
  }

  endTag(stack: XmlElement[], add: (n: XmlNode) => void): void {
    const src = this.src;
    const start = this.pos;
    this.pos += 2;
    const name = this.readName() ?? '';
    this.skipWs();
    if (src[this.pos] === '>') this.pos++;
    else this.error('xml.unclosedTag', `End tag </${name}> is not closed with >`, start);
    const raw = src.slice(start, this.pos);
    let idx = stack.length - 1;
    while (idx >= 0 && stack[idx]?.name !== name) idx--;
    if (idx < 0) {
      this.error(
        'xml.unexpectedEndTag',
        stack.length ? `Unexpected end tag </${name}>; <${stack[stack.length - 1]?.name}> is open` : `Unexpected end tag </${name}>`,
        start,
      );
      // Keep the stray end tag as text so serialisation stays lossless.
      add({ type: 'text', raw, ...this.loc(start, this.pos) });
      return;
    }
    for (const el of stack.slice(idx + 1).reverse()) {
      this.error('xml.mismatchedEndTag', `Element <${el.name}> is not closed before </${name}>`, el.start);
      el.end = start;
      el.closeStart = start;
    }
    const el = stack[idx] as XmlElement;
    stack.length = idx;
    el.closeRaw = raw;
    el.closeStart = start;
    el.end = this.pos;
  }
}

/** Parses XML text into a lossless tree; never throws. */
export function parseXml(source: string): XmlDocument {
  return new Parser(source).parse();
}

/** Writes a node back as text. For an unmodified tree this is exactly the parsed input. */
export function serialize(node: XmlDocument | XmlNode): string {
  const out: string[] = [];
  const walk = (n: XmlDocument | XmlNode) => {
    if (n.type === 'document') for (const c of n.children) walk(c);
    else if (n.type === 'element') {
      out.push(n.openRaw);
      for (const c of n.children) walk(c);
      out.push(n.closeRaw);
    } else out.push(n.raw);
  };
  walk(node);
  return out.join('');
}

/** The concatenated text of an element (entity references other than predefined ones are kept as written). */
export function textContent(node: XmlNode): string {
  if (node.type === 'text') return decodeEntities(node.raw);
  if (node.type === 'cdata') return node.value;
  if (node.type === 'entity') return decodeEntities(node.raw);
  if (node.type === 'element') return node.children.map(textContent).join('');
  return '';
}
