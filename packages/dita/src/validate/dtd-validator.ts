import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../problems/problem.js';
import type { Doctype, XmlElement } from '../xml/xml-dom.js';
import { descendants } from '../xml/xml-dom.js';
import { parseXml } from '../xml/xml-parser.js';

/** Debian's dita-ot package ships DITA 1.2 DTDs and this OASIS catalog. */
export const DEFAULT_CATALOG = '/usr/share/dita-ot/catalog-dita.xml';

/** A DITA public identifier's own version: "1.3" in "-//OASIS//DTD DITA 1.3 Topic//EN"; undefined for a generic one ("DITA Topic", "DITA 1.x Topic"). */
export function ditaVersionIn(publicId: string | undefined): string | undefined {
  return /^-\/\/OASIS\/\/(?:DTD|ELEMENTS|ENTITIES) DITA (\d+(?:\.\d+)+) /.exec(publicId ?? '')?.[1];
}

const versionParts = (v: string) => v.split('.').map(Number);

/** Compares two dotted versions ("1.10" after "1.9"). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The DITA version a catalog's public ids name (the highest, when several do); undefined when none names one. */
export function ditaVersionOf(catalog: Catalog): string | undefined {
  let best: string | undefined;
  for (const id of catalog.publicIds.keys()) {
    const v = ditaVersionIn(id);
    if (v !== undefined && (best === undefined || compareVersions(v, best) > 0)) best = v;
  }
  return best;
}

/** public id / system id -> absolute DTD path, from an OASIS XML catalog (with nextCatalog and xml:base). */
export interface Catalog {
  publicIds: Map<string, string>;
  systemIds: Map<string, string>;
}

export function readCatalog(file: string, into: Catalog = { publicIds: new Map(), systemIds: new Map() }, seen = new Set<string>()): Catalog {
  if (seen.has(file) || !existsSync(file)) return into;
  seen.add(file);
  const parsed = parseXml(readFileSync(file), file);
  const root = parsed.root;
  if (root === undefined) return into;
  const visit = (el: typeof root, base: string): void => {
    const xmlBase = el.attrs['xml:base'];
    const here = xmlBase !== undefined ? path.resolve(base, xmlBase) : base;
    const local = el.name.replace(/^.*:/, '');
    if (local === 'public' && el.attrs.publicId && el.attrs.uri && !into.publicIds.has(el.attrs.publicId))
      into.publicIds.set(el.attrs.publicId, path.resolve(here, el.attrs.uri));
    if (local === 'system' && el.attrs.systemId && el.attrs.uri && !into.systemIds.has(el.attrs.systemId))
      into.systemIds.set(el.attrs.systemId, path.resolve(here, el.attrs.uri));
    if (local === 'nextCatalog' && el.attrs.catalog) readCatalog(path.resolve(here, el.attrs.catalog), into, seen);
    for (const c of el.children) if (c.type === 'element') visit(c, here);
  };
  visit(root, path.dirname(file));
  return into;
}

/**
 * Expands every parameter entity of a DTD (external modules inlined, first declaration wins,
 * INCLUDE/IGNORE sections resolved), so libxml2 parses plain declarations: DITA's DTDs otherwise
 * exceed libxml2's entity amplification limit.
 */
