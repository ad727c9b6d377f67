import { and, gte, like, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../platform/http/errors';

/** LIKE '%text%' with the user's own % and _ taken literally. */
export const contains = (column: PgColumn, text: string | undefined) => (text ? like(column, `%${text.replace(/[\\%_]/g, '\\$&')}%`) : undefined);

const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "yyyy-MM-dd[ HH:mm[:ss]]" in server local time; a bare date at the end of a range covers that whole day. */
function parseStamp(text: string | undefined, field: string, edge: 'begin' | 'end'): Date | undefined {
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

/** RuoYi's params[beginTime] / params[endTime] filter on one time column. */
export function withinRange(column: PgColumn, q: { 'params[beginTime]'?: string; 'params[endTime]'?: string }): SQL | undefined {
  const begin = parseStamp(q['params[beginTime]'], 'params[beginTime]', 'begin');
  const end = parseStamp(q['params[endTime]'], 'params[endTime]', 'end');
  return and(begin ? gte(column, begin) : undefined, end ? lte(column, end) : undefined);
}

/** Exports stop here: a workbook far past this is no use to anyone and would hold the process. */
export const EXPORT_MAX_ROWS = 100_000;
