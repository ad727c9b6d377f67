import { type XmlNode, XmlXPath } from 'libxml2-wasm';
import type { Brex, BrexRule, ObjectValue, SnsNode } from './brex.js';
import { issueOfSchemaUrl, isUnsupportedIssue } from './issue.js';
import { type PathName, requiredNames } from './path-names.js';
import { problem, type ValidationProblem } from './problem.js';
import { BREX_NAMESPACES, type ParsedObject } from './xml.js';

export interface BrexCheckOptions {
  /** Check objectValue (s1kd-brexcheck -c). */
  values?: boolean;
  /** Check the data module code against the layers' snsRules (s1kd-brexcheck -S, normal mode). */
  sns?: boolean;
  /** Check the notations of the object's unparsed entities against the layers' notationRuleList (-n). */
  notations?: boolean;
}

// Compiled once per rule (a BREX's rules are compiled on first use and kept with it).
const compiled = new WeakMap<BrexRule, XmlXPath | Error>();

export function compileRule(rule: BrexRule): XmlXPath | Error {
  let c = compiled.get(rule);
  if (c === undefined) {
    try {
      c = XmlXPath.compile(rule.path, BREX_NAMESPACES);
    } catch (e) {
      c = e instanceof Error ? e : new Error(String(e));
    }
    compiled.set(rule, c);
  }
  return c;
}

const patterns = new WeakMap<ObjectValue, RegExp | Error>();

/** An XML Schema regular expression (implicitly anchored) as a JavaScript one. */
export function xsdPattern(value: ObjectValue): RegExp | Error {
  let re = patterns.get(value);
  if (re === undefined) {
    const source = value.allowed.replace(/\\i/g, '[A-Za-z_:]').replace(/\\I/g, '[^A-Za-z_:]').replace(/\\c/g, '[\\w.:-]').replace(/\\C/g, '[^\\w.:-]');
    try {
      re = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      // Escapes such as "\ " are refused in Unicode mode only.
      try {
        re = new RegExp(`^(?:${source})$`);
      } catch (e) {
        re = e instanceof Error ? e : new Error(String(e));
      }
    }
    patterns.set(value, re);
  }
  return re;
}

const numeric = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

/** a~b: numerically when all three are numbers, else by code points (s1kd-tools' rule). */
function inRange(value: string, range: string): boolean {
  const i = range.indexOf('~');
  if (i < 0) return value === range;
  const first = range.slice(0, i);
  const last = range.slice(i + 1).split('~')[0] ?? '';
  if (numeric(first) && numeric(last) && numeric(value)) return Number(value) >= Number(first) && Number(value) <= Number(last);
  return value >= first && value <= last;
}

export function valueAllowed(value: string, allowed: ObjectValue): boolean {
  if (allowed.form === 'range') return allowed.allowed.split('|').some((part) => part !== '' && inRange(value, part));
  if (allowed.form === 'pattern') {
    const re = xsdPattern(allowed);
    return re instanceof RegExp && re.test(value);
  }
  return value === allowed.allowed;
}

const nodeValue = (n: XmlNode) => n.content;

function ruleRef(brex: Brex, rule: BrexRule) {
  return { brex: brex.dmc, index: rule.index, path: rule.path, use: rule.use };
}

const shapes = new WeakMap<BrexRule, PathName[][] | null>();
const namesOfText = new WeakMap<ParsedObject, { element: Set<string>; attribute: Set<string> }>();

