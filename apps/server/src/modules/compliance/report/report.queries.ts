import type { ReportQuery } from '@ccms/contracts/compliance/compliance-report';
import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsComplianceReport, ccmsRegulation } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { pageWindow } from '../../../platform/http/paging';

const P = ccmsComplianceReport;
const R = ccmsRegulation;
export type ReportRow = typeof P.$inferSelect & { regulationName: string; regulationRevision: string };

const columns = { ...getTableColumns(P), regulationName: R.name, regulationRevision: R.revision };

export async function listReports(db: Db, readable: SQL | undefined, q: ReportQuery) {
  const where = and(
    eq(R.delFlag, '0'),
    readable,
    q.regulationId ? eq(P.regulationId, q.regulationId) : undefined,
    q.name ? sql`lower(${P.name}) LIKE ${containing(q.name.toLowerCase())}` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(P).innerJoin(R, eq(R.regulationId, P.regulationId)).where(where).orderBy(desc(P.reportId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(P).innerJoin(R, eq(R.regulationId, P.regulationId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(db: Db, reportId: number): Promise<ReportRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(P)
    .innerJoin(R, eq(R.regulationId, P.regulationId))
    .where(and(eq(P.reportId, reportId), eq(R.delFlag, '0')));
  return row;
}
