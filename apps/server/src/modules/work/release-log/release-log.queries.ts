import type { ReleaseLogFilter } from '@ccms/contracts/work/release-log';
import { and, count, desc, eq, ilike, inArray, max, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { ccmsReleaseLog as r } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

export type ReleaseLogRow = typeof r.$inferSelect;

const sortable: Record<string, PgColumn> = { index: r.seq, version: r.version, status: r.status, createTime: r.createTime, planTitle: r.planTitle };

const live = eq(r.delFlag, '0');

export function filterSql(q: ReleaseLogFilter): SQL | undefined {
  return and(
    q.projectId ? eq(r.projectId, q.projectId) : undefined,
    q.planTitle ? ilike(r.planTitle, containing(q.planTitle)) : undefined,
    q.version ? ilike(r.version, containing(q.version)) : undefined,
    q.status ? eq(r.status, q.status) : undefined,
  );
}

export async function pageLogs(
  db: Db,
  where: SQL | undefined,
  q: { pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: 'asc' | 'desc' | 'ascending' | 'descending' },
) {
  const { limit, offset } = pageWindow(q);
  const cond = and(live, where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(cond)
      .orderBy(...orderBy(q, sortable, desc(r.createTime)), desc(r.logId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(r).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allLogs = (db: Db, where: SQL | undefined) => db.select().from(r).where(and(live, where)).orderBy(desc(r.createTime), desc(r.logId)).limit(10_000);

export async function findLog(db: Db, logId: number) {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.logId, logId), live));
  return row;
}

export const findLogs = (db: Db, ids: number[]) =>
  db
    .select()
    .from(r)
    .where(and(inArray(r.logId, ids), live));

/** The next index within a project (deleted rows keep theirs, so numbers are never reused). */
export async function nextSeq(tx: Tx, projectId: number) {
  const [row] = await tx
    .select({ n: max(r.seq) })
    .from(r)
    .where(eq(r.projectId, projectId));
  return (row?.n ?? 0) + 1;
}
