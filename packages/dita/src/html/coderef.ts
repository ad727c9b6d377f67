import { isExternalHref, splitHref, splitHrefKey } from '../links/href.js';
import { resolveRelative } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { escapeText } from './html-escape.js';
import type { RenderState } from './render-state.js';

/**
 * coderef as DITA-OT 4.x reads it (org.dita.dost.writer.include.IncludeText): the file in the charset @encoding or
 * @format ("txt; charset=GB18030") names, else UTF-8; the lines a #line-range(), RFC 5147 #line= or #token= fragment
 * selects.
 */

export interface DecodedCode {
  text: string;
  /** The charset as the source names it (or UTF-8), for messages. */
  encoding: string;
  /** Whether some bytes are not valid in that charset (DITA-OT DOTJ084E); they are read as U+FFFD. */
  malformed: boolean;
}

// Java names TextDecoder does not read as Java does: ISO-8859-1 and US-ASCII are windows-1252 to a browser.
const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'iso8859_1', 'iso_8859-1', 'iso_8859_1', '8859_1', 'latin1', 'l1', 'cp819', 'ibm819', 'csisolatin1']);
const ASCII = new Set(['us-ascii', 'ascii', 'iso646-us', 'us', 'ascii7', '646', 'cp367', 'ibm367', 'csascii']);
const UTF16 = new Map([
  ['utf-16', undefined],
  ['utf16', undefined],
  ['utf_16', undefined],
  ['unicode', undefined],
  ['utf-16be', 'be'],
  ['utf_16be', 'be'],
  ['x-utf-16be', 'be'],
  ['unicodebigunmarked', 'be'],
  ['utf-16le', 'le'],
  ['utf_16le', 'le'],
  ['x-utf-16le', 'le'],
  ['unicodelittleunmarked', 'le'],
]);
const UTF32 = new Map([
  ['utf-32', undefined],
  ['utf32', undefined],
  ['utf_32', undefined],
  ['utf-32be', 'be'],
  ['utf_32be', 'be'],
  ['x-utf-32be', 'be'],
  ['utf-32le', 'le'],
  ['utf_32le', 'le'],
  ['x-utf-32le', 'le'],
]);

/** A code file's text in the named charset (Java's names and the WHATWG labels); undefined for a charset not known. */
export function decodeCodeFile(raw: Buffer, charset: string): DecodedCode | undefined {
  const name = charset.trim();
  const label = name.toLowerCase();
  if (LATIN1.has(label)) return { text: raw.toString('latin1'), encoding: name, malformed: false };
  if (ASCII.has(label)) {
    let text = '';
    for (const b of raw) text += b > 0x7f ? '\uFFFD' : String.fromCharCode(b);
    return { text, encoding: name, malformed: raw.some((b) => b > 0x7f) };
  }
  if (UTF32.has(label)) return { ...utf32(raw, UTF32.get(label)), encoding: name };
  if (UTF16.has(label)) {
    // Java's UTF-16 reads a byte order mark and is big-endian without one; the WHATWG label is little-endian.
    let order = UTF16.get(label);
    let body = raw;
    if (order === undefined) {
      order = raw[0] === 0xff && raw[1] === 0xfe ? 'le' : 'be';
      if ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff)) body = raw.subarray(2);
    }
    return decodeWith(body, `utf-16${order}`, name);
  }
  for (const l of [label, label.replace(/_/g, '-')]) {
    const decoded = decodeWith(raw, l, name);
    if (decoded !== undefined) return decoded;
  }
  return undefined;
}

function decodeWith(raw: Buffer, label: string, name: string): DecodedCode | undefined {
  let strict: InstanceType<typeof TextDecoder>;
  try {
    strict = new TextDecoder(label, { fatal: true });
  } catch {
    return undefined;
  }
  try {
    return { text: strict.decode(raw), encoding: name, malformed: false };
  } catch {
    return { text: new TextDecoder(label).decode(raw), encoding: name, malformed: true };
  }
}

function utf32(raw: Buffer, order: string | undefined): { text: string; malformed: boolean } {
  let le = order === 'le';
  let i = 0;
  if (order === undefined && raw.length >= 4) {
    if (raw[0] === 0 && raw[1] === 0 && raw[2] === 0xfe && raw[3] === 0xff) i = 4;
    else if (raw[0] === 0xff && raw[1] === 0xfe && raw[2] === 0 && raw[3] === 0) {
      le = true;
      i = 4;
    }
  }
  let text = '';
  let malformed = false;
  for (; i + 4 <= raw.length; i += 4) {
    const cp = le ? raw.readUInt32LE(i) : raw.readUInt32BE(i);
    const valid = cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    malformed ||= !valid;
    text += valid ? String.fromCodePoint(cp) : '\uFFFD';
  }
  if (i < raw.length) {
    malformed = true;
    text += '\uFFFD';
  }
  return { text, malformed };
}

/** Without a charset: UTF-8, or UTF-16 by its byte order mark. */
function decodeDefault(raw: Buffer): DecodedCode {
  const bom16 = (raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff);
  return (bom16 ? decodeCodeFile(raw, 'UTF-16') : decodeWith(raw, 'utf-8', 'UTF-8')) ?? { text: raw.toString('utf8'), encoding: 'UTF-8', malformed: false };
}

