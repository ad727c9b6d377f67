import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XmlElement, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { parseXml as parseTree } from '../xml.js';
import { type Issue, issueOfSchemaUrl, isUnsupportedIssue, schemaName } from './issue.js';
import type { Vocabulary } from './lint.js';
import { type Localized, problem, type ValidationProblem } from './problem.js';
import type { ParsedObject } from './xml.js';
import { grammarOfXsd, type SchemaGrammar } from './xsd-grammar.js';
import { readZip, ZipError } from './zip.js';

const XML_XSD_URL = 'http://www.w3.org/2001/xml.xsd';
// The schemas import W3C's xml.xsd by URL; offline, this declares the attributes they use.
const XML_XSD_STUB = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/XML/1998/namespace" xml:lang="en">
  <xs:attribute name="lang"><xs:simpleType><xs:union memberTypes="xs:language"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value=""/></xs:restriction></xs:simpleType></xs:union></xs:simpleType></xs:attribute>
  <xs:attribute name="space"><xs:simpleType><xs:restriction base="xs:NCName"><xs:enumeration value="default"/><xs:enumeration value="preserve"/></xs:restriction></xs:simpleType></xs:attribute>
  <xs:attribute name="base" type="xs:anyURI"/>
  <xs:attribute name="id" type="xs:ID"/>
  <xs:attributeGroup name="specialAttrs"><xs:attribute ref="xml:base"/><xs:attribute ref="xml:lang"/><xs:attribute ref="xml:space"/><xs:attribute ref="xml:id"/></xs:attributeGroup>
