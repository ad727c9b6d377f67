/**
 * S1000D comments (COM): a review comment written as an Issue 5.0 `<comment>` (comment.xsd), and a
 * comment file read back to a plain record.
 *
 * How a comment maps:
 * - commentCode: modelIdentCode of the module commented on, the sender's ident, the year and a
 *   five-digit sequence number; commentType q (a comment that asks for an answer), i (for
 *   information) or r (a response). File name COM-<code>_<language>-<country>.XML (Chap 7.4).
 * - commentRefs/dmRefGroup/dmRef: the data module commented on; its referredFragment names the
 *   element (its id) when the comment is anchored to one.
 * - commentContent: the quoted text first, as a simplePara with id "quote", then the comment, one
 *   simplePara per line.
 * - A response (commentType r) answers a comment. Comment files have no reference to another
 *   comment (commentRefs names DMs, PMs, DMLs or DDNs only), so a response names the comment it
 *   answers by its code: in `remarks` (one simplePara "answers COM-...") and, when it is the
 *   response Chap 4.6 describes, by carrying that comment's code with type r. A reader takes the
 *   remarks first, then the code.
 * - commentResponse/@responseType: rt01 accepted, rt02 pending, rt03 partly accepted, rt04 rejected.
 *   commentPriority/@commentPriorityCode: cp01 routine, cp02 emergency, cp03 safety critical.
 */

import { parseDmc } from '../authoring/dmc.js';
import { DM_CODE_ATTRIBUTES, dmCodeString, type IssueInfo, type Language, readIssueInfo, readLanguage } from '../codes.js';
import type { CsdbObject } from '../describe.js';
import { type Problem, problem } from '../problem.js';
import { childrenNamed, firstChild, parseXml, path, textOf, type XmlElement, XmlSyntaxError } from '../xml.js';
import type { DdnParty } from './ddn.js';

export type CommentType = 'q' | 'i' | 'r';

/** Who sent the comment: an enterprise and where it is, and the person when known. */
export interface ComOriginator extends DdnParty {
  /** The person's name (dispatchPerson/lastName). */
  person?: string;
}

/** The data module a comment is on. */
export interface ComDmRef {
  /** The dmCode attributes (modelIdentCode ... itemLocationCode, learnCode and learnEventCode when set). */
  dmCode: Record<string, string>;
  issue?: IssueInfo;
  language?: Language;
  /** The id of the element commented on. */
  referredFragment?: string;
  /** The module's title, for the reader. */
  title?: string;
}

export interface ComOptions {
  modelIdentCode: string;
  senderIdent: string;
  /** yearOfDataIssue (4 digits) and seqNumber (5 digits). */
  year: string;
  seqNumber: string;
  commentType: CommentType;
  language: Language;
  title?: string;
  date: Date;
  originator: ComOriginator;
  securityClassification?: string;
  /** cp01 (routine) unless given. */
  priority?: string;
  /** responseType of a response (rt01 accepted, rt02 pending, rt03 partly accepted, rt04 rejected). */
  responseType?: string;
  /** The code of the comment a response answers (COM-...-Q). */
  answers?: string;
  dmRef: ComDmRef;
  /** The `<dmRef>` of the BREX the comment answers to (comment.xsd requires one). */
  brexDmRef: string;
  /** The text commented on, as it read. */
  quote?: string;
  /** The comment itself; each line becomes a simplePara. */
  body: string;
}

