import type { Language } from '@ccms/contracts/constants';
import { isMessageKey, translate } from '@ccms/contracts/messages';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Turns one zod issue into a sentence that names the field, in the caller's language. */
export function issueMessage(lang: Language, issue: Issue, location?: string): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : (location ?? 'body');
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

/**
 * Fastify validator for zod schemas that keeps each issue's input, so the error handler can
 * tell a missing field ("is required") from one of the wrong type.
 */
export const validatorCompiler =
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    // A coerced field reports its coerced input (NaN for a missing number): keep what was sent.
    const issues = result.error.issues.map((issue) => (issue.code === 'invalid_type' ? { ...issue, input: valueAt(data, issue.path) } : issue));
    return { error: new RequestValidationError(issues) };
  };
