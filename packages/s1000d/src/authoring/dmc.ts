import { DM_CODE_ATTRIBUTES } from '../codes.js';
import type { Brex, ObjectValue, SnsNode } from '../validate/brex.js';
import { valueAllowed } from '../validate/check.js';
import type { Localized } from '../validate/problem.js';
import { infoCodeName } from './info-codes.js';

/** The segments of a data module code, as the dmCode element's attributes name them. */
export interface DmcFields {
  modelIdentCode: string;
  systemDiffCode: string;
  systemCode: string;
  subSystemCode: string;
  subSubSystemCode: string;
  assyCode: string;
  disassyCode: string;
  disassyCodeVariant: string;
  infoCode: string;
  infoCodeVariant: string;
  itemLocationCode: string;
  /** Optional: a learn code and its event code go together. */
  learnCode?: string;
  learnEventCode?: string;
}

export type DmcField = keyof DmcFields;

/** The S1000D Issue 5.0 patterns of each segment (the schema's and Chap 8.2's). */
export const DMC_PATTERNS: Readonly<Record<DmcField, { re: RegExp; shape: string }>> = {
  modelIdentCode: { re: /^[A-Z0-9]{2,14}$/, shape: '2–14 A–Z/0–9' },
  systemDiffCode: { re: /^[A-Z0-9]{1,4}$/, shape: '1–4 A–Z/0–9' },
  systemCode: { re: /^[A-Z0-9]{2,3}$/, shape: '2–3 A–Z/0–9' },
  subSystemCode: { re: /^[A-Z0-9]$/, shape: '1 A–Z/0–9' },
  subSubSystemCode: { re: /^[A-Z0-9]$/, shape: '1 A–Z/0–9' },
  assyCode: { re: /^(?:[A-Z0-9]{2}|[A-Z0-9]{4})$/, shape: '2 or 4 A–Z/0–9' },
  disassyCode: { re: /^[A-Z0-9]{2}$/, shape: '2 A–Z/0–9' },
  disassyCodeVariant: { re: /^[A-Z0-9]{1,3}$/, shape: '1–3 A–Z/0–9' },
  infoCode: { re: /^[A-Z0-9]{3}$/, shape: '3 A–Z/0–9' },
  infoCodeVariant: { re: /^[A-Z0-9]$/, shape: '1 A–Z/0–9' },
  itemLocationCode: { re: /^[ABCDTZ]$/, shape: 'A, B, C, D, T or Z' },
  learnCode: { re: /^[A-Z0-9]{3}$/, shape: '3 A–Z/0–9 (H or T first)' },
  learnEventCode: { re: /^[A-E]$/, shape: 'A–E' },
};

export const DMC_FIELDS: readonly DmcField[] = [...DM_CODE_ATTRIBUTES, 'learnCode', 'learnEventCode'];

export interface FieldProblem<F extends string = DmcField> {
  field: F;
  messages: Localized;
}

export interface DmcCheckOptions {
  /** The project BREX's snsRules (all layers'), when it has them: the system, subsystem, sub-subsystem and assembly must be among them. */
  sns?: readonly SnsNode[];
  /** Per segment, the BREX rules' values (dmcRulesOf): each list must allow the value. */
  values?: DmcRules['values'];
  /** The model identification codes of the library, when it has any: the code must be one of them. */
  modelIdentCodes?: readonly string[];
}

/** The fields upper-cased and trimmed; an empty learn code drops the learn event code too. */
export function normalizeDmc(fields: DmcFields): DmcFields {
  const out = {} as DmcFields;
  for (const f of DMC_FIELDS) {
    const v = fields[f];
    if (v !== undefined) out[f] = v.trim().toUpperCase();
  }
  if (!out.learnCode) {
    delete out.learnCode;
    delete out.learnEventCode;
  }
  return out;
}

/** DMC-MIC-SDC-SYS-SUBSUB-ASSY-DISASSYVAR-INFOVAR-ITEMLOC[-LEARNEVENT], upper case. */
export function dmcString(fields: DmcFields): string {
  const f = normalizeDmc(fields);
  const learn = f.learnCode ? `-${f.learnCode}${f.learnEventCode ?? ''}` : '';
  return `DMC-${f.modelIdentCode}-${f.systemDiffCode}-${f.systemCode}-${f.subSystemCode}${f.subSubSystemCode}-${f.assyCode}-${f.disassyCode}${f.disassyCodeVariant}-${f.infoCode}${f.infoCodeVariant}-${f.itemLocationCode}${learn}`;
}

