/**
 * One ATA Spec 2300 file recognised and described. Spec 2300 borrows S1000D's identity (dmCode,
 * language, ACT/CCT/PCT applicability) in its own namespace, with three differences this reads:
 * the identity sits in `dmIdent` (no identAndStatusSection), a revision is an issue date rather
 * than issue and in-work numbers, and the status (issue type, approval, applicability) is a file
 * of its own (`dmStatus`, `pmStatus`) beside the content file. status.ts pairs the two.
 */
import {
  type Applic,
  applicToText,
  dmCodeString,
  firstChild,
  type Language,
  normText,
  parseXml,
  pmCodeString,
  readApplic,
  readLanguage,
  type XmlElement,
  XmlSyntaxError,
} from '@ccms/s1000d';
import { type Ata2300Problem, problem } from './problem.js';

/** The Spec 2300 namespace: every object's root is in it. */
export const ATA2300_NAMESPACE = 'http://www.ataebiz.org/XMLSchema';

/** A content data module, its status, a publication module, its status. */
export type Ata2300Kind = 'dm' | 'dmStatus' | 'pm' | 'pmStatus';

const KIND_OF_ROOT: Readonly<Record<string, Ata2300Kind>> = { dmodule: 'dm', dmStatus: 'dmStatus', pm: 'pm', pmStatus: 'pmStatus' };

export interface IdentExtension {
  producer: string;
  code: string;
}

export interface Ata2300Ref {
  /** dm or pm. */
  kind: 'dm' | 'pm';
  /** DMC-... or PMC-... */
  target: string;
  line: number;
  column: number;
}

/** A publication module's table of contents: pmEntry and dmRefGroup with their titles, dmRef and pmRef in order. */
export type Ata2300TocItem =
  | { kind: 'pmEntry' | 'dmRefGroup'; title: string; line: number; items: Ata2300TocItem[] }
  | { kind: 'dmRef' | 'pmRef'; ref: Ata2300Ref };

export interface Ata2300Applic {
  displayText: string;
  logic: Applic;
}

export interface Ata2300Object {
  file: string;
  kind: Ata2300Kind;
  /** DMC-... or PMC-..., from the content (never the file name). */
  code: string;
  extension?: IdentExtension;
  language?: Language;
  /** issueInfo/@issueDate as YYYY-MM-DD: a Spec 2300 revision. */
  issueDate?: string;
  /** A status file's dmContentIssueInfo/@issueDate: the content revision the status speaks of. */
  contentIssueDate?: string;
  /** The content element's title as read (an annunciation's electronic message), or the PM's title. */
  title: string;
  /** The content element (annunciation, normalProcedure, limitation, ...) of a data module. */
  contentType?: string;
  /** The schema the root names (xsi:schemaLocation's file, without .xsd): Annunciation, DmStatus, ... */
  schema?: string;
  /** A status file's @issueType (new, changed, unchanged, deleted, ...). */
  issueType?: string;
  /** A status file's @dataProducer (oem, airline, ...). */
  dataProducer?: string;
  /** A status file's approvalInfo/@approvalRequired. */
  approvalRequired?: boolean;
  /** A status file's applicability. */
  applic?: Ata2300Applic;
  refs: Ata2300Ref[];
  /** A publication module's entries. */
  toc?: Ata2300TocItem[];
  problems: Ata2300Problem[];
}

/** What `describe` says of a file that is not a Spec 2300 object (another XML, a broken file). */
export interface NotAta2300 {
  file: string;
  kind: 'none';
  problems: Ata2300Problem[];
}

/** 2017-03-01T00:00:00Z → 2017-03-01; '' or a non-date stays undefined. */
export function issueDateOf(value: string | undefined): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value?.trim() ?? '');
  return m?.[1];
}

/** The schema's name from `xsi:schemaLocation` (namespace, then location): `.../Systems/Annunciation.xsd` → Annunciation. */
export function schemaOf(root: XmlElement): string | undefined {
  const location = Object.entries(root.attrs).find(([k]) => k === 'xsi:schemaLocation' || k.endsWith(':schemaLocation'))?.[1];
  const file = location?.trim().split(/\s+/).at(-1);
  const m = file ? /([^/\\]+)\.xsd$/i.exec(file) : null;
  return m?.[1];
}