/** A comment file read back. */
export interface ComRecord {
  /** COM-<model>-<sender>-<year>-<seq>-<TYPE>. */
  code: string;
  modelIdentCode: string;
  senderIdent: string;
  year: string;
  seqNumber: string;
  commentType: CommentType;
  language: Language;
  title: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  originator: ComOriginator;
  priority: string;
  responseType?: string;
  /** The code of the comment a response answers. */
  answers?: string;
  /** The first data module the comment refers to (DMC-...), with its issue, language and fragment. */
  dmRef?: { code: string; issue?: IssueInfo; language?: Language; referredFragment?: string };
  quote: string;
  body: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const DMC_ATTRS = [...DM_CODE_ATTRIBUTES, 'learnCode', 'learnEventCode'];

/** The comment's code: COM-<model>-<sender>-<year>-<seq>-<TYPE>. */
export const comCodeOf = (o: Pick<ComOptions, 'modelIdentCode' | 'senderIdent' | 'year' | 'seqNumber' | 'commentType'>) =>
  `COM-${o.modelIdentCode}-${o.senderIdent}-${o.year}-${o.seqNumber}-${o.commentType}`.toUpperCase();

/** The file name of a comment: COM-<code>_<language>-<country>.XML. */
export const comFileNameOf = (o: Pick<ComOptions, 'modelIdentCode' | 'senderIdent' | 'year' | 'seqNumber' | 'commentType' | 'language'>) =>
  `${comCodeOf(o)}_${o.language.languageIsoCode.toUpperCase()}-${o.language.countryIsoCode.toUpperCase()}.XML`;

function dmRefXml(r: ComDmRef): string {
  const code = DMC_ATTRS.filter((k) => r.dmCode[k] !== undefined && r.dmCode[k] !== '')
    .map((k) => `${k}="${esc(r.dmCode[k] ?? '')}"`)
    .join(' ');
  const issue = r.issue ? `<issueInfo issueNumber="${esc(r.issue.issueNumber)}" inWork="${esc(r.issue.inWork)}"/>` : '';
  const lang = r.language ? `<language languageIsoCode="${esc(r.language.languageIsoCode)}" countryIsoCode="${esc(r.language.countryIsoCode)}"/>` : '';
  const title = r.title ? `<dmRefAddressItems><dmTitle><techName>${esc(r.title)}</techName></dmTitle></dmRefAddressItems>` : '';
  const fragment = r.referredFragment ? ` referredFragment="${esc(r.referredFragment)}"` : '';
  return `<dmRef${fragment}><dmRefIdent><dmCode ${code}/>${issue}${lang}</dmRefIdent>${title}</dmRef>`;
}

/** The reference of a comment on a data module of a set: its dmCode as the module writes it, its issue, language and title. */
export function comDmRefOf(dm: CsdbObject, referredFragment?: string): ComDmRef {
  const el = path(dm.xml?.root, 'identAndStatusSection', 'dmAddress', 'dmIdent', 'dmCode');
  const dmCode: Record<string, string> = el !== undefined ? { ...el.attrs } : { ...(parseDmc(dm.code) ?? {}) };
  return {
    dmCode,
    ...(dm.issue ? { issue: dm.issue } : {}),
    ...(dm.language ? { language: dm.language } : {}),
    ...(referredFragment ? { referredFragment } : {}),
    ...(dm.title ? { title: dm.title } : {}),
  };
}

/** A comment valid against the Issue 5.0 comment.xsd. */
export function writeCom(o: ComOptions): string {
  const d = o.date;
  const person = o.originator.person ? `<dispatchPerson><lastName>${esc(o.originator.person)}</lastName></dispatchPerson>` : '';
  const title = o.title ? `<commentTitle>${esc(o.title)}</commentTitle>` : '';
  const response = o.responseType ? `<commentResponse responseType="${esc(o.responseType)}"/>` : '';
  const remarks = o.answers ? `\n      <remarks><simplePara>answers ${esc(o.answers)}</simplePara></remarks>` : '';
  const quote = o.quote ? `\n    <simplePara id="quote">${esc(o.quote)}</simplePara>` : '';
  const paras = o.body
    .split(/\r?\n/)
    .map((line) => `\n    <simplePara>${esc(line)}</simplePara>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<comment xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://www.purl.org/dc/elements/1.1/" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/comment.xsd">
  <identAndStatusSection>
    <commentAddress>
      <commentIdent>
        <commentCode modelIdentCode="${esc(o.modelIdentCode)}" senderIdent="${esc(o.senderIdent)}" yearOfDataIssue="${esc(o.year)}" seqNumber="${esc(o.seqNumber)}" commentType="${esc(o.commentType)}"/>
        <language languageIsoCode="${esc(o.language.languageIsoCode)}" countryIsoCode="${esc(o.language.countryIsoCode)}"/>
      </commentIdent>
      <commentAddressItems>
        ${title}<issueDate year="${pad(d.getUTCFullYear(), 4)}" month="${pad(d.getUTCMonth() + 1, 2)}" day="${pad(d.getUTCDate(), 2)}"/>
        <commentOriginator><dispatchAddress><enterprise><enterpriseName>${esc(o.originator.enterpriseName)}</enterpriseName></enterprise>${person}<address><city>${esc(o.originator.city)}</city><country>${esc(o.originator.country)}</country></address></dispatchAddress></commentOriginator>
      </commentAddressItems>
    </commentAddress>
    <commentStatus>
      <security securityClassification="${esc(o.securityClassification ?? '01')}"/>
      <commentPriority commentPriorityCode="${esc(o.priority ?? 'cp01')}"/>
      ${response}<commentRefs><dmRefGroup>${dmRefXml(o.dmRef)}</dmRefGroup></commentRefs>
      <brexDmRef>${o.brexDmRef}</brexDmRef>${remarks}
    </commentStatus>
  </identAndStatusSection>
  <commentContent>${quote}${paras}
  </commentContent>
</comment>
`;
}

/** Why a file is not read as a comment: a code, the file, and the message in both languages. */
export class ComRefusal extends Error {
  readonly problem: Problem;
  constructor(
    readonly reason: 'malformed' | 'notComment' | 'incomplete',
    readonly file: string,
    readonly detail: string,
    zh: string,
    en: string,
    line = 1,
    column = 1,
  ) {
    super(en);
    this.name = 'ComRefusal';
    this.problem = problem('error', `com-${reason}`, { file, line, column }, zh, en);
  }
}

const attr = (el: XmlElement | undefined, name: string) => el?.attrs[name] ?? '';

/**
 * A comment file read to a record; a ComRefusal (naming the file, in Chinese and English) when it
 * is not well-formed XML, not a `<comment>`, or lacks its code.
 */
export function readCom(file: string, content: string | Uint8Array): ComRecord {
  let root: XmlElement;
  try {
    root = parseXml(content).root;
  } catch (e) {
    const reason = e instanceof XmlSyntaxError ? e.reason : String(e);
    const at = e instanceof XmlSyntaxError ? [e.line, e.column] : [1, 1];
    throw new ComRefusal('malformed', file, reason, `“${file}”不是格式正确的 XML：${reason}`, `"${file}" is not well-formed XML: ${reason}`, at[0], at[1]);
  }
  if (root.name !== 'comment')
    throw new ComRefusal(
      'notComment',
      file,
      root.name,
      `“${file}”不是 S1000D 评论：根元素是 <${root.name}>，应为 <comment>`,
      `"${file}" is not an S1000D comment: its root element is <${root.name}>, not <comment>`,
    );
  const address = path(root, 'identAndStatusSection', 'commentAddress');
  const code = path(address, 'commentIdent', 'commentCode');
  const type = attr(code, 'commentType').toLowerCase();
  const parts = ['modelIdentCode', 'senderIdent', 'yearOfDataIssue', 'seqNumber'].map((k) => attr(code, k).toUpperCase());
  if (code === undefined || parts.some((p) => p === '') || !['q', 'i', 'r'].includes(type))
    throw new ComRefusal(
      'incomplete',
      file,
      'commentCode',
      `“${file}”缺少完整的评论代码（commentCode 的 modelIdentCode、senderIdent、yearOfDataIssue、seqNumber 和 commentType q/i/r）`,
      `"${file}" lacks a complete comment code (commentCode with modelIdentCode, senderIdent, yearOfDataIssue, seqNumber and commentType q/i/r)`,
    );
  const [modelIdentCode = '', senderIdent = '', year = '', seqNumber = ''] = parts;
  const commentType = type as CommentType;
  const items = firstChild(address, 'commentAddressItems');
  const date = firstChild(items, 'issueDate');
  const dispatch = path(items, 'commentOriginator', 'dispatchAddress');
  const person = textOf(path(dispatch, 'dispatchPerson', 'lastName')).trim();
  const status = path(root, 'identAndStatusSection', 'commentStatus');
  const ref = path(status, 'commentRefs', 'dmRefGroup', 'dmRef');
  const dmCode = path(ref, 'dmRefIdent', 'dmCode');
  const remark = childrenNamed(firstChild(status, 'remarks') ?? root, 'simplePara')
    .map((p) => /^\s*answers\s+(COM-[A-Z0-9-]+)\s*$/i.exec(textOf(p))?.[1]?.toUpperCase())
    .find((c) => c !== undefined);
  const ownCode = comCodeOf({ modelIdentCode, senderIdent, year, seqNumber, commentType });
  const answers = commentType === 'r' ? (remark ?? `${ownCode.slice(0, -1)}Q`) : undefined;
  const paras = childrenNamed(firstChild(root, 'commentContent') ?? root, 'simplePara');
  const quotePara = paras.find((p) => p.attrs.id === 'quote');
  const responseType = attr(firstChild(status, 'commentResponse'), 'responseType');
  const fragment = attr(ref, 'referredFragment');
  const dmLanguage = readLanguage(path(ref, 'dmRefIdent', 'language'));
  const dmIssue = readIssueInfo(path(ref, 'dmRefIdent', 'issueInfo'));
  return {
    code: ownCode,
    modelIdentCode,
    senderIdent,
    year,
    seqNumber,
    commentType,
    language: readLanguage(path(address, 'commentIdent', 'language')) ?? { languageIsoCode: 'en', countryIsoCode: 'US' },
    title: textOf(firstChild(items, 'commentTitle')).trim(),
    issueDate: date ? `${attr(date, 'year')}-${attr(date, 'month')}-${attr(date, 'day')}` : '',
    originator: {
      enterpriseName: textOf(path(dispatch, 'enterprise', 'enterpriseName')).trim(),
      city: textOf(path(dispatch, 'address', 'city')).trim(),
      country: textOf(path(dispatch, 'address', 'country')).trim(),
      ...(person ? { person } : {}),
    },
    priority: attr(firstChild(status, 'commentPriority'), 'commentPriorityCode'),
    ...(responseType ? { responseType } : {}),
    ...(answers !== undefined ? { answers } : {}),
    ...(dmCode !== undefined
      ? {
          dmRef: {
            code: dmCodeString(dmCode),
            ...(dmIssue ? { issue: dmIssue } : {}),
            ...(dmLanguage ? { language: dmLanguage } : {}),
            ...(fragment ? { referredFragment: fragment } : {}),
          },
        }
      : {}),
    quote: quotePara ? textOf(quotePara) : '',
    body: paras
      .filter((p) => p !== quotePara)
      .map((p) => textOf(p))
      .join('\n'),
  };
}
