import type { XmlElement, XmlNode } from './xml-dom.js';

/**
 * A fast path for the common case: well-formed XML 1.0 without an internal DTD subset, ASCII names and
 * no unusual characters. It builds exactly the tree (text merging, CDATA nodes, entity expansion,
 * attribute-value normalisation, element line and column) that the saxes-based parser builds, and gives
 * up (returns undefined) at the first thing it does not handle, so that saxes parses the file and reports
 * any problem exactly as before.
 */
export interface FastParsed {
  root: XmlElement;
  doctype: string | undefined;
}

/** Characters XML 1.0 forbids, lone or paired surrogates (columns count code points there) and U+FFFE/U+FFFF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point
const UNUSUAL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]/;
const XML_DECL =
  /<\?xml version=(?:"1\.0"|'1\.0')(?: encoding=(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?: standalone=(?:"(?:yes|no)"|'(?:yes|no)'))?\?>/y;
const WHITESPACE_ONLY = /^[ \t\n]*$/;
const HEX_REF = /^#x[0-9a-fA-F]+$/;
const DEC_REF = /^#[0-9]+$/;

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 58 || c === 45 || c === 46;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9;
}

function isXmlChar(n: number): boolean {
  return n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
}

/** Expands entity and character references; undefined for anything saxes would reject. `attr`: tabs and newlines written as such become spaces. */
function expand(raw: string, entities: ReadonlyMap<string, string>, attr: boolean): string | undefined {
  let out = '';
  let p = 0;
  for (;;) {
    const amp = raw.indexOf('&', p);
    const piece = amp < 0 ? raw.slice(p) : raw.slice(p, amp);
    out += attr ? normalizeAttrPiece(piece) : piece;
    if (amp < 0) return out;
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0) return undefined;
    const name = raw.slice(amp + 1, semi);
    if (name.charCodeAt(0) === 35) {
      let num = Number.NaN;
      if (name.charCodeAt(1) === 120 && HEX_REF.test(name)) num = Number.parseInt(name.slice(2), 16);
      else if (DEC_REF.test(name)) num = Number.parseInt(name.slice(1), 10);
      if (!isXmlChar(num)) return undefined;
      out += String.fromCodePoint(num);
    } else {
      const v = entities.get(name);
      if (v === undefined) return undefined;
      out += v;
    }
    p = semi + 1;
  }
}

function normalizeAttrPiece(s: string): string {
  return s.includes('\n') || s.includes('\t') ? s.replace(/[\n\t]/g, ' ') : s;
}

