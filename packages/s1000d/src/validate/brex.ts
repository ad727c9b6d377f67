import { XmlElement, type XmlNode } from 'libxml2-wasm';
import { type Issue, issueOfSchemaUrl } from './issue.js';
import type { ValidationProblem } from './problem.js';
import { type ParsedObject, parseObject } from './xml.js';

export type ValueForm = 'single' | 'range' | 'pattern';

export interface ObjectValue {
  form: ValueForm;
  /** valueAllowed (Issue 3.0: val1, or val1~val2). */
  allowed: string;
  /** The value's meaning, as the BREX describes it. */
  text: string;
}

/** One structureObjectRule (Issue 3.0: objrule). */
export interface BrexRule {
  /** 1-based position among the BREX's rules. */
  index: number;
  path: string;
  /** allowedObjectFlag (3.0: objappl); undefined when the rule does not say. */
  flag: 0 | 1 | 2 | undefined;
  /** The flag as written, when it is none of 0, 1, 2. */
  flagText?: string;
  use: string;
  values: ObjectValue[];
  /** The rulesContext (schema URL) its contextRules is limited to. */
  context: string | undefined;
  severity: string | undefined;
  brDecision: string | undefined;
  /** Where the rule's objectPath is in the BREX file. */
  line: number;
}

export interface SnsNode {
  code: string;
  title: string;
  children: SnsNode[];
}

export interface NotationRule {
  name: string;
  allowed: boolean;
  use: string;
}

/** A BREX data module, read: its rules and what it points at. Plain data. */
export interface Brex {
  file: string;
  /** Its own code without issue and language (DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D). */
  dmc: string;
  issue: Issue | undefined;
  /** The code its own brexDmRef names, when it names one. */
  brexRef: string | undefined;
  rules: BrexRule[];
  /** One entry per contextRules block, with its rulesContext. */
  contextRules: { context: string | undefined; rules: number }[];
  sns: SnsNode[] | undefined;
  notations: NotationRule[] | undefined;
  defaultSeverity: string | undefined;
}

const text = (n: XmlNode | null | undefined) => (n == null ? '' : n.content.replace(/\s+/g, ' ').trim());
const attr = (el: XmlNode | null, name: string) => (el instanceof XmlElement ? (el.attr(name)?.value ?? undefined) : undefined);

/** The code of a dmCode element (Issue 4+), or of an Issue 3.0 avee, without issue and language. */
export function dmcOf(code: XmlNode | null): string | undefined {
  if (!(code instanceof XmlElement)) return undefined;
  if (code.name === 'avee') {
    const c = (n: string) => text(code.get(n));
    return `DMC-${c('modelic')}-${c('sdc')}-${c('chapnum')}-${c('section')}${c('subsect')}-${c('subject')}-${c('discode')}${c('discodev')}-${c('incode')}${c('incodev')}-${c('itemloc')}`;
  }
  const a = (n: string) => code.attr(n)?.value ?? '';
  const learn = a('learnCode') !== '' ? `-${a('learnCode')}${a('learnEventCode')}` : '';
  return (
    `DMC-${a('modelIdentCode')}-${a('systemDiffCode')}-${a('systemCode')}-${a('subSystemCode')}${a('subSubSystemCode')}-${a('assyCode')}-` +
    `${a('disassyCode')}${a('disassyCodeVariant')}-${a('infoCode')}${a('infoCodeVariant')}-${a('itemLocationCode')}${learn}`
  );
}

/** The BREX code an object's own brexDmRef names (Issue 3.0: brexref). */
export function brexRefOf(object: ParsedObject): string | undefined {
  return dmcOf(object.doc.get('//identAndStatusSection//brexDmRef//dmCode | //idstatus//brexref//avee'));
}

function flagOf(raw: string | undefined): Pick<BrexRule, 'flag' | 'flagText'> {
  if (raw === undefined) return { flag: undefined };
  const t = raw.trim();
  return t === '0' || t === '1' || t === '2' ? { flag: Number(t) as 0 | 1 | 2 } : { flag: undefined, flagText: raw };
}