const identOf = (root: XmlElement) => firstChild(root, root.name === 'pm' || root.name === 'pmStatus' ? 'pmIdent' : 'dmIdent');

function extensionOf(ident: XmlElement | undefined): IdentExtension | undefined {
  const ext = firstChild(ident, 'identExtension');
  const producer = ext?.attrs.extensionProducer?.trim() ?? '';
  const code = ext?.attrs.extensionCode?.trim() ?? '';
  return producer === '' && code === '' ? undefined : { producer, code };
}

function codeOf(root: XmlElement, kind: Ata2300Kind): string | undefined {
  const ident = identOf(root);
  if (kind === 'pm' || kind === 'pmStatus') {
    const pmCode = firstChild(ident, 'pmCode');
    return pmCode?.attrs.modelIdentCode ? pmCodeString(pmCode) : undefined;
  }
  const dmCode = firstChild(ident, 'dmCode');
  return dmCode?.attrs.modelIdentCode ? dmCodeString(dmCode) : undefined;
}

/** The first element child of `content` (comments aside). */
function contentElementOf(root: XmlElement): XmlElement | undefined {
  const content = firstChild(root, 'content');
  return content?.children.find((c): c is XmlElement => c.type === 'element');
}

function titleOf(root: XmlElement, kind: Ata2300Kind): string {
  if (kind === 'pm') return normText(firstChild(identOf(root), 'pmTitle') ?? firstChild(root, 'pmTitle') ?? firstChild(firstChild(root, 'content'), 'title'));
  if (kind !== 'dm') return '';
  return normText(firstChild(contentElementOf(root), 'title'));
}

function* elements(el: XmlElement): Generator<XmlElement> {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    yield c;
    yield* elements(c);
  }
}

/** A dmRef or pmRef by the code its ident names (undefined when it names none). */
function refOf(el: XmlElement): Ata2300Ref | undefined {
  if (el.name === 'dmRef') {
    const dmCode = firstChild(firstChild(el, 'dmRefIdent'), 'dmCode');
    return dmCode ? { kind: 'dm', target: dmCodeString(dmCode), line: el.line, column: el.column } : undefined;
  }
  if (el.name === 'pmRef') {
    const pmCode = firstChild(firstChild(el, 'pmRefIdent'), 'pmCode');
    return pmCode ? { kind: 'pm', target: pmCodeString(pmCode), line: el.line, column: el.column } : undefined;
  }
  return undefined;
}

/** dmRef and pmRef of the content, in document order. */
function refsOf(root: XmlElement): Ata2300Ref[] {
  const content = firstChild(root, 'content');
  if (!content) return [];
  return [...elements(content)].map(refOf).filter((r): r is Ata2300Ref => r !== undefined);
}

function tocOf(parent: XmlElement): Ata2300TocItem[] {
  const out: Ata2300TocItem[] = [];
  for (const el of parent.children) {
    if (el.type !== 'element') continue;
    if (el.name === 'pmEntry' || el.name === 'dmRefGroup')
      out.push({ kind: el.name, title: normText(firstChild(el, 'title')), line: el.line, items: tocOf(el) });
    else {
      const ref = refOf(el);
      if (ref) out.push({ kind: ref.kind === 'dm' ? 'dmRef' : 'pmRef', ref });
    }
  }
  return out;
}

function statusFacts(root: XmlElement): Pick<Ata2300Object, 'issueType' | 'dataProducer' | 'approvalRequired' | 'applic' | 'contentIssueDate'> {
  const out: Pick<Ata2300Object, 'issueType' | 'dataProducer' | 'approvalRequired' | 'applic' | 'contentIssueDate'> = {};
  if (root.attrs.issueType) out.issueType = root.attrs.issueType;
  if (root.attrs.dataProducer) out.dataProducer = root.attrs.dataProducer;
  const approval = firstChild(root, 'approvalInfo')?.attrs.approvalRequired;
  if (approval !== undefined) out.approvalRequired = approval === 'yes' || approval === 'true';
  const applic = firstChild(root, 'applic');
  if (applic) {
    const logic = readApplic(applic);
    out.applic = { displayText: normText(firstChild(applic, 'displayText')) || applicToText(logic), logic };
  }
  const contentIssue = issueDateOf(firstChild(root, root.name === 'pmStatus' ? 'pmContentIssueInfo' : 'dmContentIssueInfo')?.attrs.issueDate);
  if (contentIssue) out.contentIssueDate = contentIssue;
  return out;
}