export function fastParseXml(input: string, file: string, entities: ReadonlyMap<string, string>): FastParsed | undefined {
  if (UNUSUAL_CHARS.test(input)) return undefined;
  const s = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const n = s.length;
  let pos = 0;
  // Line bookkeeping, advanced lazily to the '<' of each element.
  let line = 1;
  let lineStart = 0;
  let nextNl = s.indexOf('\n');
  if (nextNl < 0) nextNl = n;

  let root: XmlElement | undefined;
  let current: XmlElement | undefined;
  let doctype: string | undefined;
  let sawDoctype = false;
  let closedRoot = false;

  if (s.startsWith('<?xml') && isSpace(s.charCodeAt(5))) {
    XML_DECL.lastIndex = 0;
    if (!XML_DECL.test(s)) return undefined;
    pos = XML_DECL.lastIndex;
  }

  const addText = (el: XmlElement, t: string): void => {
    if (t === '') return;
    const kids = el.children;
    const last = kids[kids.length - 1];
    if (last !== undefined && last.type === 'text') last.text += t;
    else kids.push({ type: 'text', text: t });
  };

  while (pos < n) {
    const lt = s.indexOf('<', pos);
    const end = lt < 0 ? n : lt;
    if (end > pos) {
      const seg = s.slice(pos, end);
      if (current === undefined) {
        if (!WHITESPACE_ONLY.test(seg)) return undefined;
      } else {
        if (seg.includes(']]>')) return undefined;
        const text = seg.includes('&') ? expand(seg, entities, false) : seg;
        if (text === undefined) return undefined;
        addText(current, text);
      }
    }
    if (lt < 0) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 47) {
      // </name>
      let p = lt + 2;
      if (!isNameStart(s.charCodeAt(p))) return undefined;
      while (isNameChar(s.charCodeAt(p))) p++;
      const name = s.slice(lt + 2, p);
      while (isSpace(s.charCodeAt(p))) p++;
      if (s.charCodeAt(p) !== 62 || current === undefined || current.name !== name) return undefined;
      current = current.parent;
      if (current === undefined) closedRoot = true;
      pos = p + 1;
    } else if (c === 33) {
      if (s.startsWith('<!--', lt)) {
        const close = s.indexOf('-->', lt + 4);
        if (close < 0) return undefined;
        const body = s.slice(lt + 4, close);
        if (body.includes('--') || body.endsWith('-')) return undefined;
        pos = close + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        if (current === undefined) return undefined;
        const close = s.indexOf(']]>', lt + 9);
        if (close < 0) return undefined;
        current.children.push({ type: 'text', text: s.slice(lt + 9, close) });
        pos = close + 3;
      } else if (s.startsWith('<!DOCTYPE', lt)) {
        if (sawDoctype || root !== undefined) return undefined;
        sawDoctype = true;
        let p = lt + 9;
        let quote = 0;
        for (; p < n; p++) {
          const ch = s.charCodeAt(p);
          if (quote !== 0) {
            if (ch === quote) quote = 0;
          } else if (ch === 34 || ch === 39) quote = ch;
          else if (ch === 91 || ch === 60) return undefined;
          else if (ch === 62) break;
        }
        if (p >= n) return undefined;
        doctype = s.slice(lt + 9, p);
        pos = p + 1;
      } else return undefined;
    } else if (c === 63) {
      // Processing instruction: a name target (not "xml"), then nothing or white space and data, then "?>".
      let p = lt + 2;
      if (!isNameStart(s.charCodeAt(p))) return undefined;
      while (isNameChar(s.charCodeAt(p))) p++;
      const target = s.slice(lt + 2, p);
      if (target.toLowerCase() === 'xml' || target.includes(':')) return undefined;
      if (!s.startsWith('?>', p) && !isSpace(s.charCodeAt(p))) return undefined;
      const close = s.indexOf('?>', p);
      if (close < 0) return undefined;
      pos = close + 2;
    } else {
      // <name attr="value" ...> or <name .../>
      if (closedRoot || !isNameStart(c)) return undefined;
      let p = lt + 2;
      while (isNameChar(s.charCodeAt(p))) p++;
      const name = s.slice(lt + 1, p);
      while (nextNl < lt) {
        line++;
        lineStart = nextNl + 1;
        nextNl = s.indexOf('\n', lineStart);
        if (nextNl < 0) nextNl = n;
      }
      // saxes reports the position after the character that ends the name: a newline there moves to the next line.
      const elLine = s.charCodeAt(p) === 10 ? line + 1 : line;
      const elColumn = s.charCodeAt(p) === 10 ? 1 : lt - lineStart + 1;
      const attrs: Record<string, string> = {};
      let selfClosing = false;
      let ch = s.charCodeAt(p);
      if (!isSpace(ch) && ch !== 62 && ch !== 47) return undefined;
      for (;;) {
        while (isSpace(s.charCodeAt(p))) p++;
        ch = s.charCodeAt(p);
        if (ch === 62) {
          p++;
          break;
        }
        if (ch === 47) {
          if (s.charCodeAt(p + 1) !== 62) return undefined;
          selfClosing = true;
          p += 2;
          break;
        }
        if (!isNameStart(ch)) return undefined;
        const a0 = p;
        while (isNameChar(s.charCodeAt(p))) p++;
        const attrName = s.slice(a0, p);
        while (isSpace(s.charCodeAt(p))) p++;
        if (s.charCodeAt(p) !== 61) return undefined;
        p++;
        while (isSpace(s.charCodeAt(p))) p++;
        const q = s.charCodeAt(p);
        if (q !== 34 && q !== 39) return undefined;
        const close = s.indexOf(q === 34 ? '"' : "'", p + 1);
        if (close < 0) return undefined;
        const raw = s.slice(p + 1, close);
        if (raw.includes('<')) return undefined;
        const value = raw.includes('&') ? expand(raw, entities, true) : normalizeAttrPiece(raw);
        if (value === undefined || attrName === '__proto__' || Object.hasOwn(attrs, attrName)) return undefined;
        attrs[attrName] = value;
        p = close + 1;
        ch = s.charCodeAt(p);
        if (!isSpace(ch) && ch !== 62 && ch !== 47) return undefined;
      }
      const el: XmlElement = { type: 'element', name, attrs, children: [] as XmlNode[], parent: current, file, line: elLine, column: elColumn };
      if (current === undefined) {
        if (root !== undefined) return undefined;
        root = el;
      } else current.children.push(el);
      if (!selfClosing) current = el;
      else if (current === undefined) closedRoot = true;
      pos = p;
    }
  }
  if (root === undefined || current !== undefined) return undefined;
  return { root, doctype };
}
