/**
 * A new applicability built from the library's ACT/CCT properties (the applicability picker):
 * the `applic` element, a fresh id, and its place in the module's referencedApplicGroup (made
 * when the module has none). Text-level, so the source view and the visual view's island share it.
 */
import { escapeText } from '../../shared/lossless-xml';

/** One property condition: an ACT product attribute or a CCT condition with the values it must have. */
export interface ApplicCondition {
  ident: string;
  type: 'prodattr' | 'condition';
  /** The values as S1000D writes them: `a|b`, `1~3`. */
  values: string[];
}

export interface NewApplic {
  id: string;
  /** What a reader sees (displayText/simplePara); the conditions in words when empty. */
  displayText: string;
  conditions: ApplicCondition[];
  /** How several conditions combine. */
  andOr: 'and' | 'or';
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The conditions in words (`type: Mountain bicycle and model: Brook trekker`), as the display text proposes. */
export function conditionsText(conditions: readonly ApplicCondition[], andOr: 'and' | 'or', names: Readonly<Record<string, string>> = {}): string {
  return conditions
    .filter((c) => c.values.length > 0)
    .map((c) => `${names[c.ident] ?? c.ident}: ${c.values.join(', ')}`)
    .join(` ${andOr} `);
}

/**
 * The applic element (indented by `indent`, one tab per level below it): its displayText, then one
 * assert, or an evaluate holding one assert per condition.
 */
export function applicXml(a: NewApplic, indent = '', unit = '\t'): string {
  const conditions = a.conditions.filter((c) => c.values.length > 0);
  const i1 = indent + unit;
  const i2 = i1 + unit;
  const assert = (c: ApplicCondition, at: string) =>
    `${at}<assert applicPropertyIdent="${attr(c.ident)}" applicPropertyType="${c.type}" applicPropertyValues="${attr(c.values.join('|'))}"/>`;
  const lines = [
    `<applic id="${attr(a.id)}">`,
    `${i1}<displayText>`,
    `${i2}<simplePara>${escapeText(a.displayText || conditionsText(conditions, a.andOr))}</simplePara>`,
    `${i1}</displayText>`,
  ];
  const [only] = conditions;
  if (conditions.length === 1 && only) lines.push(assert(only, i1));
  else if (conditions.length > 1) {
    lines.push(`${i1}<evaluate andOr="${a.andOr}">`);
    for (const c of conditions) lines.push(assert(c, i2));
    lines.push(`${i1}</evaluate>`);
  }
  lines.push(`${indent}</applic>`);
  return lines.join('\n');
}

/** An applic id the module does not use yet: app-0001, app-0002, ... */
export function freshApplicId(xml: string): string {
  const used = new Set([...xml.matchAll(/\bid\s*=\s*["']([^"']*)["']/g)].map((m) => m[1]));
  for (let n = 1; ; n++) {
    const id = `app-${String(n).padStart(4, '0')}`;
    if (!used.has(id)) return id;
  }
}

/** The indentation of the line `at` is on (its leading tabs/spaces), and the unit it is indented by. */
function lineIndent(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}
const unitOf = (indent: string) => (indent.includes('\t') || indent === '' ? '\t' : indent.length >= 4 ? '    ' : '  ');

/**
 * The referencedApplicGroup element's text with a new applic as its last child (indented as its
 * siblings). `group` is the element as written (from `<referencedApplicGroup` to its end tag).
 */
export function addApplicToGroup(group: string, a: NewApplic, groupIndent: string): string {
  const close = group.lastIndexOf('</referencedApplicGroup');
  const unit = unitOf(groupIndent);
  if (close < 0) {
    // <referencedApplicGroup/>: opened.
    const selfClose = group.replace(/\s*\/>\s*$/, '>');
    return `${selfClose}\n${groupIndent}${unit}${applicXml(a, groupIndent + unit, unit)}\n${groupIndent}</referencedApplicGroup>`;
  }
  const before = group.slice(0, close).replace(/[ \t]*$/, '');
  const lastApplic = before.lastIndexOf('<applic');
  const indent = lastApplic >= 0 ? lineIndent(before, lastApplic) : groupIndent + unit;
  return `${before.replace(/\n?$/, '\n')}${indent}${applicXml(a, indent, unit)}\n${groupIndent}${group.slice(close)}`;
}

/**
 * The module with a new applic in its referencedApplicGroup: appended to the group, or the group
 * made as the first child of `content` when there is none. Unchanged when the module has no `content`.
 */
export function addApplicToModule(xml: string, a: NewApplic): string {
  const open = /<referencedApplicGroup\b[^>]*?(\/?)>/.exec(xml);
  if (open) {
    const start = open.index;
    const end = open[1] ? start + open[0].length : xml.indexOf('>', xml.indexOf('</referencedApplicGroup', start)) + 1;
    return xml.slice(0, start) + addApplicToGroup(xml.slice(start, end), a, lineIndent(xml, start)) + xml.slice(end);
  }
  const content = /<content\b[^>]*>/.exec(xml);
  if (!content) return xml;
  const at = content.index + content[0].length;
  const indent = lineIndent(xml, content.index);
  const unit = unitOf(indent);
  const inner = indent + unit;
  const group = `<referencedApplicGroup>\n${inner}${unit}${applicXml(a, inner + unit, unit)}\n${inner}</referencedApplicGroup>`;
  return `${xml.slice(0, at)}\n${inner}${group}${xml.slice(at)}`;
}
