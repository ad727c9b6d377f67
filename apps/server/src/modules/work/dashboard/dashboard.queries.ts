import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsWorkItem as w } from '../../../db/schema';

const open = and(eq(w.delFlag, '0'), ne(w.status, 'closed'));

/** Projects with status 0 that `visible` lets through, newest first. */
export function openProjects(db: Db, visible: SQL | undefined, limit: number) {
  return db
    .select({ projectId: ccmsProject.projectId, title: ccmsProject.title, name: ccmsProject.name, status: ccmsProject.status, endDate: ccmsProject.endDate })
    .from(ccmsProject)
    .where(and(eq(ccmsProject.delFlag, '0'), eq(ccmsProject.status, '0'), visible))
    .orderBy(desc(ccmsProject.createTime), desc(ccmsProject.projectId))
    .limit(limit);
}

/** Items not closed per project, among `projectIds` and what `readable` lets through. */
export async function openCounts(db: Db, projectIds: number[], readable: SQL | undefined): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: w.projectId, n: count() })
    .from(w)
    .where(and(open, inArray(w.projectId, projectIds), readable))
    .groupBy(w.projectId);
  return new Map(rows.map((r) => [r.projectId, r.n]));
}

/** Items assigned to the user and not closed: the first `limit` by priority, and how many in all. */
export async function myOpenItems(db: Db, userId: number, readable: SQL | undefined, limit: number) {
  const where = and(open, eq(w.assigneeId, userId), readable);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        workItemId: w.workItemId,
        projectId: w.projectId,
        projectTitle: sql<string>`coalesce(${ccmsProject.title}, '')`,
        workItemType: w.workItemType,
        title: w.title,
        status: w.status,
        priority: w.priority,
        severity: w.severity,
        due: w.due,
        updateTime: w.updateTime,
      })
      .from(w)
      .leftJoin(ccmsProject, eq(ccmsProject.projectId, w.projectId))
      .where(where)
      .orderBy(asc(w.priority), desc(w.workItemId))
      .limit(limit),
    db.select({ n: count() }).from(w).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Items created, resolved and closed per day since `start` (a local midnight): day buckets are
 * whole 86,400-second steps from `start`, so the database's time zone does not matter.
 */
export async function trendCounts(db: Db, start: Date, readable: SQL | undefined) {
  const bucket = (col: typeof w.createTime | typeof w.resolved | typeof w.closed) =>
    sql<number>`floor(extract(epoch from (${col} - ${start.toISOString()}::timestamptz)) / 86400)::int`;
  const live = and(eq(w.delFlag, '0'), readable);
  const count3 = async (col: typeof w.createTime | typeof w.resolved | typeof w.closed) =>
    db
      .select({ day: bucket(col), n: count() })
      .from(w)
      .where(and(live, gte(col, start)))
      .groupBy(sql`1`);
  const [created, resolved, closed] = await Promise.all([count3(w.createTime), count3(w.resolved), count3(w.closed)]);
  return { created, resolved, closed };
}