/** The charset a coderef names: @encoding first, else the charset parameter of its (or its key's) @format. */
function namedCharset(el: XmlElement, target: CodeTarget): { charset: string; where: string } | undefined {
  const encoding = el.attrs.encoding?.trim();
  if (encoding) return { charset: encoding, where: '@encoding of coderef' };
  const charset = /(?:^|;)\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(target.format ?? '')?.[1];
  if (charset === undefined) return undefined;
  return { charset, where: target.key !== undefined && el.attrs.format === undefined ? `@format of key "${target.key}"` : '@format of coderef' };
}

/** The lines of a text as Java's readLine gives them: \r\n, \r and \n end a line, and a last newline ends the last one. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The lines a coderef fragment selects (DITA-OT): #line-range(a,b) counts from 1, both ends included; RFC 5147
 * #line=a,b counts from 0, the end excluded (#line=a is line a alone); #token=start,end takes the lines between a line
 * that holds the start token and the next that holds the end token, both excluded, every such section. Any other
 * fragment takes the whole file.
 */
export function codeLines(text: string, fragment: string | undefined): string[] {
  const lines = splitLines(text);
  if (fragment === undefined) return lines;
  const inRange = (start: number, end: number) => lines.filter((_, i) => i >= start && i <= end);
  const rfc = /^line=(?:(\d+)|(\d+)?,(\d+)?)$/.exec(fragment);
  if (rfc !== null) {
    if (rfc[1] !== undefined) return inRange(Number(rfc[1]), Number(rfc[1]));
    return inRange(rfc[2] !== undefined ? Number(rfc[2]) : 0, rfc[3] !== undefined ? Number(rfc[3]) - 1 : Number.POSITIVE_INFINITY);
  }
  const range = /^line-range\((\d+)(?:,\s*(\d+))?\)$/.exec(fragment);
  if (range !== null) return inRange(Number(range[1]) - 1, range[2] !== undefined ? Number(range[2]) - 1 : Number.POSITIVE_INFINITY);
  const token = /^token=([^,\s)]*)(?:,\s*([^,\s)]+))?$/.exec(fragment);
  if (token === null) return lines;
  const start = token[1] || undefined;
  const end = token[2];
  // DITA-OT's AnchorRange: -1 outside a section, 0 on its start line, then counting the lines inside.
  let include = start !== undefined ? -1 : 1;
  const out: string[] = [];
  for (const line of lines) {
    if (include === -1 && start !== undefined) include = line.includes(start) ? 0 : -1;
    else if (include > -1 && end !== undefined && line.includes(end)) include = -1;
    if (include > 0) out.push(line);
    if (include >= 0) include++;
  }
  return out;
}

interface CodeTarget {
  file: string;
  fragment?: string;
  format?: string;
  /** The key the file was found through. */
  key?: string;
}

/** The file a coderef reads, the fragment that selects its lines and the format that names its charset: its key's first. */
function codeTarget(el: XmlElement, state: RenderState): CodeTarget | undefined {
  const keyref = el.attrs.keyref?.trim();
  if (keyref) {
    const { path: key } = splitHrefKey(keyref);
    state.env.onKey(key);
    const def = state.env.scope.resolve(key);
    if (def?.href !== undefined && def.scope === 'local' && !isExternalHref(def.href)) {
      const format = el.attrs.format ?? def.format;
      return { file: def.href, key, ...(def.fragment !== undefined ? { fragment: def.fragment } : {}), ...(format !== undefined ? { format } : {}) };
    }
  }
  const href = el.attrs.href;
  if (href === undefined) return undefined;
  const { path, fragment } = splitHref(href);
  // A path out of the source is reported by the link graph and never read.
  const file = resolveRelative(el.file, path);
  if (file === undefined) return undefined;
  return { file, ...(fragment !== undefined ? { fragment } : {}), ...(el.attrs.format !== undefined ? { format: el.attrs.format } : {}) };
}

/** A coderef's code, escaped for a pre; an unknown charset and bytes the charset cannot read are located warnings. */
export function coderefText(el: XmlElement, state: RenderState): string {
  const target = codeTarget(el, state);
  if (target === undefined) return '';
  const raw = state.env.codeText(target.file);
  if (raw === undefined) return '';
  let text: string;
  if (typeof raw === 'string') text = raw;
  else {
    const named = namedCharset(el, target);
    let decoded = named !== undefined ? decodeCodeFile(raw, named.charset) : undefined;
    if (named !== undefined && decoded === undefined)
      state.env.problems.warning('coderef-charset', `Unknown character set "${named.charset}" in ${named.where}; read as UTF-8`, el);
    decoded ??= decodeDefault(raw);
    if (decoded.malformed)
      state.env.problems.warning(
        'coderef-malformed',
        `The code file "${target.file}" is not valid ${decoded.encoding}: the bytes it cannot read are shown as \uFFFD`,
        el,
      );
    text = decoded.text;
  }
  return escapeText(codeLines(text, target.fragment).join('\n'));
}