</xs:schema>`;

// One provider for the process: each package's files live under their own virtual folder.
let provider: XmlBufferInputProvider | undefined;
let packageCount = 0;
function inputProvider(): XmlBufferInputProvider {
  if (provider === undefined) {
    provider = new XmlBufferInputProvider({ [XML_XSD_URL]: new TextEncoder().encode(XML_XSD_STUB) });
    xmlRegisterInputProvider(provider);
  }
  return provider;
}

/** A schema package that cannot be installed; the message names what is wrong in both languages. */
export class SchemaPackageError extends Error {
  constructor(readonly messages: Localized) {
    super(messages.en);
  }
}

/**
 * The flat XSDs of one S1000D issue (xml_schema_flat), as an administrator installs them: from a
 * folder or the zip. The issue is read from the schemas' own URL annotation. Schemas compile
 * on first use and are kept; dispose() frees them.
 */
export class SchemaPackage {
  private readonly validators = new Map<string, XsdValidator | Error>();
  private readonly schemaDocs: XmlDocument[] = [];
  private vocab: Vocabulary | undefined;
  private readonly grammars = new Map<string, SchemaGrammar>();

  private constructor(
    readonly issue: Issue,
    readonly source: string,
    private readonly base: string,
    private readonly files: Map<string, Uint8Array>,
  ) {}

  /** The schema files (descript.xsd, ...). */
  get names(): string[] {
    return [...this.files.keys()].sort();
  }

  /** From files by name (only *.xsd are kept, by their base name; a folder named xml_schema_flat is preferred). */
  static fromFiles(entries: Map<string, Uint8Array>, source: string): SchemaPackage {
    const xsd = [...entries].filter(([n]) => /\.xsd$/i.test(n));
    const flat = xsd.filter(([n]) => /(^|\/)xml_schema_flat\//.test(n.replace(/\\/g, '/')));
    const chosen = flat.length > 0 ? flat : xsd;
    const files = new Map<string, Uint8Array>();
    for (const [n, bytes] of chosen) files.set(n.replace(/^.*[\\/]/, ''), bytes);
    if (files.size === 0)
      throw new SchemaPackageError({
        zh: `${source} 中没有 XSD 文件（应为 xml_schema_flat 的内容）`,
        en: `${source} holds no XSD file (expected the content of xml_schema_flat)`,
      });
    const counts = new Map<string, number>();
    const decoder = new TextDecoder();
    for (const bytes of files.values()) {
      const m = /https?:\/\/www\.s1000d\.org\/(S1000D_[\d-]+)\/xml_schema_flat\//.exec(decoder.decode(bytes.subarray(0, 8192)));
      const issue = issueOfSchemaUrl(m?.[1]);
      if (issue !== undefined) counts.set(issue, (counts.get(issue) ?? 0) + 1);
    }
    const issue = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (issue === undefined)
      throw new SchemaPackageError({
        zh: `${source} 不是 S1000D 模式包：没有模式注明其 Issue（http://www.s1000d.org/S1000D_x-y/xml_schema_flat/...）`,
        en: `${source} is no S1000D schema package: no schema names its issue (http://www.s1000d.org/S1000D_x-y/xml_schema_flat/...)`,
      });
    if (isUnsupportedIssue(issue))
      throw new SchemaPackageError({ zh: `不支持 S1000D Issue ${issue} 及更早的模式`, en: `Schemas of S1000D Issue ${issue} and older are not supported` });
    const base = `/__ccms_s1000d_schemas__/${++packageCount}/`;
    const p = inputProvider();
    for (const [n, bytes] of files) p.addBuffer(base + n, bytes);
    return new SchemaPackage(issue, source, base, files);
  }

  static fromDirectory(dir: string): SchemaPackage {
    const entries = new Map<string, Uint8Array>();
    const walk = (d: string, rel: string, depth: number) => {
      for (const name of readdirSync(d)) {
        const full = path.join(d, name);
        const st = statSync(full);
        if (st.isDirectory() && depth < 3) walk(full, `${rel}${name}/`, depth + 1);
        else if (st.isFile() && /\.xsd$/i.test(name)) entries.set(`${rel}${name}`, readFileSync(full));
      }
    };
    walk(dir, '', 0);
    return SchemaPackage.fromFiles(entries, dir);
  }

  static fromZip(zip: Uint8Array, source = 'zip'): SchemaPackage {
    try {
      return SchemaPackage.fromFiles(
        readZip(zip, (n) => /\.xsd$/i.test(n)),
        source,
      );
    } catch (e) {
      if (e instanceof ZipError) throw new SchemaPackageError({ zh: `${source} 不是可用的 zip：${e.message}`, en: `${source} is no usable zip: ${e.message}` });
      throw e;
    }
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  /** The compiled schema of one file (descript.xsd); an Error when it does not compile. */
  validator(name: string): XsdValidator | Error | undefined {
    if (!this.files.has(name)) return undefined;
    let v = this.validators.get(name);
    if (v === undefined) {
      let doc: XmlDocument | undefined;
      try {
        doc = XmlDocument.fromBuffer(this.files.get(name) ?? new Uint8Array(), { url: this.base + name });
        v = XsdValidator.fromDoc(doc);
        // libxml2's compiled schema may still point into its document (annotations): kept until dispose().
        this.schemaDocs.push(doc);
      } catch (e) {
        v = e instanceof Error ? e : new Error(String(e));
        doc?.dispose();
      }
      this.validators.set(name, v);
    }
    return v;
  }

  /** What an editor completes from one schema (proced.xsd): each element's children and attributes; undefined when the package has no such file. */
  grammar(name: string): SchemaGrammar | undefined {
    const bytes = this.files.get(name);
    if (!bytes) return undefined;
    let g = this.grammars.get(name);
    if (!g) {
      const root = parseTree(bytes).root;
      g = grammarOfXsd(root);
      this.grammars.set(name, g);
    }
    return g;
  }

  /** Every element and attribute name the schemas declare (for lintBrex). */
  vocabulary(): Vocabulary {
    if (this.vocab === undefined) {
      const elements = new Set<string>();
      const attributes = new Set<string>(['noNamespaceSchemaLocation', 'schemaLocation', 'type', 'nil', 'lang', 'space', 'base', 'id']);
      const ns = { xs: 'http://www.w3.org/2001/XMLSchema' };
      for (const [name, bytes] of this.files) {
        const doc = XmlDocument.fromBuffer(bytes, { url: this.base + name });
        try {
          for (const n of doc.find('//xs:element[@name]', ns)) if (n instanceof XmlElement) elements.add(n.attr('name')?.value ?? '');
          for (const n of doc.find('//xs:attribute[@name]', ns)) if (n instanceof XmlElement) attributes.add(n.attr('name')?.value ?? '');
        } finally {
          doc.dispose();
        }
      }
      this.vocab = { elements, attributes };
    }
    return this.vocab;
  }

  dispose(): void {
    for (const v of this.validators.values()) if (!(v instanceof Error)) v.dispose();
    this.validators.clear();
    for (const d of this.schemaDocs) d.dispose();
    this.schemaDocs.length = 0;
    for (const n of this.files.keys()) provider?.removeBuffer(this.base + n);
  }
}

