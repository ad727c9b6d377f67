/**
 * ATA Spec 2300 schemas as an administrator installs them (A4A sells them; none ship): the XSDs of
 * the package in their folders (Procedures/NonNormalProcedure.xsd including ../Common/…), found by
 * the namespace http://www.ataebiz.org/XMLSchema, and each object validated against the schema its
 * xsi:schemaLocation names. Schemas compile on first use and are kept; dispose() frees them.
 */
import path from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { ATA2300_NAMESPACE } from './describe.js';
import { type Ata2300Problem, problem } from './problem.js';

/** A package that cannot be installed; the message names what is wrong in both languages. */
export class Ata2300SchemaError extends Error {
  constructor(readonly messages: { zh: string; en: string }) {
    super(messages.en);
  }
}

// One provider for the process: each package's files live under their own virtual folder, so includes resolve among them.
let provider: XmlBufferInputProvider | undefined;
let packageCount = 0;
function inputProvider(): XmlBufferInputProvider {
  if (provider === undefined) {
    provider = new XmlBufferInputProvider({});
    xmlRegisterInputProvider(provider);
  }
  return provider;
}

const isXsd = (p: string) => /\.xsd$/i.test(p);
const head = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 16384));
/** The schema element's start tag of an XSD (its targetNamespace and version). */
const schemaTag = (bytes: Uint8Array) => /<(?:[\w-]+:)?schema\b[^>]*>/.exec(head(bytes).replace(/<!--[\s\S]*?-->/g, ''))?.[0] ?? '';
const attrOf = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`).exec(tag)?.[2];

/** What an object names as its schema: the location xsi:schemaLocation pairs with the Spec 2300 namespace. */
export function schemaLocationOf(text: string): string | undefined {
  const root = /<(?:[\w-]+:)?(?:dmodule|dmStatus|pm|pmStatus)\b[^>]*>/.exec(text.replace(/<!--[\s\S]*?-->/g, ''))?.[0];
  const pairs = root ? attrOf(root, 'xsi:schemaLocation')?.trim().split(/\s+/) : undefined;
  if (!pairs) return undefined;
  for (let i = 0; i + 1 < pairs.length; i += 2) if (pairs[i] === ATA2300_NAMESPACE) return pairs[i + 1];
  return undefined;
}

export class Ata2300Schemas {
  private readonly validators = new Map<string, XsdValidator | Error>();
  private readonly schemaDocs: XmlDocument[] = [];

  private constructor(
    /** The schemas' version (xs:schema/@version of most of them; "" when they name none). */
    readonly version: string,
    readonly source: string,
    private readonly base: string,
    private readonly files: Map<string, Uint8Array>,
  ) {}

  /** The XSDs by their path in the package ("Procedures/NonNormalProcedure.xsd"). */
  get names(): string[] {
    return [...this.files.keys()].sort();
  }

  /**
   * From the package's files by path under its schema folder (only *.xsd are kept). Refused, in
   * both languages, when no XSD has Spec 2300's namespace as its target namespace.
   */
  static fromFiles(entries: Map<string, Uint8Array>, source: string): Ata2300Schemas {
    const files = new Map<string, Uint8Array>();
    for (const [n, bytes] of entries) if (isXsd(n)) files.set(n.replace(/\\/g, '/').replace(/^\/+/, ''), bytes);
    const ours = [...files.values()].map(schemaTag).filter((tag) => attrOf(tag, 'targetNamespace') === ATA2300_NAMESPACE);
    if (ours.length === 0)
      throw new Ata2300SchemaError({
        zh: `${source} 不是 ATA Spec 2300 模式包：没有以 ${ATA2300_NAMESPACE} 为目标命名空间的 XSD`,
        en: `${source} is no ATA Spec 2300 schema package: no XSD has ${ATA2300_NAMESPACE} as its target namespace`,
      });
    const counts = new Map<string, number>();
    for (const tag of ours) {
      const v = attrOf(tag, 'version') ?? '';
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const version = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const base = `/__ccms_ata2300_schemas__/${++packageCount}/`;
    const p = inputProvider();
    for (const [n, bytes] of files) p.addBuffer(base + n, bytes);
    return new Ata2300Schemas(version, source, base, files);
  }

  /** The package's XSD an object's schema location names: its path, else the one file ending so, else the one of that file name. */
  resolve(location: string): string | undefined {
    const wanted = path.posix.normalize(location.replace(/\\/g, '/')).replace(/^(\.\/)+/, '');
    if (this.files.has(wanted)) return wanted;
    const tail = this.names.filter((n) => n.endsWith(`/${wanted}`));
    if (tail.length === 1) return tail[0];
    const base = path.posix.basename(wanted);
    const named = this.names.filter((n) => path.posix.basename(n) === base);
    return named.length === 1 ? named[0] : undefined;
  }

  /** The compiled schema of one file; an Error when it does not compile. */
  validator(name: string): XsdValidator | Error | undefined {
    if (!this.files.has(name)) return undefined;
    let v = this.validators.get(name);
    if (v === undefined) {
      let doc: XmlDocument | undefined;
      try {
        doc = XmlDocument.fromBuffer(this.files.get(name) ?? new Uint8Array(), { url: this.base + name });
        v = XsdValidator.fromDoc(doc);
        this.schemaDocs.push(doc);
      } catch (e) {
        v = e instanceof Error ? e : new Error(String(e));
        doc?.dispose();
      }
      this.validators.set(name, v);
    }
    return v;
  }

  /**
   * An object's text against the schema its xsi:schemaLocation names, as problems with line and
   * column in both languages. Text that is not well-formed gives none (the structure rules say so).
   */
  validate(text: string): Ata2300Problem[] {
    const location = schemaLocationOf(text);
    const at = { line: 1, column: 1 };
    if (location === undefined) return [problem('ata-xsd-no-schema', at, {})];
    const name = this.resolve(location);
    if (name === undefined) return [problem('ata-xsd-unknown-schema', at, { name: location, source: this.source })];
    const v = this.validator(name);
    if (v instanceof Error || v === undefined) return [problem('ata-xsd-unusable', at, { name, reason: firstLine(v?.message ?? '') })];
    let doc: XmlDocument;
    try {
      doc = XmlDocument.fromString(text);
    } catch {
      return [];
    }
    try {
      v.validate(doc);
      return [];
    } catch (e) {
      const found = details(e);
      if (found.length === 0) return [problem('ata-xsd-invalid', at, { name, reason: firstLine(e instanceof Error ? e.message : String(e)) })];
      return found.map((d) => problem('ata-xsd-invalid', { line: Math.max(1, d.line), column: Math.max(1, d.col) }, { name, reason: d.message.trim() }));
    } finally {
      doc.dispose();
    }
  }

  dispose(): void {
    for (const v of this.validators.values()) if (!(v instanceof Error)) v.dispose();
    this.validators.clear();
    for (const d of this.schemaDocs) d.dispose();
    this.schemaDocs.length = 0;
    for (const n of this.files.keys()) provider?.removeBuffer(this.base + n);
  }
}

const firstLine = (s: string) => s.split('\n')[0]?.trim() ?? '';

function details(e: unknown): { message: string; line: number; col: number }[] {
  if (typeof e !== 'object' || e === null || !('details' in e) || !Array.isArray(e.details)) return [];
  return e.details.filter((d): d is { message: string; line: number; col: number } => typeof d?.message === 'string' && typeof d?.line === 'number');
}
