import type { ClauseQuery } from '@ccms/contracts/compliance/regulation';
import { and, asc, count, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRegulationClause, ccmsRegulationLink } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { pageWindow } from '../../../platform/http/paging';

const C = ccmsRegulationClause;
export type ClauseRow = typeof C.$inferSelect;

const linkCount = sql<number>`(SELECT count(*)::int FROM ${ccmsRegulationLink} l WHERE l.clause_id = ccms_regulation_clause.clause_id)`;
const flaggedCount = sql<number>`(SELECT count(*)::int FROM ${ccmsRegulationLink} l WHERE l.clause_id = ccms_regulation_clause.clause_id AND l.flagged)`;
const listed = { ...getTableColumns(C), linkCount, flaggedCount };

/** Clauses of a regulation in outline order; the keyword matches number, title or text (any case). */
export async function listClauses(db: Db, q: ClauseQuery) {
  const pattern = q.keyword ? containing(q.keyword.toLowerCase()) : undefined;
  const where = and(
    eq(C.regulationId, q.regulationId),
    pattern ? or(sql`lower(${C.number}) LIKE ${pattern}`, sql`lower(${C.title}) LIKE ${pattern}`, sql`lower(${C.text}) LIKE ${pattern}`) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select(listed).from(C).where(where).orderBy(asc(C.orderNum), asc(C.clauseId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(C).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allClauses = (db: Db, regulationId: number) =>
  db.select(listed).from(C).where(eq(C.regulationId, regulationId)).orderBy(asc(C.orderNum), asc(C.clauseId));

export async function findClause(db: Db, clauseId: number) {
  const [row] = await db.select(listed).from(C).where(eq(C.clauseId, clauseId));
  return row;
}

export async function clauseByNumber(db: Db, regulationId: number, number: string) {
  const [row] = await db
    .select()
    .from(C)
    .where(and(eq(C.regulationId, regulationId), eq(C.number, number)));
  return row;
}

export async function nextOrder(db: Db, regulationId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${C.orderNum}), 0)::int` })
    .from(C)
    .where(eq(C.regulationId, regulationId));
  return (row?.n ?? 0) + 1;
}
