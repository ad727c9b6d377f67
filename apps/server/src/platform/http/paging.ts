import type { PageQuery } from '@ccms/contracts/http';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

/** limit/offset from pageNum/pageSize. */
export function pageWindow(q: Pick<PageQuery, 'pageNum' | 'pageSize'>) {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/**
 * ORDER BY from orderByColumn + isAsc, taken only from the given allowlist (never raw SQL);
 * an unknown column is a 400 naming it.
 */
export function orderBy(
  q: Pick<PageQuery, 'orderByColumn' | 'isAsc'>,
  allowed: Record<string, PgColumn>,
  fallback: SQL | PgColumn,
): SQL[] | (SQL | PgColumn)[] {
  if (!q.orderByColumn) return [fallback];
  // Own keys only: '__proto__', 'constructor' or 'toString' are not columns.
  const column = Object.hasOwn(allowed, q.orderByColumn) ? allowed[q.orderByColumn] : undefined;
  if (!column) throw badRequest('order.invalidColumn', { field: q.orderByColumn });
  const descending = q.isAsc === 'desc' || q.isAsc === 'descending';
  return [descending ? desc(column) : asc(column)];
}
