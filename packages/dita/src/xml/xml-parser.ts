import { SaxesParser } from 'saxes';
import type { Problem } from '../problems/problem.js';
import { fastParseXml } from './fast-xml.js';
import type { Doctype, XmlElement } from './xml-dom.js';

export interface ParsedXml {
  path: string;
  root: XmlElement | undefined;
  doctype: Doctype | undefined;
  /** Well-formedness problems; a document with an error has no usable root. */
  problems: Problem[];
}

// Character entities that DITA DTDs commonly declare; without the DTD they would be errors.
const EXTRA_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bull: '\u2022',
  rarr: '\u2192',
  larr: '\u2190',
  times: '\u00d7',
};

const DOCTYPE_RE = /^\s*([^\s[>]+)(?:\s+PUBLIC\s+(?:"([^"]*)"|'([^']*)')\s+(?:"([^"]*)"|'([^']*)')|\s+SYSTEM\s+(?:"([^"]*)"|'([^']*)'))?/;

export function parseDoctype(text: string): Doctype | undefined {
  const m = DOCTYPE_RE.exec(text);
  if (m === null || m[1] === undefined) return undefined;
  const publicId = m[2] ?? m[3];
  const systemId = m[4] ?? m[5] ?? m[6] ?? m[7];
  return { rootName: m[1], ...(publicId !== undefined ? { publicId } : {}), ...(systemId !== undefined ? { systemId } : {}) };
}

export function decodeXml(content: string | Buffer): string {
  if (typeof content === 'string') return content;
  if (content.length >= 2 && content[0] === 0xff && content[1] === 0xfe) return content.subarray(2).toString('utf16le');
  const s = content.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

const ENTITY_VALUES: ReadonlyMap<string, string> = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ...EXTRA_ENTITIES }));

/** Parses XML into the light DOM. Never throws: malformed input becomes problems. */
export function parseXml(content: string | Buffer, path: string): ParsedXml {
  const text = decodeXml(content);
  // Most files take the fast path; anything unusual (and every error) goes through saxes.
  const fast = fastParseXml(text, path, ENTITY_VALUES);
  if (fast !== undefined) return { path, root: fast.root, doctype: fast.doctype !== undefined ? parseDoctype(fast.doctype) : undefined, problems: [] };
  return parseXmlWithSaxes(text, path);
}

/** The reference parser (saxes): used for whatever the fast path does not take, and to check the fast path. */
export function parseXmlWithSaxes(content: string | Buffer, path: string): ParsedXml {
  const text = decodeXml(content);
  const problems: Problem[] = [];
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, EXTRA_ENTITIES);
  let root: XmlElement | undefined;
  let doctype: Doctype | undefined;
  let current: XmlElement | undefined;
  let startLine = 1;
  let startColumn = 1;
  let failed = false;

  parser.on('doctype', (d) => {
    doctype = parseDoctype(d);
  });
  parser.on('opentagstart', (tag) => {
    startLine = parser.line;
    startColumn = Math.max(1, parser.column - tag.name.length - 1);
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = typeof v === 'string' ? v : v.value;
    const el: XmlElement = { type: 'element', name: tag.name, attrs, children: [], parent: current, file: path, line: startLine, column: startColumn };
    if (current === undefined) root = el;
    else current.children.push(el);
    if (!tag.isSelfClosing) current = el;
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    current = current?.parent;
  });
  parser.on('text', (t) => {
    if (current === undefined) return;
    const last = current.children[current.children.length - 1];
    if (last !== undefined && last.type === 'text') last.text += t;
    else current.children.push({ type: 'text', text: t });
  });
  parser.on('cdata', (t) => {
    if (current === undefined) return;
    current.children.push({ type: 'text', text: t });
  });
  parser.on('error', (err) => {
    if (failed) return;
    failed = true;
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(err.message);
    problems.push({
      severity: 'error',
      code: 'xml-malformed',
      message: `Not well-formed XML: ${m?.[3] ?? err.message}`,
      file: path,
      line: m?.[1] !== undefined ? Number(m[1]) : parser.line,
      column: m?.[2] !== undefined ? Number(m[2]) : parser.column,
    });
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (!failed) {
      failed = true;
      problems.push({
        severity: 'error',
        code: 'xml-malformed',
        message: `Not well-formed XML: ${String(e)}`,
        file: path,
        line: parser.line,
        column: parser.column,
      });
    }
  }
  return { path, root: failed ? undefined : root, doctype, problems };
}
