import { dmCodeString, dmlCodeString, type IssueInfo, type Language, pmCodeString, readIssueInfo, readLanguage } from '../codes.js';
import { firstChild, type XmlElement } from '../xml.js';
import type { ChangeMark } from './change-marks.js';
import { elementAtPath, TextEditor } from './edit.js';
import { escapeXml, objectFileName } from './templates.js';

/**
 * The issue cycle of an S1000D object (data module, publication module, DML). Git keeps every
 * saved state, so a save does not move the in-work number; an author starts the next in-work
 * (000-01 → 000-02; an issued 001-00 → 001-01) and issues (the next issue number at in-work 00,
 * with its issue type, reasons for update and change marks). Each gives the new text and the
 * file name its code and issue make.
 */
export const ISSUE_TYPES = ['new', 'changed', 'deleted', 'revised', 'status', 'rinstate-changed', 'rinstate-revised', 'rinstate-status'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

export const UPDATE_REASON_TYPES = ['urt01', 'urt02', 'urt03', 'urt04', 'urt05', 'urt06', 'urt07'] as const;

export interface ReasonForUpdate {
  text: string;
  /** Shown as a highlight of the issue (updateHighlight="1"). */
  highlight: boolean;
  updateReasonType?: (typeof UPDATE_REASON_TYPES)[number];
}

export type CycleErrorCode = 'not-s1000d' | 'no-issue-info' | 'in-work-full' | 'already-issued' | 'issue-full' | 'mark-not-found' | 'no-reason';

/** A refusal with its reason in both languages and the field it concerns. */
export class CycleError extends Error {
  constructor(
    readonly code: CycleErrorCode,
    readonly field: string,
    readonly messages: { zh: string; en: string },
  ) {
    super(messages.en);
  }
}

export interface ObjectIdent {
  kind: 'dm' | 'pm' | 'dml';
  root: string;
  code: string;
  issue: IssueInfo;
  language: Language | undefined;
  issueType: string | undefined;
  /** The object's name from its file: `<code>_<issue>-<inwork>[_<lang>].XML`. */
  fileName: string;
}

interface Located {
  ident: ObjectIdent;
  issueInfo: XmlElement;
  status: XmlElement;
  addressItems: XmlElement | undefined;
}

const IDENTS: Record<string, { kind: ObjectIdent['kind']; address: string; ident: string; code: string; items: string; status: string }> = {
  dmodule: { kind: 'dm', address: 'dmAddress', ident: 'dmIdent', code: 'dmCode', items: 'dmAddressItems', status: 'dmStatus' },
  pm: { kind: 'pm', address: 'pmAddress', ident: 'pmIdent', code: 'pmCode', items: 'pmAddressItems', status: 'pmStatus' },
  dml: { kind: 'dml', address: 'dmlAddress', ident: 'dmlIdent', code: 'dmlCode', items: 'dmlAddressItems', status: 'dmlStatus' },
};

function locate(editor: TextEditor): Located {
  const root = editor.doc.root;
  const shape = IDENTS[root.name];
  const notS1000d = () =>
    new CycleError('not-s1000d', 'path', {
      zh: '不是 S1000D 数据模块、出版物模块或数据模块清单（Issue 4.0 及以上）',
      en: 'Not an S1000D data module, publication module or DML (Issue 4.0 or later)',
    });
  if (!shape) throw notS1000d();
  const section = firstChild(root, 'identAndStatusSection');
  const address = firstChild(section, shape.address);
  const ident = firstChild(address, shape.ident);
  const code = firstChild(ident, shape.code);
  const status = firstChild(section, shape.status);
  if (!code || !status) throw notS1000d();
  const issueInfo = firstChild(ident, 'issueInfo');
  if (!issueInfo) throw new CycleError('no-issue-info', 'path', { zh: '对象没有 issueInfo', en: 'The object has no issueInfo' });
  const issue = readIssueInfo(issueInfo) ?? { issueNumber: '000', inWork: '00' };
  const language = shape.kind === 'dml' ? undefined : readLanguage(firstChild(ident, 'language'));
  const codeString = shape.kind === 'dm' ? dmCodeString(code) : shape.kind === 'pm' ? pmCodeString(code) : dmlCodeString(code);
  return {
    ident: {
      kind: shape.kind,
      root: root.name,
      code: codeString,
      issue,
      language,
      issueType: status.attrs.issueType,
      fileName: objectFileName(codeString, issue, language),
    },
    issueInfo,
    status,
    addressItems: firstChild(address, shape.items),
  };
}

/** What an object's text says it is: kind, code, issue, language, issue type and the file name they make. */
export function objectIdent(xml: string): ObjectIdent {
  return locate(new TextEditor(xml)).ident;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export interface CycleResult {
  xml: string;
  ident: ObjectIdent;
}

/** The next in-work of the same issue: 000-01 → 000-02; issued 001-00 → 001-01. */
export function nextInWork(xml: string): CycleResult {
  const editor = new TextEditor(xml);
  const { ident, issueInfo } = locate(editor);
  const inWork = Number(ident.issue.inWork);
  if (!Number.isFinite(inWork) || inWork >= 99)
    throw new CycleError('in-work-full', 'inWork', {
      zh: `在编号 ${ident.issue.inWork} 已到 99：请先发布`,
      en: `In-work ${ident.issue.inWork} has reached 99: issue first`,
    });
  const next = { issueNumber: ident.issue.issueNumber, inWork: pad(inWork + 1, 2) };
  editor.setAttrs(issueInfo, { inWork: next.inWork });
  const out = editor.result();
  return { xml: out, ident: { ...ident, issue: next, fileName: objectFileName(ident.code, next, ident.language) } };
}

export interface IssueOptions {
  issueType: IssueType;
  reasons: ReasonForUpdate[];
  /** The change marks to carry (from proposeChangeMarks, edited); the previous issue's marks are cleared. */
  marks?: Pick<ChangeMark, 'path' | 'changeType'>[];
  /** YYYY-MM-DD: the issue date. */
  date: string;
}

const CHANGE_ATTRS = ['changeMark', 'changeType', 'reasonForUpdateRefIds'] as const;

/**
 * Issues an in-work object: the next issue number at in-work 00 (000-01 → 001-00, 001-02 →
 * 002-00), the issue type and date, the reasons for update (replacing the previous issue's, with
 * ids rfu-0001...), and the change marks (the previous ones cleared, each new one pointing at all
 * the reasons). Issue 001 carries neither reasons nor marks. An object already at in-work 00 is
 * refused: it is issued.
 */
export function issueObject(xml: string, options: IssueOptions): CycleResult {
  const editor = new TextEditor(xml);
  const { ident, issueInfo, status, addressItems } = locate(editor);
  if (ident.issue.inWork === '00')
    throw new CycleError('already-issued', 'inWork', {
      zh: `${ident.issue.issueNumber}-00 已发布：请先开始下一在编版本`,
      en: `${ident.issue.issueNumber}-00 is issued: start the next in-work first`,
    });
  const number = Number(ident.issue.issueNumber);
  if (!Number.isFinite(number) || number >= 999)
    throw new CycleError('issue-full', 'issueNumber', { zh: '发布号已到 999', en: 'The issue number has reached 999' });
  const next = { issueNumber: pad(number + 1, 3), inWork: '00' };
  // Issue 001 is the first: no reason for update and no change marks (the default BREX forbids RFU there, Chap 3.9.5.2.1.1).
  const first = next.issueNumber === '001';
  const reasons = first ? [] : options.reasons.map((r) => ({ ...r, text: r.text.trim() })).filter((r) => r.text !== '');
  if (!first && reasons.length === 0 && ident.kind !== 'dml')
    throw new CycleError('no-reason', 'reasons', { zh: 'reasons：请至少填写一条更新原因', en: 'reasons: give at least one reason for update' });
  editor.setAttrs(issueInfo, { issueNumber: next.issueNumber, inWork: next.inWork });
  editor.setAttrs(status, { issueType: options.issueType });
  const date = addressItems ? firstChild(addressItems, 'issueDate') : undefined;
  if (date) {
    const [year = '', month = '', day = ''] = options.date.split('-');
    editor.setAttrs(date, { year, month, day });
  }
  const ids = reasons.map((_, i) => `rfu-${pad(i + 1, 4)}`);
  if (ident.kind !== 'dml') writeReasons(editor, status, reasons, ids);
  // Change marks: the previous issue's cleared, the chosen ones set.
  const content = editor.doc.root.children.find((c): c is XmlElement => c.type === 'element' && (c.name === 'content' || c.name === 'dmlContent'));
  if (content) {
    const walk = (el: XmlElement) => {
      if (CHANGE_ATTRS.some((a) => el.attrs[a] !== undefined)) editor.setAttrs(el, { changeMark: null, changeType: null, reasonForUpdateRefIds: null });
      for (const c of el.children) if (c.type === 'element') walk(c);
    };
    walk(content);
  }
  for (const mark of first ? [] : (options.marks ?? [])) {
    const el = elementAtPath(editor.doc, mark.path);
    if (!el || !content || !isInside(el, content))
      throw new CycleError('mark-not-found', 'marks', { zh: `marks：找不到元素 ${mark.path}`, en: `marks: no element at ${mark.path}` });
    editor.setAttrs(el, { changeMark: '1', changeType: mark.changeType, reasonForUpdateRefIds: ids.length > 0 ? ids.join(' ') : null });
  }
  const out = editor.result();
  return { xml: out, ident: { ...ident, issue: next, issueType: options.issueType, fileName: objectFileName(ident.code, next, ident.language) } };
}

function isInside(el: XmlElement, ancestor: XmlElement): boolean {
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) if (e === ancestor) return true;
  return false;
}

function writeReasons(editor: TextEditor, status: XmlElement, reasons: ReasonForUpdate[], ids: string[]): void {
  const children = status.children.filter((c): c is XmlElement => c.type === 'element');
  const old = children.filter((c) => c.name === 'reasonForUpdate');
  const indent = children[0] ? editor.indentOf(children[0]) : '';
  const xml = reasons.map((r, i) => {
    const type = r.updateReasonType ? ` updateReasonType="${r.updateReasonType}"` : '';
    return `<reasonForUpdate id="${ids[i]}"${type} updateHighlight="${r.highlight ? '1' : '0'}"><simplePara>${escapeXml(r.text)}</simplePara></reasonForUpdate>`;
  });
  for (const o of old) editor.remove(o);
  if (xml.length === 0) return;
  const remarks = children.find((c) => c.name === 'remarks');
  const block = xml.map((x) => `\n${indent}${x}`).join('');
  if (remarks) {
    // Before remarks, on its own lines.
    let at = editor.startOf(remarks);
    while (at > 0 && /[ \t]/.test(editor.text.charAt(at - 1))) at--;
    if (at > 0 && editor.text.charAt(at - 1) === '\n') at--;
    editor.insert(at, block);
  } else {
    const end = editor.endOf(status);
    let at = end - `</${status.name}>`.length;
    while (at > 0 && /\s/.test(editor.text.charAt(at - 1))) at--;
    editor.insert(at, block);
  }
}

/** A PM's text with a reference added at the end of its last top-level pmEntry (the rest untouched). */
export function addToPm(pmXml: string, refXml: string): string {
  const editor = new TextEditor(pmXml);
  if (editor.doc.root.name !== 'pm') throw new CycleError('not-s1000d', 'pmPath', { zh: 'pmPath：不是出版物模块', en: 'pmPath: not a publication module' });
  const content = firstChild(editor.doc.root, 'content');
  const entries = content ? content.children.filter((c): c is XmlElement => c.type === 'element' && c.name === 'pmEntry') : [];
  const last = entries.at(-1);
  if (!last) throw new CycleError('not-s1000d', 'pmPath', { zh: 'pmPath：出版物模块没有 pmEntry', en: 'pmPath: the publication module has no pmEntry' });
  const end = editor.endOf(last);
  const close = end - '</pmEntry>'.length;
  const children = last.children.filter((c): c is XmlElement => c.type === 'element');
  const indent = children.at(-1) ? editor.indentOf(children.at(-1) as XmlElement) : '';
  let at = close;
  while (at > 0 && /\s/.test(editor.text.charAt(at - 1))) at--;
  editor.insert(at, indent ? `\n${indent}${refXml}` : refXml);
  return editor.result();
}

/** A DML's text with an entry added at the end of its dmlContent (the rest untouched). */
export function addToDml(dmlXml: string, entryXml: string): string {
  const editor = new TextEditor(dmlXml);
  const content = editor.doc.root.name === 'dml' ? firstChild(editor.doc.root, 'dmlContent') : undefined;
  if (!content) throw new CycleError('not-s1000d', 'dmlPath', { zh: 'dmlPath：不是数据模块清单', en: 'dmlPath: not a data module list' });
  const entries = content.children.filter((c): c is XmlElement => c.type === 'element');
  const last = entries.at(-1);
  if (!last) {
    // <dmlContent/> or an empty one: opened around the entry.
    const start = editor.startOf(content);
    editor.remove(content);
    editor.insert(start, `<dmlContent>${entryXml}</dmlContent>`);
    return editor.result();
  }
  const indent = editor.indentOf(last);
  editor.insert(editor.endOf(last), indent ? `\n${indent}${entryXml}` : entryXml);
  return editor.result();
}