/** Names that occur in the object's text (a superset of its element and attribute names: comments count too). */
function textNames(object: ParsedObject) {
  let names = namesOfText.get(object);
  if (names === undefined) {
    names = { element: new Set<string>(), attribute: new Set<string>() };
    for (const m of object.text.matchAll(/<([A-Za-z_][\w.:-]*)/g)) names.element.add((m[1] ?? '').replace(/^.*:/, ''));
    for (const m of object.text.matchAll(/\s([A-Za-z_][\w.:-]*)\s*=\s*["']/g)) names.attribute.add((m[1] ?? '').replace(/^.*:/, ''));
    namesOfText.set(object, names);
  }
  return names;
}

/** True when the rule's path cannot select anything in this object: every branch tests a name the text lacks. */
function selectsNothing(object: ParsedObject, rule: BrexRule): boolean {
  let shape = shapes.get(rule);
  if (shape === undefined) {
    shape = requiredNames(rule.path) ?? null;
    shapes.set(rule, shape);
  }
  if (shape === null) return false;
  const names = textNames(object);
  return shape.every((branch) => branch.some((n) => !names[n.kind].has(n.name)));
}

const attributeValues = new WeakMap<ParsedObject, Map<string, string[]>>();

/** Every attribute value as written in the text, by local name (a superset: comments count too). */
function textAttributeValues(object: ParsedObject): Map<string, string[]> {
  let values = attributeValues.get(object);
  if (values === undefined) {
    values = new Map();
    for (const m of object.text.matchAll(/\s([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const name = (m[1] ?? '').replace(/^.*:/, '');
      const list = values.get(name) ?? [];
      list.push(m[2] ?? m[3] ?? '');
      values.set(name, list);
    }
    attributeValues.set(object, values);
  }
  return values;
}

/**
 * True when a rule whose path ends at an attribute in every branch cannot find a wrong value:
 * every value that attribute has anywhere in the text is allowed (written plainly: no
 * reference or white space libxml2 would normalise).
 */
function valuesSurelyPass(object: ParsedObject, rule: BrexRule): boolean {
  const shape = shapes.get(rule);
  if (shape === undefined || shape === null) return false;
  const values = textAttributeValues(object);
  for (const branch of shape) {
    const last = branch[branch.length - 1];
    if (last === undefined || last.kind !== 'attribute') return false;
    for (const v of values.get(last.name) ?? []) if (/[&\t\n\r]/.test(v) || !rule.values.some((allowed) => valueAllowed(v, allowed))) return false;
  }
  return true;
}

function applies(rule: BrexRule, schemaUrl: string | undefined): boolean {
  return rule.context === undefined || rule.context === schemaUrl;
}

function checkRule(object: ParsedObject, brex: Brex, rule: BrexRule, values: boolean, out: ValidationProblem[]): void {
  const xp = compileRule(rule);
  const ref = ruleRef(brex, rule);
  if (xp instanceof Error) {
    out.push(
      problem(
        'warning',
        'brex-rule-invalid',
        { zh: `BREX 规则“${rule.use}”的路径不是有效的 XPath：${rule.path}`, en: `BREX rule "${rule.use}": its path is no valid XPath: ${rule.path}` },
        { file: brex.file, line: rule.line, column: 1 },
        ref,
      ),
    );
    return;
  }
  // A rule that only checks values is done when the text shows no wrong value.
  if (rule.flag !== 0 && rule.flag !== 1 && values && rule.values.length > 0 && valuesSurelyPass(object, rule)) return;
  // Most rules name elements an object does not have: those are known to select nothing.
  const result = selectsNothing(object, rule) ? [] : object.doc.eval(xp);
  const nodes = Array.isArray(result) ? result : [];
  const truth = Array.isArray(result)
    ? result.length > 0
    : typeof result === 'string'
      ? result !== ''
      : typeof result === 'number'
        ? result !== 0 && !Number.isNaN(result)
        : result;
  const checkValues = values && rule.values.length > 0;
  const passes = (n: XmlNode) => rule.values.some((v) => valueAllowed(nodeValue(n), v));
  if (rule.flag === 0 && truth) {
    if (nodes.length === 0) {
      out.push(
        problem(
          'error',
          'brex-not-allowed',
          { zh: `${rule.use}（不允许：${rule.path}）`, en: `${rule.use} (not allowed: ${rule.path})` },
          object.locate(object.root),
          ref,
        ),
      );
      return;
    }
    for (const n of nodes) {
      if (checkValues && passes(n)) continue;
      out.push(problem('error', 'brex-not-allowed', { zh: `${rule.use}（此处不允许）`, en: `${rule.use} (not allowed here)` }, object.locate(n), ref));
    }
    return;
  }
  if (rule.flag === 1 && !truth) {
    out.push(
      problem(
        'error',
        'brex-required',
        { zh: `${rule.use}（必需，未找到：${rule.path}）`, en: `${rule.use} (required, not found: ${rule.path})` },
        object.locate(object.root),
        ref,
      ),
    );
    return;
  }
  if (!checkValues) return;
  for (const n of nodes) {
    if (passes(n)) continue;
    const v = nodeValue(n);
    out.push(
      problem(
        'error',
        'brex-value',
        {
          zh: `${rule.use}：值“${v}”不在允许的 ${rule.values.length} 个值中`,
          en: `${rule.use}: value "${v}" is not among the ${rule.values.length} allowed values`,
        },
        object.locate(n),
        ref,
      ),
    );
  }
}

function findSns(nodes: SnsNode[], code: string): SnsNode | undefined {
  return nodes.find((n) => n.code === code);
}

/** s1kd-brexcheck's normal SNS mode: an omitted optional level allows only 0 (00, 0000 for the assembly). */
function checkSns(object: ParsedObject, layers: readonly Brex[], out: ValidationProblem[]): void {
  if (object.root.name !== 'dmodule') return;
  const systems = layers.flatMap((b) => b.sns ?? []);
  if (!layers.some((b) => b.sns !== undefined)) return;
  const code = object.doc.get('//dmIdent/dmCode');
  if (code === null) return;
  const a = (n: string) => code.eval(`string(@${n})`) as string;
  const levels: [string, string, (v: string) => boolean][] = [
    ['systemCode', a('systemCode'), () => true],
    ['subSystemCode', a('subSystemCode'), (v) => v !== '0'],
    ['subSubSystemCode', a('subSubSystemCode'), (v) => v !== '0'],
    ['assyCode', a('assyCode'), (v) => v !== '00' && v !== '0000'],
  ];
  let here: SnsNode[] = systems;
  let shown = '';
  for (const [name, value, mustCheck] of levels) {
    shown = shown === '' ? value : name === 'subSubSystemCode' ? `${shown}${value}` : `${shown}-${value}`;
    if (!mustCheck(value) && here.length === 0) return;
    const found = findSns(here, value);
    if (found === undefined) {
      const attr = code.get(`@${name}`);
      out.push(
        problem(
          'error',
          'brex-sns',
          { zh: `${name} 的值不符合 SNS：${shown}`, en: `Value of ${name} does not conform to the SNS: ${shown}` },
          object.locate(attr ?? code),
        ),
      );
      return;
    }
    here = found.children;
  }
}

/** Unparsed entities of the internal subset (<!ENTITY ICN-... SYSTEM "..." NDATA cgm>), with their lines. */
function unparsedEntities(text: string): { name: string; notation: string; line: number }[] {
  const subset = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/.exec(text);
  if (subset === null) return [];
  const out: { name: string; notation: string; line: number }[] = [];
  const re = /<!ENTITY\s+([^\s%]+)\s+(?:SYSTEM\s+("[^"]*"|'[^']*')|PUBLIC\s+("[^"]*"|'[^']*')\s+("[^"]*"|'[^']*'))\s+NDATA\s+([^\s>]+)\s*>/g;
  const start = subset.index + subset[0].indexOf('[') + 1;
  for (let m = re.exec(subset[1] ?? ''); m !== null; m = re.exec(subset[1] ?? '')) {
    const line = text.slice(0, start + m.index).split('\n').length;
    out.push({ name: m[1] ?? '', notation: m[5] ?? '', line });
  }
  return out;
}

function checkNotations(object: ParsedObject, layers: readonly Brex[], out: ValidationProblem[]): void {
  if (!layers.some((b) => b.notations !== undefined)) return;
  const rules = layers.flatMap((b) => b.notations ?? []);
  for (const e of unparsedEntities(object.text)) {
    if (rules.some((r) => r.name === e.notation && r.allowed)) continue;
    const rule = rules.find((r) => r.name === e.notation) ?? rules[0];
    const use = rule?.use ?? '';
    out.push(
      problem(
        'error',
        'brex-notation',
        {
          zh: `不允许记法 ${e.notation}（实体 ${e.name}）${use ? `：${use}` : ''}`,
          en: `Notation ${e.notation} is not allowed (entity ${e.name})${use ? `: ${use}` : ''}`,
        },
        { file: object.file, line: e.line, column: 1 },
      ),
    );
  }
}

/**
 * Checks an object against BREX layers (in order), the rules of each limited to the object's
 * schema by their contextRules. Every problem is located (file, line, column, XPath) and carries
 * the rule's objectUse. Issue 3.0 and older are refused with one problem.
 */
export function checkBrex(object: ParsedObject, layers: readonly Brex[], options: BrexCheckOptions = {}): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  const issue = issueOfSchemaUrl(object.schemaUrl);
  if (isUnsupportedIssue(issue) || object.doc.get('/dmodule/idstatus | /pm/idstatus') !== null) {
    const shown = issue ?? '3.0';
    out.push(
      problem(
        'error',
        'issue-unsupported',
        {
          zh: `S1000D Issue ${shown} 及更早的版本不受支持：只能校验 Issue 4.0 及以后的对象`,
          en: `S1000D Issue ${shown} and older are not supported: only objects of Issue 4.0 and later are validated`,
        },
        object.locate(object.root),
      ),
    );
    return out;
  }
  if (options.sns) checkSns(object, layers, out);
  if (options.notations) checkNotations(object, layers, out);
  const values = options.values === true;
  for (const brex of layers) {
    // Without value checks a rule that allows its objects (flag 2, or none) cannot fail.
    const rules = brex.rules.filter((r) => applies(r, object.schemaUrl) && (r.flag === 1 || ((values || r.flag === 0) && !selectsNothing(object, r))));
    const forbidding = rules.filter((r) => r.flag === 0 && shapes.get(r) !== null && !(compileRule(r) instanceof Error));
    const skip = noneSelected(object, brex, forbidding) ? new Set(forbidding) : undefined;
    for (const rule of rules) if (skip === undefined || !skip.has(rule)) checkRule(object, brex, rule, values, out);
  }
  return out;
}

const unions = new WeakMap<Brex, Map<string, XmlXPath | Error>>();

/**
 * Whether the forbidding rules (flag 0, location paths) select nothing together: one evaluation
 * of their union instead of one per rule, as a valid object selects nothing. Compiled once per set.
 */
function noneSelected(object: ParsedObject, brex: Brex, rules: BrexRule[]): boolean {
  if (rules.length < 2) return false;
  let byKey = unions.get(brex);
  if (byKey === undefined) {
    byKey = new Map();
    unions.set(brex, byKey);
  }
  const key = rules.map((r) => r.index).join(',');
  let xp = byKey.get(key);
  if (xp === undefined) {
    try {
      xp = XmlXPath.compile(`boolean(${rules.map((r) => `(${r.path})`).join(' | ')})`, BREX_NAMESPACES);
    } catch (e) {
      xp = e instanceof Error ? e : new Error(String(e));
    }
    byKey.set(key, xp);
  }
  if (xp instanceof Error) return false;
  try {
    return object.doc.eval(xp) === false;
  } catch {
    return false;
  }
}