/** The structure rules a Spec 2300 object meets whether or not its schema is installed. */
function structureProblems(root: XmlElement, kind: Ata2300Kind, code: string | undefined): Ata2300Problem[] {
  const out: Ata2300Problem[] = [];
  const ident = identOf(root);
  const identName = kind === 'pm' || kind === 'pmStatus' ? 'pmIdent' : 'dmIdent';
  if (!ident) out.push(problem('ata-no-ident', root, { element: identName }));
  else {
    if (code === undefined) out.push(problem('ata-no-code', ident, { element: kind === 'pm' || kind === 'pmStatus' ? 'pmCode' : 'dmCode' }));
    if (!firstChild(ident, 'language')) out.push(problem('ata-no-language', ident, { element: identName }));
  }
  const issue = firstChild(root, 'issueInfo');
  if (!issue) out.push(problem('ata-no-issue-date', root, { value: '' }));
  else if (!issueDateOf(issue.attrs.issueDate)) out.push(problem('ata-no-issue-date', issue, { value: issue.attrs.issueDate ?? '' }));
  if (kind === 'dm' && !contentElementOf(root)) out.push(problem('ata-no-content', root, {}));
  if (root.attrs.xmlns !== undefined && root.attrs.xmlns !== ATA2300_NAMESPACE) out.push(problem('ata-namespace', root, { value: root.attrs.xmlns }));
  return out;
}

/**
 * Describes one file: a Spec 2300 object (by its root in the Spec 2300 namespace, or a root of the
 * four without one), or `none` with the reason when the XML is broken or something else.
 */
export function describeAta2300(file: string, content: string | Uint8Array): Ata2300Object | NotAta2300 {
  let root: XmlElement;
  try {
    root = parseXml(content).root;
  } catch (err) {
    if (err instanceof XmlSyntaxError)
      return { file, kind: 'none', problems: [problem('ata-not-well-formed', { line: err.line, column: err.column }, { reason: err.message })] };
    throw err;
  }
  const kind = KIND_OF_ROOT[root.name];
  const namespace = root.attrs.xmlns;
  if (kind === undefined || (namespace !== undefined && namespace !== ATA2300_NAMESPACE)) return { file, kind: 'none', problems: [] };
  const code = codeOf(root, kind);
  const ident = identOf(root);
  const object: Ata2300Object = {
    file,
    kind,
    code: code ?? '',
    title: titleOf(root, kind),
    refs: kind === 'dm' || kind === 'pm' ? refsOf(root) : [],
    problems: structureProblems(root, kind, code),
  };
  const extension = extensionOf(ident);
  if (extension) object.extension = extension;
  const language = readLanguage(firstChild(ident, 'language'));
  if (language) object.language = language;
  const issueDate = issueDateOf(firstChild(root, 'issueInfo')?.attrs.issueDate);
  if (issueDate) object.issueDate = issueDate;
  const schema = schemaOf(root);
  if (schema) object.schema = schema;
  if (kind === 'dm') {
    const contentType = contentElementOf(root)?.name;
    if (contentType) object.contentType = contentType;
  }
  if (kind === 'pm') {
    const content = firstChild(root, 'content');
    object.toc = content ? tocOf(content) : [];
  }
  if (kind === 'dmStatus' || kind === 'pmStatus') Object.assign(object, statusFacts(root));
  return object;
}

/** What pairs a content file with its status file: the code, the identity extension and the language. */
export function identKeyOf(o: Pick<Ata2300Object, 'code' | 'extension' | 'language'>): string {
  const ext = o.extension ? `${o.extension.producer}/${o.extension.code}` : '';
  const lang = o.language ? `${o.language.languageIsoCode.toLowerCase()}-${o.language.countryIsoCode.toUpperCase()}` : '';
  return `${o.code}|${ext}|${lang}`;
}