function details(e: unknown): { message: string; line: number; col: number }[] {
  if (typeof e !== 'object' || e === null || !('details' in e) || !Array.isArray(e.details)) return [];
  return e.details.filter((d): d is { message: string; line: number; col: number } => typeof d?.message === 'string' && typeof d?.line === 'number');
}

export interface XsdOptions {
  /** Validate against this issue's package rather than the object's own (tests; comparing issues). */
  issue?: Issue;
}

/**
 * Validates an object against the schema of its own issue, named by xsi:noNamespaceSchemaLocation,
 * from the installed packages. Without a package for that issue: one warning saying so (the caller
 * still checks well-formedness, BREX and structure). Issue 3.0 and older: refused.
 */
export function validateXsd(object: ParsedObject, packages: readonly SchemaPackage[], options: XsdOptions = {}): ValidationProblem[] {
  const at = { file: object.file, line: object.root.line, column: 1 };
  const url = object.schemaUrl;
  if (url === undefined || url.trim() === '')
    return [
      problem(
        'warning',
        'xsd-no-schema',
        {
          zh: '对象没有 xsi:noNamespaceSchemaLocation：不做模式校验',
          en: 'The object names no schema (xsi:noNamespaceSchemaLocation): not validated against a schema',
        },
        at,
      ),
    ];
  const issue = options.issue ?? issueOfSchemaUrl(url);
  if (issue === undefined)
    return [problem('warning', 'xsd-no-issue', { zh: `无法从模式地址 ${url} 得知 S1000D Issue`, en: `The schema URL ${url} names no S1000D issue` }, at)];
  if (isUnsupportedIssue(issue))
    return [
      problem('error', 'issue-unsupported', { zh: `S1000D Issue ${issue} 及更早的版本不受支持`, en: `S1000D Issue ${issue} and older are not supported` }, at),
    ];
  const pkg = packages.find((p) => p.issue === issue);
  if (pkg === undefined)
    return [
      problem(
        'warning',
        'xsd-no-package',
        {
          zh: `没有安装 S1000D Issue ${issue} 的模式包：只检查格式、BREX 和结构`,
          en: `No schema package installed for S1000D Issue ${issue}: checked for well-formedness, BREX and structure only`,
        },
        at,
      ),
    ];
  const name = schemaName(url);
  const v = pkg.validator(name);
  if (v === undefined)
    return [
      problem('error', 'xsd-unknown-schema', { zh: `Issue ${issue} 的模式包中没有 ${name}`, en: `The Issue ${issue} schema package has no ${name}` }, at),
    ];
  if (v instanceof Error) {
    const why = v.message.split('\n')[0]?.trim() ?? '';
    return [problem('warning', 'xsd-unusable', { zh: `模式 ${name} 无法编译：${why}`, en: `Schema ${name} does not compile: ${why}` }, at)];
  }
  try {
    v.validate(object.doc);
    return [];
  } catch (e) {
    const found = details(e);
    if (found.length === 0) {
      const why = e instanceof Error ? (e.message.split('\n')[0]?.trim() ?? '') : String(e);
      return [problem('error', 'xsd-invalid', { zh: `模式校验失败：${why}`, en: `Schema validation failed: ${why}` }, at)];
    }
    return found.map((d) => {
      const m = d.message.trim();
      return problem(
        'error',
        'xsd-invalid',
        { zh: `不符合模式 ${name}：${m}`, en: `Not valid against ${name}: ${m}` },
        { file: object.file, line: Math.max(1, d.line), column: Math.max(1, d.col) },
      );
    });
  }
}
