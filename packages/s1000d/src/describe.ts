/**
 * One CSDB file recognised and described: kind (by root element, name as a cross-check), identity from
 * the content (dmIdent, pmIdent, ...), title, status, applicability, references with their lines, and
 * catalogue facts (a PM's table of contents, a DML's entries, a DDN's items). The server's catalogue
 * calls this per file; a set of descriptions is resolved by `Csdb` (csdb.ts).
 */
import { type Applic, applicToText, readApplic, readCrossRefTables } from './applic.js';
import {
  ddnCodeString,
  dmCodeString,
  dmlCodeString,
  issueString,
  languageString,
  type ObjectKind,
  type ParsedName,
  parseFileName,
  pmCodeString,
  readIssueInfo,
  readLanguage,
} from './codes.js';
import type { CsdbObject } from './csdb-object.js';
import { collectReferences, readCirItems, readDdnItems, readDmlEntries, readToc } from './describe-references.js';
import { problem } from './problem.js';
import { childElements, childrenNamed, firstChild, normText, parseXml, path, type XmlDocument, type XmlElement, XmlSyntaxError } from './xml.js';

export type { CsdbObject, ListEntry, QualityAssurance, Reference, RefKind, TocItem } from './csdb-object.js';
export { CIR_REFS, cirKey } from './describe-references.js';

const ROOT_KINDS: Record<string, ObjectKind> = { dmodule: 'dm', pm: 'pm', dml: 'dml', ddn: 'ddn', comment: 'com', dataUpdateFile: 'upf' };

/** Whether a path names an S1000D object by its name (XML objects and ICNs). */
export function isCsdbFileName(file: string): boolean {
  return parseFileName(file) !== undefined;
}

/** S1000D issue from a schema location: .../S1000D_4-1/xml_schema_flat/proced.xsd → 4.1. */
export function s1000dIssueOf(schemaLocation: string | undefined): string | undefined {
  if (schemaLocation === undefined) return undefined;
  const m = /S1000D_(\d+)(?:-(\d+))?/i.exec(schemaLocation);
  if (m === null) return undefined;
  return `${m[1]}.${m[2] ?? '0'}`;
}

/** Recognises and describes one file. `content` is undefined for graphics (only the name is read). */
export function describeFile(file: string, content?: string | Uint8Array): CsdbObject {
  const name = parseFileName(file);
  const at = { file, line: 1, column: 1 };
  const base: CsdbObject = {
    file,
    kind: name?.kind ?? 'dm',
    code: name?.code ?? '',
    title: '',
    applicGroup: new Map(),
    references: [],
    entities: new Map(),
    problems: [],
  };
  if (name?.kind === 'icn') return { ...base, title: name.code, format: name.extension };
  if (content === undefined) {
    base.refused = true;
    base.problems.push(problem('error', 's1000d-no-content', at, `${file}：没有可读取的内容。`, `${file}: no content to read.`));
    return base;
  }
  let doc: XmlDocument;
  try {
    doc = parseXml(content);
  } catch (e) {
    const where = e instanceof XmlSyntaxError ? { file, line: e.line, column: e.column } : at;
    const reason = e instanceof XmlSyntaxError ? e.reason : String(e);
    base.refused = true;
    base.problems.push(problem('error', 'xml-malformed', where, `XML 格式不正确：${reason}`, `Not well-formed XML: ${reason}`));
    return base;
  }
  const root = doc.root;
  const kind0 = ROOT_KINDS[root.name];
  if (kind0 === undefined) {
    base.refused = true;
    base.problems.push(
      problem(
        'error',
        's1000d-unknown-root',
        rootAt(file, root),
        `根元素 <${root.name}> 不是 S1000D 对象（应为 dmodule、pm、dml、ddn、comment 或 dataUpdateFile）。`,
        `Root element <${root.name}> is not an S1000D object (expected dmodule, pm, dml, ddn, comment or dataUpdateFile).`,
      ),
    );
    return base;
  }
  const schemaLocation = root.attrs['xsi:noNamespaceSchemaLocation'];
  const s1000dIssue = s1000dIssueOf(schemaLocation);
  const old = firstChild(root, 'idstatus') !== undefined || (s1000dIssue !== undefined && Number.parseFloat(s1000dIssue) < 4);
  if (old) {
    base.refused = true;
    base.root = root.name;
    const which = s1000dIssue ?? '3.0 或更早';
    const whichEn = s1000dIssue ?? '3.0 or older';
    base.problems.push(
      problem(
        'error',
        's1000d-issue-unsupported',
        rootAt(file, root),
        `此对象采用 S1000D ${which} 版（<idstatus> 结构），不受支持：仅支持 4.0 至 6 版。请先转换为 4.x 或更高版本。`,
        `This object is S1000D Issue ${whichEn} (<idstatus> structure), which is not supported: only Issues 4.0 to 6 are. Convert it to Issue 4.x or later first.`,
      ),
    );
    return base;
  }
  const obj: CsdbObject = { ...base, kind: kind0, root: root.name, xml: doc };
  if (s1000dIssue !== undefined) obj.s1000dIssue = s1000dIssue;
  if (schemaLocation !== undefined) obj.schema = schemaLocation.replace(/^.*[/\\]/, '').replace(/\.xsd$/i, '');
  for (const [k, e] of doc.entities) {
    obj.entities.set(k, {
      ...(e.systemId !== undefined ? { systemId: e.systemId } : {}),
      ...(e.notation !== undefined ? { notation: e.notation } : {}),
      line: e.line,
    });
  }
  const ident = identify(obj, root);
  if (ident === undefined) {
    obj.problems.push(
      problem(
        'error',
        's1000d-no-ident',
        rootAt(file, root),
        `<${root.name}> 缺少标识（dmIdent、pmIdent 等）。`,
        `<${root.name}> has no identification (dmIdent, pmIdent, ...).`,
      ),
    );
  }
  checkName(obj, name, root);
  readStatus(obj, root);
  collectReferences(obj, root, doc);
  if (obj.kind === 'pm') obj.toc = readToc(obj, path(root, 'content'));
  if (obj.kind === 'dml') obj.entries = readDmlEntries(obj, root);
  if (obj.kind === 'ddn') obj.entries = readDdnItems(obj, root);
  const content0 = path(root, 'content');
  if (content0 !== undefined) {
    const tables = readCrossRefTables(content0);
    if (tables !== undefined) obj.tables = tables;
    const cir = readCirItems(content0);
    if (cir.length > 0) obj.cirItems = cir;
    for (const g of childrenNamed(content0, 'referencedApplicGroup')) {
      for (const a of childrenNamed(g, 'applic')) if (a.attrs.id !== undefined) obj.applicGroup.set(a.attrs.id, readApplic(a));
    }
  }
  return obj;
}