/**
 * Every problem of a code being built: each segment against its pattern, the learn code and its
 * event code together, then (when given) the project BREX's SNS (an omitted optional level, 0 or
 * 00, passes where the SNS has nothing below), its information codes and the library's model codes.
 */
export function checkDmc(input: DmcFields, options: DmcCheckOptions = {}): FieldProblem[] {
  const f = normalizeDmc(input);
  const out: FieldProblem[] = [];
  for (const field of DMC_FIELDS) {
    const value = f[field];
    const optional = field === 'learnCode' || field === 'learnEventCode';
    if (value === undefined || value === '') {
      if (!optional) out.push({ field, messages: { zh: `${field}：必填`, en: `${field}: required` } });
      continue;
    }
    const { re, shape } = DMC_PATTERNS[field];
    if (!re.test(value))
      out.push({ field, messages: { zh: `${field}：“${value}”不符合格式（${shape}）`, en: `${field}: "${value}" does not match its pattern (${shape})` } });
  }
  if (f.learnCode && !f.learnEventCode)
    out.push({ field: 'learnEventCode', messages: { zh: 'learnEventCode：有学习代码时必填', en: 'learnEventCode: required with a learn code' } });
  if (out.length > 0) return out;
  if (options.modelIdentCodes && options.modelIdentCodes.length > 0 && !options.modelIdentCodes.includes(f.modelIdentCode))
    out.push({
      field: 'modelIdentCode',
      messages: {
        zh: `modelIdentCode：“${f.modelIdentCode}”不是本库的型号识别码（${options.modelIdentCodes.join('、')}）`,
        en: `modelIdentCode: "${f.modelIdentCode}" is not a model identification code of the library (${options.modelIdentCodes.join(', ')})`,
      },
    });
  const sns = snsProblem(f, options.sns);
  if (sns) out.push(sns);
  for (const field of DMC_FIELDS) {
    const value = f[field];
    const lists = options.values?.[field];
    if (value === undefined || value === '' || !lists) continue;
    if (lists.every((list) => list.some((v) => valueAllowed(value, v)))) continue;
    const allowed = lists.flatMap((l) => l.map((v) => v.allowed)).slice(0, 20);
    out.push({
      field,
      messages: {
        zh: `${field}：项目 BREX 不允许“${value}”（允许：${allowed.join('、')}）`,
        en: `${field}: the project BREX does not allow "${value}" (allowed: ${allowed.join(', ')})`,
      },
    });
  }
  return out;
}

function snsProblem(f: DmcFields, sns: readonly SnsNode[] | undefined): FieldProblem | undefined {
  if (sns === undefined || sns.length === 0) return undefined;
  const levels: [DmcField, string, boolean][] = [
    ['systemCode', f.systemCode, false],
    ['subSystemCode', f.subSystemCode, f.subSystemCode === '0'],
    ['subSubSystemCode', f.subSubSystemCode, f.subSubSystemCode === '0'],
    ['assyCode', f.assyCode, f.assyCode === '00' || f.assyCode === '0000'],
  ];
  let here: readonly SnsNode[] = sns;
  let shown = '';
  for (const [field, value, omitted] of levels) {
    shown = shown === '' ? value : field === 'subSubSystemCode' ? `${shown}${value}` : `${shown}-${value}`;
    if (omitted && here.length === 0) return undefined;
    const found = here.find((n) => n.code === value);
    if (found === undefined) {
      const known = here.map((n) => `${n.code} ${n.title}`.trim()).slice(0, 12);
      return {
        field,
        messages: {
          zh: `${field}：${shown} 不在项目 BREX 的 SNS 中${known.length ? `（可选：${known.join('；')}）` : ''}`,
          en: `${field}: ${shown} is not in the project BREX's SNS${known.length ? ` (known: ${known.join('; ')})` : ''}`,
        },
      };
    }
    here = found.children;
  }
  return undefined;
}

/** The SNS as choices for the builder: system, subsystem, sub-subsystem and assembly codes with titles. */
export function snsChoices(sns: readonly SnsNode[]): SnsNode[] {
  return sns.map((n) => ({ code: n.code, title: n.title, children: snsChoices(n.children) }));
}

/** The information code's name in the language asked, when the table lists it. */
export function infoNameOf(infoCode: string, lang: 'zh' | 'en'): string | undefined {
  return infoCodeName(infoCode)?.[lang];
}

/**
 * What the BREX layers say of a DMC for the builder: the SNS (the first layer that has snsRules)
 * and, per segment, the values of the rules on dmCode/@segment (as checkBrex checks them: each
 * rule with values must pass). The Bike BREX names the model codes, systems and its 57
 * information codes so.
 */