export function expandDtd(file: string): string {
  const pe = new Map<string, { value?: string; file?: string }>();
  const out: string[] = [];
  const expandRefs = (s: string, depth = 0): string =>
    s.replace(/%([\w.:-]+);/g, (m, n: string) => {
      const d = pe.get(n);
      if (d?.value === undefined || depth > 50) return m;
      return expandRefs(d.value, depth + 1);
    });
  const run = (text: string, base: string, seen: Set<string>): void => {
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '<') {
        if (text.startsWith('<!--', i)) {
          const e = text.indexOf('-->', i);
          i = e < 0 ? text.length : e + 3;
          continue;
        }
        if (text.startsWith('<?', i)) {
          const e = text.indexOf('?>', i);
          i = e < 0 ? text.length : e + 2;
          continue;
        }
        if (text.startsWith('<![', i)) {
          const m = /^<!\[\s*([^[\s]+)\s*\[/.exec(text.slice(i, i + 200));
          const kw = m?.[1] !== undefined ? expandRefs(m[1]).trim() : 'IGNORE';
          let depth = 1;
          let j = i + (m !== null ? m[0].length : 3);
          const start = j;
          while (j < text.length && depth > 0) {
            if (text.startsWith('<![', j)) {
              depth++;
              j += 3;
            } else if (text.startsWith(']]>', j)) {
              depth--;
              j += 3;
            } else j++;
          }
          if (kw === 'INCLUDE') run(text.slice(start, j - 3), base, seen);
          i = j;
          continue;
        }
        let j = i + 2;
        let q: string | undefined;
        while (j < text.length) {
          const ch = text[j];
          if (q !== undefined) {
            if (ch === q) q = undefined;
          } else if (ch === '"' || ch === "'") q = ch;
          else if (ch === '>') break;
          j++;
        }
        const decl = text.slice(i, j + 1);
        i = j + 1;
        const em = /^<!ENTITY\s+%\s+([\w.:-]+)\s+([\s\S]*)>$/.exec(decl);
        if (em !== null) {
          const name = em[1] ?? '';
          if (pe.has(name)) continue;
          const rest = (em[2] ?? '').trim();
          const lit = /^(?:"([^"]*)"|'([^']*)')\s*$/.exec(rest);
          if (lit !== null) pe.set(name, { value: expandRefs(lit[1] ?? lit[2] ?? '') });
          else {
            const sys = /(?:PUBLIC\s+(?:"[^"]*"|'[^']*')\s+|SYSTEM\s+)(?:"([^"]*)"|'([^']*)')/.exec(rest);
            if (sys !== null) pe.set(name, { file: path.resolve(base, sys[1] ?? sys[2] ?? '') });
          }
          continue;
        }
        out.push(expandRefs(decl));
        continue;
      }
      if (c === '%') {
        const m = /^%([\w.:-]+);/.exec(text.slice(i, i + 200));
        if (m !== null) {
          i += m[0].length;
          const d = pe.get(m[1] ?? '');
          if (d?.value !== undefined) run(d.value, base, seen);
          else if (d?.file !== undefined && !seen.has(d.file) && existsSync(d.file)) {
            seen.add(d.file);
            run(readFileSync(d.file, 'utf8'), path.dirname(d.file), seen);
          }
          continue;
        }
      }
      i++;
    }
  };
  run(readFileSync(file, 'utf8'), path.dirname(file), new Set());
  return out.join('\n');
}

type LibXml = typeof import('libxml2-wasm');

interface ErrorDetail {
  message: string;
  line: number;
  col: number;
}

function errorDetails(e: unknown): ErrorDetail[] {
  if (typeof e !== 'object' || e === null || !('details' in e) || !Array.isArray(e.details)) return [];
  return e.details.filter(
    (d): d is ErrorDetail => typeof d === 'object' && d !== null && typeof d.message === 'string' && typeof d.line === 'number' && typeof d.col === 'number',
  );
}

/** Problems of a failed validation; an error libxml2 gives no details for still makes the document invalid. */
export function validationProblems(e: unknown, file: string): Problem[] {
  const details = errorDetails(e);
  if (details.length === 0) {
    const message = e instanceof Error ? e.message.split('\n')[0]?.trim() : String(e);
    return [{ severity: 'error', code: 'dtd-invalid', message: `DTD validation failed: ${message || 'unknown error'}`, file, line: 1, column: 1 }];
  }
  return details.map((d) => ({
    severity: 'error',
    code: 'dtd-invalid',
    message: d.message.trim(),
    file,
    line: Math.max(1, d.line),
    column: Math.max(1, d.col),
  }));
}
interface Validator {
  validate: (doc: InstanceType<LibXml['XmlDocument']>) => void;
  dispose: () => void;
}

/**
 * libxml2 reports DTD errors at column 0: point each at the element its message names, on the reported line
 * (the text is parsed again only when there are such errors).
 */
function locateColumns(problems: Problem[], text: string): Problem[] {
  if (!problems.some((p) => p.column <= 1)) return problems;
  const root = parseXml(text, problems[0]?.file ?? '').root;
  if (root === undefined) return problems;
  const byLine = new Map<number, XmlElement[]>();
  for (const el of descendants(root)) {
    const list = byLine.get(el.line);
    if (list === undefined) byLine.set(el.line, [el]);
    else list.push(el);
  }
  const used = new Set<XmlElement>();
  return problems.map((p) => {
    const name = /\b[Ee]lement ([\w.:-]+)/.exec(p.message)?.[1];
    if (p.column > 1 || name === undefined) return p;
    const candidates = (byLine.get(p.line) ?? []).filter((el) => el.name === name);
    const el = candidates.find((c) => !used.has(c)) ?? candidates[0];
    if (el === undefined) return p;
    used.add(el);
    return { ...p, column: el.column };
  });
}

/** Validates documents against the DTDs a catalog names; DTDs are compiled once per process. */
export class DtdValidation {
  private readonly validators = new Map<string, Validator | Error>();
  private constructor(
    private readonly lib: LibXml,
    readonly catalog: Catalog,
    readonly catalogFile: string,
  ) {}

  static async open(catalogFile: string): Promise<DtdValidation | undefined> {
    if (!existsSync(catalogFile)) return undefined;
    const catalog = readCatalog(catalogFile);
    if (catalog.publicIds.size === 0 && catalog.systemIds.size === 0) return undefined;
    const lib = await import('libxml2-wasm');
    return new DtdValidation(lib, catalog, catalogFile);
  }

  /** The document type shells the catalog names (files ending .dtd), each once. */
  dtdFiles(): string[] {
    return [...new Set([...this.catalog.publicIds.values(), ...this.catalog.systemIds.values()].filter((f) => /\.dtd$/i.test(f)))].sort();
  }

  /**
   * Compiles every DTD shell of the catalog (kept for later validations), letting other work run
   * between two; answers the ones that fail, with libxml2's first line.
   */
  async compileAll(): Promise<{ file: string; error: string }[]> {
    const failed: { file: string; error: string }[] = [];
    for (const file of this.dtdFiles()) {
      const v = existsSync(file) ? this.validator(file) : new Error('file not found');
      if (v instanceof Error) failed.push({ file, error: v.message.split('\n')[0]?.trim() || 'unknown error' });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return failed;
  }

  /** Frees the compiled DTDs (libxml2's memory); the object is not used afterwards. */
  dispose(): void {
    for (const v of this.validators.values()) if (!(v instanceof Error)) v.dispose();
    this.validators.clear();
  }

  dtdFor(doctype: Doctype | undefined): string | undefined {
    if (doctype === undefined) return undefined;
    return (
      (doctype.publicId !== undefined ? this.catalog.publicIds.get(doctype.publicId) : undefined) ??
      (doctype.systemId !== undefined ? this.catalog.systemIds.get(doctype.systemId) : undefined)
    );
  }

  private validator(dtdFile: string): Validator | Error {
    let v = this.validators.get(dtdFile);
    if (v === undefined) {
      try {
        const dtd = this.lib.XmlDtd.fromString(expandDtd(dtdFile));
        v = new this.lib.DtdValidator(dtd);
      } catch (e) {
        v = e instanceof Error ? e : new Error(String(e));
      }
      this.validators.set(dtdFile, v);
    }
    return v;
  }

  /** Problems of one document; undefined when its DOCTYPE names no DTD in the catalog. */
  validate(file: string, text: string, doctype: Doctype | undefined): Problem[] | undefined {
    const dtdFile = this.dtdFor(doctype);
    if (dtdFile === undefined) return undefined;
    const v = this.validator(dtdFile);
    if (v instanceof Error)
      return [
        { severity: 'warning', code: 'dtd-unusable', message: `DTD ${dtdFile} could not be read: ${v.message.split('\n')[0]}`, file, line: 1, column: 1 },
      ];
    // Parse without the DOCTYPE (its external subset is what we validate against).
    const body = text.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/, (m) => m.replace(/[^\n]/g, ' '));
    let doc: InstanceType<LibXml['XmlDocument']> | undefined;
    try {
      doc = this.lib.XmlDocument.fromString(body, { url: file });
      v.validate(doc);
      return [];
    } catch (e) {
      return locateColumns(validationProblems(e, file), text);
    } finally {
      doc?.dispose();
    }
  }
}
