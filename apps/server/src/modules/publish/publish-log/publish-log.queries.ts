import type { PublishLogQuery } from '@ccms/contracts/publish/publication';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsPublishLog } from '../../../db/schema';
import { contains, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const L = ccmsPublishLog;
const sortable = { startTime: L.startTime, durationMs: L.durationMs };
/** Most rows one export writes. */
const EXPORT_MAX_ROWS = 10_000;

function filters(q: PublishLogQuery): SQL | undefined {
  return and(
    contains(L.publicationName, q.publicationName),
    contains(L.ditaMap, q.ditaMap),
    contains(L.operName, q.operName),
    q.status ? eq(L.status, q.status) : undefined,
    q.format ? eq(L.format, q.format) : undefined,
    withinRange(L.startTime, q),
  );
}

export async function listPublishLogs(db: Db, q: PublishLogQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(L)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(L.logId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(L).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const publishLogsForExport = (db: Db, q: PublishLogQuery) =>
  db
    .select()
    .from(L)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, desc(L.logId)))
    .limit(EXPORT_MAX_ROWS);

export const deletePublishLogs = (db: Db, ids: number[]) => db.delete(L).where(inArray(L.logId, ids));