function valuesOf(rule: XmlNode): ObjectValue[] {
  return rule.find('objectValue | objval').map((v) => {
    const form = (attr(v, 'valueForm') ?? attr(v, 'valtype') ?? 'single').trim();
    const val1 = attr(v, 'valueAllowed') ?? attr(v, 'val1') ?? '';
    const val2 = attr(v, 'val2');
    const allowed = form === 'range' && val2 !== undefined && !val1.includes('~') ? `${val1}~${val2}` : val1;
    return { form: form === 'range' || form === 'pattern' ? form : 'single', allowed, text: text(v) };
  });
}

function snsOf(el: XmlNode, level: number): SnsNode[] {
  const names = ['snsSystem', 'snsSubSystem', 'snsSubSubSystem', 'snsAssy'];
  const name = names[level];
  if (name === undefined) return [];
  return el.find(name).map((n) => ({ code: text(n.get('snsCode')), title: text(n.get('snsTitle')), children: snsOf(n, level + 1) }));
}

/** Reads the rules of a BREX data module already parsed. */
export function brexFromObject(object: ParsedObject): Brex {
  const { doc } = object;
  const contextRules: Brex['contextRules'] = [];
  const rules: BrexRule[] = [];
  for (const block of doc.find('//contextRules | //contextrules')) {
    const context = attr(block, 'rulesContext') ?? attr(block, 'context');
    const found = block.find('.//structureObjectRule | .//objrule');
    contextRules.push({ context, rules: found.length });
    for (const r of found) {
      const pathEl = r.get('objectPath | objpath');
      rules.push({
        index: rules.length + 1,
        path: pathEl?.content.trim() ?? '',
        ...flagOf(attr(pathEl, 'allowedObjectFlag') ?? attr(pathEl, 'objappl')),
        use: text(r.get('objectUse | objuse')),
        values: valuesOf(r),
        context,
        severity: attr(r, 'brSeverityLevel'),
        brDecision: attr(r.get('brDecisionRef'), 'brDecisionIdentNumber'),
        line: pathEl?.line ?? r.line,
      });
    }
  }
  const snsRoot = doc.get('//snsRules/snsDescr');
  const notationList = doc.get('//notationRuleList');
  return {
    file: object.file,
    dmc: dmcOf(doc.get('//identAndStatusSection/dmAddress/dmIdent/dmCode | //idstatus/dmaddres/dmc/avee')) ?? '',
    issue: issueOfSchemaUrl(object.schemaUrl),
    brexRef: brexRefOf(object),
    rules,
    contextRules,
    sns: snsRoot !== null ? snsOf(snsRoot, 0) : undefined,
    notations:
      notationList !== null
        ? notationList.find('notationRule').map((n) => {
            const name = n.get('notationName');
            return { name: text(name), allowed: attr(name, 'allowedNotationFlag')?.trim() !== '0', use: text(n.get('objectUse')) };
          })
        : undefined,
    defaultSeverity: attr(doc.get('//brex'), 'defaultBrSeverityLevel'),
  };
}

/** Reads a BREX data module from its XML. Not well-formed, or no BREX: the problems say so. */
export function loadBrex(xml: string | Uint8Array, file: string): { brex?: Brex; problems: ValidationProblem[] } {
  const parsed = parseObject(xml, file);
  if (parsed.object === undefined) return { problems: parsed.problems };
  try {
    if (parsed.object.doc.get('//content/brex | //content/brex') === null)
      return {
        problems: [
          {
            severity: 'error',
            code: 'brex-not-brex',
            message: `${file} is not a BREX data module (no content/brex)`,
            messages: { zh: `${file} 不是 BREX 数据模块（没有 content/brex）`, en: `${file} is not a BREX data module (no content/brex)` },
            file,
            line: 1,
            column: 1,
          },
        ],
      };
    return { brex: brexFromObject(parsed.object), problems: [] };
  } finally {
    parsed.object.dispose();
  }
}
