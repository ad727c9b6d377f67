/** S1000D identifiers: the code strings built from the attribute form (dmCode, pmCode, ...) and read from file names. */
import type { XmlElement } from './xml.js';

export interface IssueInfo {
  issueNumber: string;
  inWork: string;
}

export interface Language {
  languageIsoCode: string;
  countryIsoCode: string;
}

const a = (el: XmlElement | undefined, name: string): string => el?.attrs[name] ?? '';

/** The attributes every dmCode has, in code order (learnCode and learnEventCode are optional). */
export const DM_CODE_ATTRIBUTES = [
  'modelIdentCode',
  'systemDiffCode',
  'systemCode',
  'subSystemCode',
  'subSubSystemCode',
  'assyCode',
  'disassyCode',
  'disassyCodeVariant',
  'infoCode',
  'infoCodeVariant',
  'itemLocationCode',
] as const;

/** DMC string without the DMC- prefix: MIC-SDC-SYS-SUBSUB-ASSY-DISASSYVAR-INFOVAR-ITEMLOC[-LEARN]. */
export function dmCodeString(dmCode: XmlElement): string {
  let s =
    `${a(dmCode, 'modelIdentCode')}-${a(dmCode, 'systemDiffCode')}-${a(dmCode, 'systemCode')}-` +
    `${a(dmCode, 'subSystemCode')}${a(dmCode, 'subSubSystemCode')}-${a(dmCode, 'assyCode')}-` +
    `${a(dmCode, 'disassyCode')}${a(dmCode, 'disassyCodeVariant')}-${a(dmCode, 'infoCode')}${a(dmCode, 'infoCodeVariant')}-${a(dmCode, 'itemLocationCode')}`;
  const learn = a(dmCode, 'learnCode');
  if (learn !== '') s += `-${learn}${a(dmCode, 'learnEventCode')}`;
  return `DMC-${s.toUpperCase()}`;
}

export function pmCodeString(pmCode: XmlElement): string {
  return `PMC-${a(pmCode, 'modelIdentCode')}-${a(pmCode, 'pmIssuer')}-${a(pmCode, 'pmNumber')}-${a(pmCode, 'pmVolume')}`.toUpperCase();
}

export function dmlCodeString(dmlCode: XmlElement): string {
  return `DML-${a(dmlCode, 'modelIdentCode')}-${a(dmlCode, 'senderIdent')}-${a(dmlCode, 'dmlType')}-${a(dmlCode, 'yearOfDataIssue')}-${a(dmlCode, 'seqNumber')}`.toUpperCase();
}

/** DDN and COM codes share a shape: MIC-SENDER-RECEIVER-YEAR-SEQ. */
export function ddnCodeString(prefix: 'DDN' | 'COM', code: XmlElement): string {
  const kind = prefix === 'COM' ? `-${a(code, 'commentType')}` : '';
  return `${prefix}-${a(code, 'modelIdentCode')}-${a(code, 'senderIdent')}-${prefix === 'DDN' ? `${a(code, 'receiverIdent')}-` : ''}${a(code, 'yearOfDataIssue')}-${a(code, 'seqNumber')}${kind}`.toUpperCase();
}

export function issueString(i: IssueInfo | undefined): string | undefined {
  return i === undefined ? undefined : `${i.issueNumber}-${i.inWork}`;
}

export function languageString(l: Language | undefined): string | undefined {
  return l === undefined ? undefined : `${l.languageIsoCode.toLowerCase()}-${l.countryIsoCode.toUpperCase()}`;
}

export function readIssueInfo(el: XmlElement | undefined): IssueInfo | undefined {
  if (el === undefined) return undefined;
  return { issueNumber: a(el, 'issueNumber'), inWork: a(el, 'inWork') || '00' };
}

export function readLanguage(el: XmlElement | undefined): Language | undefined {
  if (el === undefined) return undefined;
  return { languageIsoCode: a(el, 'languageIsoCode'), countryIsoCode: a(el, 'countryIsoCode') };
}

