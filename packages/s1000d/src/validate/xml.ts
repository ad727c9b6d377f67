import { ParseOption, XmlAttribute, XmlDocument, XmlElement, type XmlNode, XmlText } from 'libxml2-wasm';
import { type At, problem, type ValidationProblem } from './problem.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** Prefixes a rule path may use (s1kd-brexcheck registers xsi; the others are S1000D's own). */
export const BREX_NAMESPACES: Record<string, string> = {
  xsi: XSI,
  xlink: 'http://www.w3.org/1999/xlink',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://www.purl.org/dc/elements/1.1/',
};

/** An object parsed once (libxml2), for BREX and XSD alike. Call dispose() when done. */
export interface ParsedObject {
  file: string;
  text: string;
  doc: XmlDocument;
  root: XmlElement;
  /** xsi:noNamespaceSchemaLocation of the root, when there is one. */
  schemaUrl: string | undefined;
  dispose(): void;
  /** Line, column and XPath of a node of this object. */
  locate(node: XmlNode): At;
}

/** The text of the object, in the encoding its XML declaration names (UTF-8 unless it says otherwise). */
function decode(content: string | Uint8Array): string {
  if (typeof content === 'string') return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const head = new TextDecoder('latin1').decode(content.subarray(0, 200));
  const declared = /^(?:\uFEFF|ï»¿)?<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1];
  let text: string;
  try {
    text = new TextDecoder(declared ?? 'utf-8').decode(content);
  } catch {
    text = new TextDecoder('utf-8').decode(content);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function errorDetails(e: unknown): { message: string; line: number; col: number }[] {
  if (typeof e !== 'object' || e === null || !('details' in e) || !Array.isArray(e.details)) return [];
  return e.details.filter((d): d is { message: string; line: number; col: number } => typeof d?.message === 'string' && typeof d?.line === 'number');
}

/** Parses an object; a malformed one gives problems and no object. Never throws. */
export function parseObject(content: string | Uint8Array, file: string): { object?: ParsedObject; problems: ValidationProblem[] } {
  const text = decode(content);
  let doc: XmlDocument;
  try {
    const option = ParseOption.XML_PARSE_BIG_LINES | ParseOption.XML_PARSE_NONET;
    // Bytes go to libxml2 as they are, so it reads the encoding the declaration names.
    doc = typeof content === 'string' ? XmlDocument.fromString(text, { url: file, option }) : XmlDocument.fromBuffer(content, { url: file, option });
  } catch (e) {
    const details = errorDetails(e);
    const first = details[0];
    const detail = (first?.message ?? (e instanceof Error ? e.message : String(e))).trim();
    return {
      problems: [
        problem(
          'error',
          'xml-malformed',
          { zh: `XML 格式不正确：${detail}`, en: `Not well-formed XML: ${detail}` },
          { file, line: Math.max(1, first?.line ?? 1), column: Math.max(1, first?.col ?? 1) },
        ),
      ],
    };
  }
  const root = doc.root;
  let tags: StartTags | undefined;
  const object: ParsedObject = {
    file,
    text,
    doc,
    root,
    schemaUrl: root.attr('noNamespaceSchemaLocation', 'xsi')?.value ?? attrNs(root, 'noNamespaceSchemaLocation', XSI),
    dispose: () => doc.dispose(),
    locate(node) {
      tags ??= startTags(text);
      return { file, ...position(node, tags), xpath: xpathOf(node) };
    },
  };
  return { object, problems: [] };
}

function attrNs(el: XmlElement, local: string, ns: string): string | undefined {
  for (const a of el.attrs) if (a.name === local && a.namespaceUri === ns) return a.value;
  return undefined;
}

const qname = (n: { name: string; prefix: string }) => (n.prefix ? `${n.prefix}:${n.name}` : n.name);

/** The node's XPath as s1kd-brexcheck writes it: every element step with its position among same-named siblings. */
export function xpathOf(node: XmlNode): string {
  if (node instanceof XmlAttribute) {
    const owner = node.parent;
    return `${owner !== null ? xpathOf(owner) : ''}/@${qname(node)}`;
  }
  if (node instanceof XmlElement) {
    let n = 1;
    for (let s = node.prev; s != null; s = s.prev) if (s instanceof XmlElement && s.name === node.name && s.prefix === node.prefix) n++;
    const parent = node.parent;
    return `${parent instanceof XmlElement ? xpathOf(parent) : ''}/${qname(node)}[${n}]`;
  }
  const parent = node.parent;
  if (node instanceof XmlText && parent !== null) {
    let n = 1;
    if (node instanceof XmlText) for (let s = node.prev; s != null; s = s.prev) if (s instanceof XmlText) n++;
    return `${xpathOf(parent)}/text()[${n}]`;
  }
  return parent !== null ? xpathOf(parent) : '/';
}

/** Start tags of the text in document order (what libxml2's elements are), with their offsets. */
interface StartTags {
  offsets: number[];
  lineStarts: number[];
  text: string;
}

function startTags(text: string): StartTags {
  const offsets: number[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  let i = text.indexOf('<');
  while (i >= 0 && i < text.length) {
    const next = text[i + 1];
    let end: number;
    if (text.startsWith('<!--', i)) end = text.indexOf('-->', i) + 3;
    else if (text.startsWith('<![CDATA[', i)) end = text.indexOf(']]>', i) + 3;
    else if (next === '?') end = text.indexOf('?>', i) + 2;
    else if (text.startsWith('<!DOCTYPE', i)) end = doctypeEnd(text, i);
    else if (next === '/' || next === '!') end = text.indexOf('>', i) + 1;
    else {
      offsets.push(i);
      end = i + 1;
    }
    if (end <= i) break;
    i = text.indexOf('<', end);
  }
  return { offsets, lineStarts, text };
}

function doctypeEnd(text: string, from: number): number {
  const bracket = text.indexOf('[', from);
  const close = text.indexOf('>', from);
  if (bracket < 0 || close < bracket) return close + 1;
  const end = text.indexOf(']', bracket);
  return end < 0 ? -1 : text.indexOf('>', end) + 1;
}

function lineColumn(tags: StartTags, offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = tags.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tags.lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (tags.lineStarts[lo] ?? 0) + 1 };
}

function elementOffset(el: XmlElement, tags: StartTags): number | undefined {
  const index = el.eval('count(preceding::*) + count(ancestor::*)');
  return typeof index === 'number' ? tags.offsets[index] : undefined;
}

/** Where a node is: an element at its start tag, an attribute at its name, anything else on its line. */
function position(node: XmlNode, tags: StartTags): { line: number; column: number } {
  const el = node instanceof XmlAttribute ? node.parent : node instanceof XmlElement ? node : null;
  const at = el !== null ? elementOffset(el, tags) : undefined;
  if (el === null || at === undefined) return { line: Math.max(1, node.line), column: 1 };
  if (node instanceof XmlAttribute) {
    const tagEnd = tags.text.indexOf('>', at);
    const re = new RegExp(`\\s(${qname(node).replace(/[.]/g, '\\.')})\\s*=`, 'g');
    re.lastIndex = at;
    const m = re.exec(tags.text);
    if (m !== null && (tagEnd < 0 || m.index < tagEnd)) return lineColumn(tags, m.index + 1);
  }
  return lineColumn(tags, at);
}