function rootAt(file: string, el: XmlElement): { file: string; line: number; column: number } {
  return { file, line: el.line, column: el.column };
}

function identify(obj: CsdbObject, root: XmlElement): string | undefined {
  const status = firstChild(root, 'identAndStatusSection');
  const addressName = { dm: 'dmAddress', pm: 'pmAddress', dml: 'dmlAddress', ddn: 'ddnAddress', com: 'commentAddress', upf: 'updateAddress' } as const;
  if (obj.kind === 'dm' || obj.kind === 'upf') {
    const upf = obj.kind === 'upf';
    const address = upf ? path(root, 'updateIdentAndStatusSection', 'updateAddress') : firstChild(status, 'dmAddress');
    const ident = firstChild(address, upf ? 'updateIdent' : 'dmIdent');
    const dmCode = firstChild(ident, upf ? 'updateCode' : 'dmCode');
    if (dmCode === undefined) return undefined;
    const dmc = dmCodeString(dmCode);
    const ext = firstChild(ident, 'identExtension');
    if (upf) obj.code = `UPF-${dmc.slice(4)}`;
    else if (ext !== undefined) {
      obj.kind = 'dme';
      obj.code = `DME-${ext.attrs.extensionProducer ?? ''}-${ext.attrs.extensionCode ?? ''}-${dmc.slice(4)}`.toUpperCase();
    } else obj.code = dmc;
    obj.infoCode = `${dmCode.attrs.infoCode ?? ''}${dmCode.attrs.infoCodeVariant ?? ''}`;
    setIssueLang(obj, ident);
    const title = path(address, 'dmAddressItems', 'dmTitle');
    const tech = normText(firstChild(title, 'techName'));
    const info = normText(firstChild(title, 'infoName'));
    obj.title = (info !== '' ? `${tech} - ${info}` : tech) || obj.code;
    return obj.code;
  }
  const address = firstChild(status, addressName[obj.kind as 'pm' | 'dml' | 'ddn' | 'com']);
  if (obj.kind === 'pm') {
    const ident = firstChild(address, 'pmIdent');
    const pmCode = firstChild(ident, 'pmCode');
    if (pmCode === undefined) return undefined;
    obj.code = pmCodeString(pmCode);
    setIssueLang(obj, ident);
    obj.title = normText(path(address, 'pmAddressItems', 'pmTitle'));
    return obj.code;
  }
  if (obj.kind === 'dml') {
    const ident = firstChild(address, 'dmlIdent');
    const code = firstChild(ident, 'dmlCode');
    if (code === undefined) return undefined;
    obj.code = dmlCodeString(code);
    setIssueLang(obj, ident);
    obj.title = obj.code;
    return obj.code;
  }
  const ident = firstChild(address, obj.kind === 'ddn' ? 'ddnIdent' : 'commentIdent');
  const code = firstChild(ident, obj.kind === 'ddn' ? 'ddnCode' : 'commentCode');
  if (code === undefined) return undefined;
  obj.code = ddnCodeString(obj.kind === 'ddn' ? 'DDN' : 'COM', code);
  setIssueLang(obj, ident);
  obj.title = normText(path(address, 'commentAddressItems', 'commentTitle')) || obj.code;
  return obj.code;
}

