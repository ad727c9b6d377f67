import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { XliffVersion } from '@ccms/contracts/content/translation';

/** One unit as written to and read from an XLIFF file. */
export interface XliffUnit {
  id: string;
  /** Where the unit is in its file (segment key). */
  name: string;
  source: string;
  codes: string[];
  target?: string;
  state: 'new' | 'fuzzy' | 'translated';
}

export interface XliffFile {
  path: string;
  units: XliffUnit[];
}

/** What an export records about its source, read back on import. */
export interface XliffHeader {
  libraryId: number;
  branch: string;
  commit: string;
  documentId: number;
  mapPath: string;
  srcLang: string;
  trgLang: string;
}

const CCMS_NS = 'urn:ccms:translation';
const NS = { '2.1': 'urn:oasis:names:tc:xliff:document:2.0', '1.2': 'urn:oasis:names:tc:xliff:document:1.2' } as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text with {n} placeholders as XLIFF inline content: 2.1 ph with dataRef, 1.2 ph holding the native code. */
function inline(version: XliffVersion, text: string, codes: string[]): string {
  return text
    .split(/(\{\d+\})/)
    .map((part) => {
      const m = /^\{(\d+)\}$/.exec(part);
      const n = m ? Number(m[1]) : 0;
      if (!m || n < 1 || n > codes.length) return esc(part);
      return version === '2.1' ? `<ph id="${n}" dataRef="d${n}"/>` : `<ph id="${n}">${esc(codes[n - 1] ?? '')}</ph>`;
    })
    .join('');
}

export function writeXliff(version: XliffVersion, header: XliffHeader, files: XliffFile[]): string {
  const ccms = `xmlns:ccms="${CCMS_NS}" ccms:library="${header.libraryId}" ccms:branch="${esc(header.branch)}" ccms:commit="${header.commit}" ccms:document="${header.documentId}" ccms:map="${esc(header.mapPath)}"`;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (version === '2.1') {
    out.push(`<xliff xmlns="${NS['2.1']}" version="2.1" srcLang="${header.srcLang}" trgLang="${header.trgLang}" ${ccms}>`);
    files.forEach((file, i) => {
      out.push(`  <file id="f${i + 1}" original="${esc(file.path)}">`);
      for (const u of file.units) {
        out.push(`    <unit id="${u.id}" name="${esc(u.name)}">`);
        if (u.codes.length > 0) {
          out.push('      <originalData>');
          for (const [k, c] of u.codes.entries()) out.push(`        <data id="d${k + 1}">${esc(c)}</data>`);
          out.push('      </originalData>');
        }
        const state = u.state === 'translated' ? ' state="translated"' : ' state="initial"';
        const target = u.target !== undefined ? `<target>${inline('2.1', u.target, u.codes)}</target>` : '';
        out.push(`      <segment${state}><source>${inline('2.1', u.source, u.codes)}</source>${target}</segment>`);
        out.push('    </unit>');
      }
      out.push('  </file>');
    });
  } else {
    out.push(`<xliff xmlns="${NS['1.2']}" version="1.2" ${ccms}>`);
    for (const file of files) {
      out.push(
        `  <file original="${esc(file.path)}" source-language="${header.srcLang}" target-language="${header.trgLang}" datatype="xml" build-num="${header.commit}">`,
      );
      out.push('    <body>');
      for (const u of file.units) {
        const state = u.state === 'translated' ? 'translated' : u.state === 'fuzzy' ? 'needs-review-translation' : 'needs-translation';
        const target = u.target !== undefined ? `<target state="${state}">${inline('1.2', u.target, u.codes)}</target>` : '';
        out.push(`      <trans-unit id="${u.id}" resname="${esc(u.name)}"><source>${inline('1.2', u.source, u.codes)}</source>${target}</trans-unit>`);
      }
      out.push('    </body>');
      out.push('  </file>');
    }
  }
  out.push('</xliff>', '');
  return out.join('\n');
}

type Lib = typeof import('libxml2-wasm');
let lib: Promise<Lib> | undefined;
const libxml = () => {
  lib ??= import('libxml2-wasm');
  return lib;
};
const SCHEMA_FILES = { '2.1': 'xliff-2.1-ccms.xsd', '1.2': 'xliff-1.2-ccms.xsd' } as const;
const schemaText = (version: XliffVersion) => readFileSync(path.join(import.meta.dirname, 'schemas', SCHEMA_FILES[version]), 'utf8');