/** Compares two issues (issue number, then in-work): negative when x is older. */
export function compareIssues(x: IssueInfo, y: IssueInfo): number {
  return Number(x.issueNumber) - Number(y.issueNumber) || Number(x.inWork) - Number(y.inWork);
}

export type ObjectKind = 'dm' | 'dme' | 'pm' | 'dml' | 'ddn' | 'com' | 'upf' | 'icn';

export interface ParsedName {
  kind: ObjectKind;
  /** Upper-case code with its prefix (DMC-..., PMC-..., ICN-...); a DME's code is that of its source DMC behind DME-producer-code-. */
  code: string;
  issue?: IssueInfo;
  language?: Language;
  extension: string;
}

const DMC_BODY = '[A-Z0-9]{2,14}-[A-Z0-9]{1,4}-[A-Z0-9]{2,3}-[A-Z0-9]{2}-[A-Z0-9]{2,4}-[A-Z0-9]{3,5}-[A-Z0-9]{4}-[A-Z](?:-[A-Z0-9]{3}[A-Z])?';
const ISSUE_PART = '(?:_([0-9]{3})-([0-9]{2}))?';
const LANG_PART = '(?:_([A-Z]{2,3})-([A-Z]{2}))?';
const EXT_PART = '\\.([A-Z0-9]+)$';
const PATTERNS: Array<{ kind: ObjectKind; re: RegExp }> = [
  { kind: 'dm', re: new RegExp(`^(DMC-${DMC_BODY})${ISSUE_PART}${LANG_PART}${EXT_PART}`, 'i') },
  { kind: 'dme', re: new RegExp(`^(DME-[A-Z0-9]{5}-[A-Z0-9]{1,10}-${DMC_BODY})${ISSUE_PART}${LANG_PART}${EXT_PART}`, 'i') },
  { kind: 'upf', re: new RegExp(`^(UPF-${DMC_BODY})${ISSUE_PART}${LANG_PART}${EXT_PART}`, 'i') },
  { kind: 'pm', re: new RegExp(`^(PMC-[A-Z0-9]{2,14}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{2})${ISSUE_PART}${LANG_PART}${EXT_PART}`, 'i') },
  { kind: 'dml', re: new RegExp(`^(DML-[A-Z0-9]{2,14}-[A-Z0-9]{5}-[CPS]-[0-9]{4}-[0-9]{5})${ISSUE_PART}${EXT_PART}`, 'i') },
  { kind: 'ddn', re: new RegExp(`^(DDN-[A-Z0-9]{2,14}-[A-Z0-9]{5}-[A-Z0-9]{5}-[0-9]{4}-[0-9]{5})${EXT_PART}`, 'i') },
  { kind: 'com', re: new RegExp(`^(COM-[A-Z0-9]{2,14}-[A-Z0-9]{5}-[0-9]{4}-[0-9]{5}-[QIR])${LANG_PART}${EXT_PART}`, 'i') },
  { kind: 'icn', re: /^(ICN-[A-Z0-9-]+?)\.([A-Z0-9]+)$/i },
];

/** Reads an S1000D file name (DMC, DME, PMC, DML, DDN, COM, UPF, ICN), tolerant of the variants real sets use. */
export function parseFileName(fileName: string): ParsedName | undefined {
  const base = fileName.replace(/^.*[/\\]/, '');
  for (const { kind, re } of PATTERNS) {
    const m = re.exec(base);
    if (m === null) continue;
    const out: ParsedName = { kind, code: (m[1] ?? '').toUpperCase(), extension: (m[m.length - 1] ?? '').toUpperCase() };
    if (kind === 'icn') return out;
    const g = m.slice(2, -1);
    if (kind === 'com') {
      if (g[0] !== undefined) out.language = { languageIsoCode: g[0].toLowerCase(), countryIsoCode: (g[1] ?? '').toUpperCase() };
      return out;
    }
    if (g[0] !== undefined) out.issue = { issueNumber: g[0], inWork: g[1] ?? '00' };
    if (g[2] !== undefined) out.language = { languageIsoCode: g[2].toLowerCase(), countryIsoCode: (g[3] ?? '').toUpperCase() };
    return out;
  }
  return undefined;
}
