import type { Language } from '@ccms/contracts/constants';
import { commonMessages } from '@ccms/contracts/messages/common';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { i18n, normalizeLanguage } from '../../i18n';

type Sentence = keyof (typeof commonMessages)['zh'];

/** A more helpful sentence than the generic one, per check (e.g. what a pattern accepts). */
export interface RuleMessages {
  required?: string;
  length?: string;
  pattern?: string;
  range?: string;
}
type Schema = z.core.$ZodType;

/** The server's sentence for a field check (contracts' messages), so form and API say the same. */
function say(lang: Language, key: Sentence, params: Record<string, string | number>): string {
  return commonMessages[lang][key].replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all));
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional / nullable / default / readonly, or a pipe's input side (read from zod's defs). */
function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type) && 'innerType' in def) current = def.innerType as Schema;
    else if (def.type === 'pipe' && 'in' in def) current = def.in as Schema;
    else return current;
  }
}

/** What the checks of a string or number say, in one place. */
interface Limits {
  min?: number;
  max?: number;
  patterns: RegExp[];
}

function limitsOf(inner: Schema): Limits {
  const limits: Limits = { patterns: [] };
  const isInt = (inner._zod.def.checks ?? []).some((c) => {
    const d = c._zod.def;
    return d.check === 'number_format' && 'format' in d && (d.format === 'safeint' || d.format === 'int32' || d.format === 'uint32');
  });
  for (const check of inner._zod.def.checks ?? []) {
    const d = check._zod.def;
    if ((d.check === 'min_length' || d.check === 'max_length') && ('minimum' in d || 'maximum' in d)) {
      if ('minimum' in d && typeof d.minimum === 'number') limits.min = d.minimum;
      if ('maximum' in d && typeof d.maximum === 'number') limits.max = d.maximum;
    } else if (d.check === 'greater_than' && 'value' in d && typeof d.value === 'number') {
      const inclusive = 'inclusive' in d && d.inclusive === true;
      limits.min = inclusive ? d.value : d.value + (isInt ? 1 : Number.EPSILON);
    } else if (d.check === 'less_than' && 'value' in d && typeof d.value === 'number') {
      const inclusive = 'inclusive' in d && d.inclusive === true;
      limits.max = inclusive ? d.value : d.value - (isInt ? 1 : Number.EPSILON);
    } else if (d.check === 'string_format' && 'pattern' in d && d.pattern instanceof RegExp && 'format' in d && d.format === 'regex') {
      limits.patterns.push(d.pattern);
    }
  }
  return limits;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Is an empty value refused: a string with `min(1)`, or any other field without optional / nullable / default? */
function isRequired(fieldSchema: Schema, inner: Schema, limits: Limits): boolean {
  if (inner._zod.def.type === 'string') return (limits.min ?? 0) >= 1;
  return fieldSchema._zod.def.type !== 'optional' && fieldSchema._zod.def.type !== 'nullable' && fieldSchema._zod.def.type !== 'default';
}

/**
 * antd rules for one field of a contract's zod object, derived from the schema instead of copied
 * numbers: required (a non-optional field, or a string with `min(1)`), string length, `regex`,
 * number range, enum values. Messages are the server's sentences with the field's label.
 * Usage: `<Form.Item name="tagName" label={label} rules={zodRules(TagBody, 'tagName', label)}>`;
 * `zodRules(TagBody, 'color', label, { pattern: t('colorInvalid') })` says what a pattern accepts.
 * Number fields need an InputNumber (the rules check a number).
 */
export function zodRules<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: Extract<keyof Shape, string>,
  label: string,
  messages: RuleMessages = {},
  lang: Language = normalizeLanguage(i18n.language),
): Rule[] {
  const fieldSchema: Schema | undefined = schema.shape[field];
  if (!fieldSchema) return [];
  const inner = unwrap(fieldSchema);
  const type = inner._zod.def.type;
  const limits = limitsOf(inner);
  const rules: Rule[] = [];
  if (isRequired(fieldSchema, inner, limits)) {
    const message = messages.required ?? say(lang, 'field.required', { field: label });
    // The rule's type matters: async-validator checks a rule without one as a string.
    if (type === 'string' || type === 'number') rules.push({ required: true, type, whitespace: type === 'string', message });
    else
      rules.push({ required: true, message, validator: (_rule, value: unknown) => (isEmpty(value) ? Promise.reject(new Error(message)) : Promise.resolve()) });
  }
  if (type === 'string') {
    const { min, max } = limits;
    if (min !== undefined && min > 1) rules.push({ min, message: messages.length ?? say(lang, 'field.tooShort', { field: label, min }) });
    if (max !== undefined) rules.push({ max, message: messages.length ?? say(lang, 'field.tooLong', { field: label, max }) });
    for (const pattern of limits.patterns) rules.push({ pattern, message: messages.pattern ?? say(lang, 'field.invalidFormat', { field: label }) });
  } else if (type === 'number') {
    const { min, max } = limits;
    if (min !== undefined) rules.push({ type: 'number', min, message: messages.range ?? say(lang, 'field.tooSmall', { field: label, min }) });
    if (max !== undefined) rules.push({ type: 'number', max, message: messages.range ?? say(lang, 'field.tooBig', { field: label, max }) });
  } else if (type === 'enum' && 'entries' in inner._zod.def) {
    const options = Object.values(inner._zod.def.entries as Record<string, string | number>).map(String);
    rules.push({ type: 'enum', enum: options, message: say(lang, 'field.invalidValue', { field: label, options: options.join(', ') }) });
  }
  return rules;
}

/** A string field's `max`, for the input's `maxLength` (typing stops there). */
export function zodMaxLength<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, field: Extract<keyof Shape, string>): number | undefined {
  const fieldSchema: Schema | undefined = schema.shape[field];
  if (!fieldSchema) return undefined;
  const inner = unwrap(fieldSchema);
  return inner._zod.def.type === 'string' ? limitsOf(inner).max : undefined;
}

/**
 * A required rule in the server's words, for a field the server requires outside the schema
 * (a service check such as "path is required" for a menu that is not a button).
 */
export function requiredRule(label: string, lang: Language = normalizeLanguage(i18n.language)): Rule {
  return { required: true, whitespace: true, message: say(lang, 'field.required', { field: label }) };
}