export type XliffParseResult = { ok: true; version: XliffVersion; header: XliffHeader; files: XliffFile[] } | { ok: false; problem: string };

/** Checks an XLIFF file against its version's schema and reads its header and units. */
export async function readXliff(text: string): Promise<XliffParseResult> {
  const { XmlDocument, XsdValidator, XmlElement, XmlText } = await libxml();
  let doc: InstanceType<typeof XmlDocument>;
  try {
    doc = XmlDocument.fromString(text);
  } catch (err) {
    return { ok: false, problem: err instanceof Error ? err.message : String(err) };
  }
  try {
    const root = doc.root;
    const version: XliffVersion | undefined = root.namespaceUri === NS['2.1'] ? '2.1' : root.namespaceUri === NS['1.2'] ? '1.2' : undefined;
    if (!version) return { ok: false, problem: `not XLIFF 2.1 or 1.2 (root ${root.name} in "${root.namespaceUri}")` };
    const xsd = XmlDocument.fromString(schemaText(version));
    const validator = XsdValidator.fromDoc(xsd);
    try {
      validator.validate(doc);
    } catch (err) {
      const details = (err as { details?: { message: string; line: number }[] }).details;
      return { ok: false, problem: details?.length ? details.map((d) => `line ${d.line}: ${d.message.trim()}`).join('; ') : String(err) };
    } finally {
      validator.dispose();
      xsd.dispose();
    }
    const ns = { x: NS[version], c: CCMS_NS };
    const attr = (el: InstanceType<typeof XmlElement>, name: string, prefix?: string) => el.attr(name, prefix)?.value ?? '';
    const cAttr = (name: string) => root.get(`@c:${name}`, ns)?.content ?? '';
    /** Inline content back to text with {n}; the placeholder ids are the unit's code numbers. */
    const textOf = (el: InstanceType<typeof XmlElement>): string => {
      let s = '';
      for (let n = el.firstChild; n; n = n.next) {
        if (n instanceof XmlText) s += n.content;
        else if (n instanceof XmlElement) s += n.name === 'ph' || n.name === 'x' ? `{${attr(n, 'id')}}` : textOf(n);
      }
      return s;
    };
    const files: XliffFile[] = [];
    for (const f of root.find('x:file', ns)) {
      if (!(f instanceof XmlElement)) continue;
      const units: XliffUnit[] = [];
      const unitPath = version === '2.1' ? './/x:unit' : './/x:trans-unit';
      for (const u of f.find(unitPath, ns)) {
        if (!(u instanceof XmlElement)) continue;
        const source = u.get(version === '2.1' ? 'x:segment/x:source' : 'x:source', ns);
        const target = u.get(version === '2.1' ? 'x:segment/x:target' : 'x:target', ns);
        const segment = version === '2.1' ? u.get('x:segment', ns) : target;
        const stateRaw = segment instanceof XmlElement ? attr(segment, 'state') : '';
        const done = version === '2.1' ? ['translated', 'reviewed', 'final'].includes(stateRaw) : ['translated', 'final', 'signed-off'].includes(stateRaw);
        const codes =
          version === '2.1'
            ? u.find('x:originalData/x:data', ns).map((d) => d.content)
            : (source instanceof XmlElement ? source.find('x:ph', ns) : []).map((p) => p.content);
        units.push({
          id: attr(u, 'id'),
          name: attr(u, version === '2.1' ? 'name' : 'resname'),
          source: source instanceof XmlElement ? textOf(source) : '',
          codes,
          target: target instanceof XmlElement ? textOf(target) : undefined,
          state: target instanceof XmlElement ? (done ? 'translated' : 'fuzzy') : 'new',
        });
      }
      files.push({ path: attr(f, 'original'), units });
    }
    const trgLang = version === '2.1' ? attr(root, 'trgLang') : (root.get('x:file/@target-language', ns)?.content ?? '');
    const srcLang = version === '2.1' ? attr(root, 'srcLang') : (root.get('x:file/@source-language', ns)?.content ?? '');
    const header: XliffHeader = {
      libraryId: Number(cAttr('library')),
      branch: cAttr('branch'),
      commit: cAttr('commit'),
      documentId: Number(cAttr('document')),
      mapPath: cAttr('map'),
      srcLang,
      trgLang,
    };
    return { ok: true, version, header, files };
  } finally {
    doc.dispose();
  }
}