export function dmcRulesOf(layers: readonly Brex[]): DmcRules {
  const sns = layers.find((b) => b.sns !== undefined && b.sns.length > 0)?.sns;
  const values: Partial<Record<DmcField, ObjectValue[][]>> = {};
  for (const b of layers)
    for (const r of b.rules) {
      const m = /dmCode\/@(\w+)\s*$/.exec(r.path.trim());
      const field = m?.[1] as DmcField | undefined;
      if (!field || !DMC_FIELDS.includes(field) || r.values.length === 0) continue;
      const lists = values[field] ?? [];
      lists.push(r.values);
      values[field] = lists;
    }
  return { sns, values };
}

export interface DmcRules {
  sns: SnsNode[] | undefined;
  /** Per segment, the value lists of each BREX rule on it. */
  values: Partial<Record<DmcField, ObjectValue[][]>>;
}

/** The segments of a code string (DMC-...; the prefix optional), or undefined when it is not one. */
export function parseDmc(code: string): DmcFields | undefined {
  const m =
    /^(?:DMC-)?([A-Z0-9]{2,14})-([A-Z0-9]{1,4})-([A-Z0-9]{2,3})-([A-Z0-9])([A-Z0-9])-([A-Z0-9]{2,4})-([A-Z0-9]{2})([A-Z0-9]{1,3})-([A-Z0-9]{3})([A-Z0-9])-([A-Z])(?:-([A-Z0-9]{3})([A-Z]))?$/i.exec(
      code.trim(),
    );
  if (m === null) return undefined;
  const g = (i: number) => (m[i] ?? '').toUpperCase();
  const out: DmcFields = {
    modelIdentCode: g(1),
    systemDiffCode: g(2),
    systemCode: g(3),
    subSystemCode: g(4),
    subSubSystemCode: g(5),
    assyCode: g(6),
    disassyCode: g(7),
    disassyCodeVariant: g(8),
    infoCode: g(9),
    infoCodeVariant: g(10),
    itemLocationCode: g(11),
  };
  if (m[12]) {
    out.learnCode = g(12);
    out.learnEventCode = g(13);
  }
  return out;
}

/** Each field of a code against its pattern (PM and DML codes: their segments as attributes name them). */
function checkPatterns<F extends string>(values: Record<F, string>, patterns: Record<F, { re: RegExp; shape: string }>): FieldProblem<F>[] {
  const out: FieldProblem<F>[] = [];
  for (const field of Object.keys(patterns) as F[]) {
    const value = (values[field] ?? '').trim().toUpperCase();
    const { re, shape } = patterns[field];
    if (value === '') out.push({ field, messages: { zh: `${field}：必填`, en: `${field}: required` } });
    else if (!re.test(value))
      out.push({ field, messages: { zh: `${field}：“${value}”不符合格式（${shape}）`, en: `${field}: "${value}" does not match its pattern (${shape})` } });
  }
  return out;
}

export const PM_CODE_PATTERNS = {
  modelIdentCode: { re: /^[A-Z0-9]{2,14}$/, shape: '2–14 A–Z/0–9' },
  pmIssuer: { re: /^[A-Z0-9]{5}$/, shape: '5 A–Z/0–9' },
  pmNumber: { re: /^[A-Z0-9]{5}$/, shape: '5 A–Z/0–9' },
  pmVolume: { re: /^[0-9]{2}$/, shape: '2 digits' },
};
export type PmCodeField = keyof typeof PM_CODE_PATTERNS;

/** Problems of a publication module code, each naming its field. */
export function checkPmCode(code: Record<PmCodeField, string>): FieldProblem<PmCodeField>[] {
  return checkPatterns(code, PM_CODE_PATTERNS);
}

export const DML_CODE_PATTERNS = {
  modelIdentCode: { re: /^[A-Z0-9]{2,14}$/, shape: '2–14 A–Z/0–9' },
  senderIdent: { re: /^[A-Z0-9]{5}$/, shape: '5 A–Z/0–9' },
  yearOfDataIssue: { re: /^[0-9]{4}$/, shape: '4 digits' },
  seqNumber: { re: /^[0-9]{5}$/, shape: '5 digits' },
};
export type DmlCodeField = keyof typeof DML_CODE_PATTERNS;

/** Problems of a data module list code (its type is given apart), each naming its field. */
export function checkDmlCode(code: Record<DmlCodeField, string>): FieldProblem<DmlCodeField>[] {
  return checkPatterns(code, DML_CODE_PATTERNS);
}
