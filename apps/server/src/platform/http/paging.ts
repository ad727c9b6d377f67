import type { PageQuery } from '@ccms/contracts/http';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

/** limit/offset from pageNum/pageSize. */
export function pageWindow(q: Pick<PageQuery, 'pageNum' | 'pageSize'>) {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/**
 * The column orderByColumn names, taken only from the given allowlist (never raw SQL), and the
 * direction isAsc asks for; undefined when none is asked. An unknown column is a 400 naming it.
 */
export function sortOf<T>(q: Pick<PageQuery, 'orderByColumn' | 'isAsc'>, allowed: Record<string, T>): { column: T; descending: boolean } | undefined {
  if (!q.orderByColumn) return undefined;
  // Own keys only: '__proto__', 'constructor' or 'toString' are not columns.
  const column = Object.hasOwn(allowed, q.orderByColumn) ? allowed[q.orderByColumn] : undefined;
  if (column === undefined) throw badRequest('order.invalidColumn', { field: q.orderByColumn });
  return { column, descending: q.isAsc === 'desc' || q.isAsc === 'descending' };
}

/** ORDER BY from orderByColumn + isAsc over the allowlist (see sortOf), else the fallback. */
export function orderBy(
  q: Pick<PageQuery, 'orderByColumn' | 'isAsc'>,
  allowed: Record<string, PgColumn>,
  fallback: SQL | PgColumn,
): SQL[] | (SQL | PgColumn)[] {
  const sort = sortOf(q, allowed);
  if (!sort) return [fallback];
  return [sort.descending ? desc(sort.column) : asc(sort.column)];
}