function setIssueLang(obj: CsdbObject, ident: XmlElement | undefined): void {
  const issue = readIssueInfo(firstChild(ident, 'issueInfo'));
  const lang = readLanguage(firstChild(ident, 'language'));
  if (issue !== undefined) {
    obj.issue = issue;
    obj.revision = issueString(issue);
  }
  if (lang !== undefined) obj.language = lang;
}

/** The file name is a cross-check: a disagreement is reported, the content's identity kept. */
function checkName(obj: CsdbObject, name: ParsedName | undefined, root: XmlElement): void {
  const at = rootAt(obj.file, root);
  const fileBase = obj.file.replace(/^.*[/\\]/, '');
  if (name === undefined) {
    obj.problems.push(
      problem(
        'warning',
        's1000d-name-unrecognised',
        at,
        `文件名 ${fileBase} 不符合 S1000D 命名（应为 ${obj.code}…）。`,
        `File name ${fileBase} does not follow S1000D naming (expected ${obj.code}...).`,
      ),
    );
    return;
  }
  const parts: string[] = [];
  if (name.code !== obj.code) parts.push(`${name.code} ≠ ${obj.code}`);
  if (name.issue !== undefined && obj.issue !== undefined && issueString(name.issue) !== issueString(obj.issue))
    parts.push(`${issueString(name.issue)} ≠ ${issueString(obj.issue)}`);
  if (name.language !== undefined && obj.language !== undefined && languageString(name.language) !== languageString(obj.language)) {
    parts.push(`${languageString(name.language)} ≠ ${languageString(obj.language)}`);
  }
  if (parts.length === 0) return;
  const diff = parts.join(', ');
  obj.problems.push(
    problem(
      'warning',
      's1000d-name-mismatch',
      at,
      `文件名 ${fileBase} 与内容中的标识不一致（${diff}）：以内容为准，应命名为 ${expectedFileName(obj)}。`,
      `File name ${fileBase} disagrees with the identification in the content (${diff}): the content is used; the name should be ${expectedFileName(obj)}.`,
    ),
  );
}

/** The file name the content asks for: CODE_III-WW_LL-CC.XML. */
export function expectedFileName(obj: Pick<CsdbObject, 'code' | 'issue' | 'language' | 'kind'>): string {
  let s = obj.code;
  if (obj.issue !== undefined && obj.kind !== 'ddn' && obj.kind !== 'com') s += `_${issueString(obj.issue)}`;
  if (obj.language !== undefined && obj.kind !== 'dml' && obj.kind !== 'ddn') s += `_${languageString(obj.language)?.toUpperCase()}`;
  return `${s}.XML`;
}

function readStatus(obj: CsdbObject, root: XmlElement): void {
  const status = firstChild(root, 'identAndStatusSection') ?? firstChild(root, 'updateIdentAndStatusSection');
  if (status === undefined) return;
  const st = childElements(status).find((c) => c.name.endsWith('Status'));
  if (st === undefined) return;
  if (st.attrs.issueType !== undefined) obj.issueType = st.attrs.issueType;
  const qa = firstChild(st, 'qualityAssurance');
  if (qa !== undefined) {
    const kinds = childElements(qa).map((c) => c.name);
    if (kinds.includes('secondVerification')) obj.qualityAssurance = 'secondVerification';
    else if (kinds.includes('firstVerification')) obj.qualityAssurance = 'firstVerification';
    else if (kinds.includes('unverified')) obj.qualityAssurance = 'unverified';
  }
  const applic = firstChild(st, 'applic');
  if (applic !== undefined) {
    obj.applic = readApplic(applic);
    const text = normText(path(applic, 'displayText')) || applicToText(obj.applic);
    if (text !== '') obj.applicText = text;
  }
}

/** A CsdbObject without the parsed document, maps made plain: what a catalogue stores (JSON-safe). */
export type CatalogEntry = Omit<CsdbObject, 'xml' | 'applicGroup' | 'entities'> & {
  applicGroup: Record<string, Applic>;
  entities: Record<string, { systemId?: string; notation?: string; line: number }>;
};

export function toCatalogEntry(obj: CsdbObject): CatalogEntry {
  const { xml: _xml, applicGroup, entities, ...rest } = obj;
  return { ...rest, applicGroup: Object.fromEntries(applicGroup), entities: Object.fromEntries(entities) };
}
