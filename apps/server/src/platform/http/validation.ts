import type { Language } from '@ccms/contracts/constants';
import { isMessageKey, translate } from '@ccms/contracts/messages';
import { type FieldLabels, fieldLabel, requestPartLabel } from '@ccms/contracts/messages/fields';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * Turns one zod issue into a sentence that names the field by its label (the route's own
 * `labels` first, then the vocabulary), in the caller's language.
 */
export function issueMessage(lang: Language, issue: Issue, location?: string, labels?: FieldLabels): string {
  const field = issue.path.length > 0 ? fieldLabel(lang, issue.path, labels) : requestPartLabel(lang, location ?? 'body');
  if (issue.message && isMessageKey(issue.message)) return translate(lang, issue.message, { field });
  switch (issue.code) {
    case 'invalid_type':
      return translate(lang, issue.input === undefined || issue.input === null || issue.input === '' ? 'field.required' : 'field.invalidType', { field });
    case 'too_small':
      if (issue.origin === 'string') {
        const min = Number(issue.minimum);
        return translate(lang, min <= 1 ? 'field.required' : 'field.tooShort', { field, min });
      }
      if (issue.origin === 'array') return translate(lang, 'field.required', { field });
      return translate(lang, 'field.tooSmall', { field, min: String(issue.minimum) });
    case 'too_big':
      return translate(lang, issue.origin === 'string' ? 'field.tooLong' : 'field.tooBig', { field, max: String(issue.maximum) });
    case 'invalid_value':
      return translate(lang, 'field.invalidValue', { field, options: issue.values.map(String).join(', ') });
    case 'invalid_format':
      return translate(lang, 'field.invalidFormat', { field });
    case 'unrecognized_keys':
      // The keys as sent: the request names no field of this route, so no label would be its own.
      return translate(lang, 'field.unknown', { field: issue.keys.join(', ') });
    default:
      return translate(lang, 'field.invalid', { field });
  }
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A validation failure carrying zod's issues (with their inputs) to the error handler. */
export class RequestValidationError extends Error {
  constructor(readonly issues: Issue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** Deeper than this, a request is refused before any schema walks it. */
const MAX_DEPTH = 64;
/** Every integer column is a PostgreSQL integer: a request number outside it can only fail. */
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

const custom = (path: PropertyKey[], message: string, input?: unknown) => ({ code: 'custom', path, message, input }) as unknown as Issue;

/**
 * What the raw request holds that no field may: a NUL in any string or key (PostgreSQL text
 * refuses it), or nesting deeper than MAX_DEPTH. Walked without recursion.
 */
function rawInputIssue(data: unknown): Issue | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value, path } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return custom(path, 'field.nul');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_DEPTH) return custom([], 'body.tooDeep');
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return custom(path, 'field.nul');
      stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return undefined;
}

/** An integer outside the range of the integer columns it can only be meant for (ids, counts, sorts). */
function outOfRangeIssue(data: unknown): Issue | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value, path } = item;
    if (typeof value === 'number') {
      if (Number.isInteger(value) && (value > INT_MAX || value < INT_MIN)) return custom(path, 'field.outOfRange', value);
      continue;
    }
    if (value === null || typeof value !== 'object' || value instanceof Date) continue;
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
  }
  return undefined;
}

/**
 * Fastify validator for zod schemas that keeps each issue's input, so the error handler can
 * tell a missing field ("is required") from one of the wrong type. Before the schema, a NUL
 * anywhere or absurd nesting is refused; after it, an integer no column can hold.
 */
export const validatorCompiler =
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const raw = rawInputIssue(data);
    if (raw) return { error: new RequestValidationError([raw]) };
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    if (result.success) {
      const range = outOfRangeIssue(result.data);
      if (range) return { error: new RequestValidationError([range]) };
      return { value: result.data };
    }
    // A coerced field reports its coerced input (NaN for a missing number): keep what was sent.
    const issues = result.error.issues.map((issue) => (issue.code === 'invalid_type' ? { ...issue, input: valueAt(data, issue.path) } : issue));
    return { error: new RequestValidationError(issues) };
  };
