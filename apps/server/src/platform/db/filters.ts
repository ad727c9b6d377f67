import { and, gte, like, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors';

/** The user's text for a LIKE pattern, its own \, % and _ taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching values that contain `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with `text`. */
export const startingWith = (text: string) => `${escapeLike(text)}%`;

/** LIKE '%text%' on a column (case-sensitive); no condition when the filter is empty. */
export const contains = (column: PgColumn, text: string | undefined) => (text ? like(column, containing(text)) : undefined);

const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "yyyy-MM-dd[ HH:mm[:ss]]" in server local time; a bare date at the end of a range covers that whole day. */
export function parseStamp(text: string | undefined, field: string, edge: 'begin' | 'end'): Date | undefined {
  if (!text) return undefined;
  const m = STAMP.exec(text);
  if (!m) throw badRequest('field.invalidFormat', { field });
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const dateOnly = m[4] === undefined;
  const [h, mi, s] = dateOnly ? (edge === 'end' ? [23, 59, 59] : [0, 0, 0]) : [Number(m[4]), Number(m[5]), Number(m[6] ?? (edge === 'end' ? 59 : 0))];
  const date = new Date(y, mo, d, h, mi, s, edge === 'end' ? 999 : 0);
  // new Date rolls 2024-02-31 over to March: a date that does not round-trip is not a date.
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d || h > 23 || mi > 59 || s > 59)
    throw badRequest('field.invalidFormat', { field });
  return date;
}

/** RuoYi's date range filter as the web sends it. */
export interface DateRangeQuery {
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/**
 * RuoYi's params[beginTime] / params[endTime] filter on one time column, both ends inclusive; a
 * bound that is not a date (or date and time) is a 400 naming it.
 */
export function withinRange(column: PgColumn, q: DateRangeQuery): SQL | undefined {
  const begin = parseStamp(q['params[beginTime]'], 'params[beginTime]', 'begin');
  const end = parseStamp(q['params[endTime]'], 'params[endTime]', 'end');
  return and(begin ? gte(column, begin) : undefined, end ? lte(column, end) : undefined);
}
