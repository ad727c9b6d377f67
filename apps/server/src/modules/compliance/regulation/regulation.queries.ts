import type { RegulationQuery } from '@ccms/contracts/compliance/regulation';
import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRegulation, ccmsRegulationClause, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const R = ccmsRegulation;
export type RegulationRow = typeof R.$inferSelect;

const alive = eq(R.delFlag, '0');
// Subqueries name the outer row by static table text: a single-table select renders its columns unqualified.
/** No live revision follows this one. */
const latestExpr = sql<boolean>`NOT EXISTS (SELECT 1 FROM ccms_regulation n WHERE n.previous_id = ccms_regulation.regulation_id AND n.del_flag = '0')`;
const clauseCount = sql<number>`(SELECT count(*)::int FROM ${ccmsRegulationClause} c WHERE c.regulation_id = ccms_regulation.regulation_id)`;

const SORTABLE = { name: R.name, organization: R.organization, issueDate: R.issueDate, createTime: R.createTime };

export async function listRegulations(db: Db, readable: SQL | undefined, q: RegulationQuery) {
  const pattern = q.name ? containing(q.name.toLowerCase()) : undefined;
  const where = and(
    alive,
    readable,
    pattern ? or(sql`lower(${R.name}) LIKE ${pattern}`, sql`lower(${R.title}) LIKE ${pattern}`) : undefined,
    q.organization ? sql`lower(${R.organization}) LIKE ${containing(q.organization.toLowerCase())}` : undefined,
    q.latestOnly === 'true' ? latestExpr : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(R), latest: latestExpr, clauseCount })
      .from(R)
      .where(where)
      .orderBy(...orderBy(q, SORTABLE, asc(R.name)), desc(R.regulationId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(R).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRegulation(db: Db, regulationId: number) {
  const [row] = await db
    .select({ ...getTableColumns(R), latest: latestExpr, clauseCount })
    .from(R)
    .where(and(eq(R.regulationId, regulationId), alive));
  return row;
}

export async function regulationClash(db: Db, name: string, revision: string) {
  const [row] = await db
    .select({ id: R.regulationId })
    .from(R)
    .where(and(alive, eq(R.name, name), eq(R.revision, revision)));
  return !!row;
}

export async function userNameExists(db: Db, userName: string) {
  const [row] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
  return row?.id ?? null;
}

export const regulationsByIds = (db: Db, ids: number[]) =>
  db
    .select()
    .from(R)
    .where(and(inArray(R.regulationId, ids), alive));

export const softDeleteRegulations = (db: Db, ids: number[], by: string) =>
  db.update(R).set({ delFlag: '2', updateBy: by, updateTime: new Date() }).where(inArray(R.regulationId, ids));
