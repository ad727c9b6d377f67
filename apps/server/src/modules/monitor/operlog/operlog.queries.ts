import type { OperLogQuery } from '@ccms/contracts/monitor/operlog';
import { operLogTitleKeys } from '@ccms/contracts/monitor/operlog-titles';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysOperLog } from '../../../db/schema';
import { contains, withinRange } from '../../../platform/db/filters';
import { EXPORT_MAX_ROWS } from '../../../platform/http/excel';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { operTime: sysOperLog.operTime, costTime: sysOperLog.costTime, operName: sysOperLog.operName };

/** A title filter: the stored key contains the text, or the module's display name in either language does. */
function titleFilter(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const keys = operLogTitleKeys(text);
  return keys.length > 0 ? or(contains(sysOperLog.title, text), inArray(sysOperLog.title, keys)) : contains(sysOperLog.title, text);
}

function filters(q: OperLogQuery): SQL | undefined {
  return and(
    titleFilter(q.title),
    contains(sysOperLog.operName, q.operName),
    contains(sysOperLog.operIp, q.operIp),
    q.businessType !== undefined ? eq(sysOperLog.businessType, q.businessType) : undefined,
    q.status !== undefined ? eq(sysOperLog.status, q.status) : undefined,
    withinRange(sysOperLog.operTime, q),
  );
}

export async function listOperLogs(db: Db, q: OperLogQuery) {
  const where = filters(q);
  const order = orderBy(q, sortable, desc(sysOperLog.operId));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysOperLog)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysOperLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const operLogsForExport = (db: Db, q: OperLogQuery) =>
  db
    .select()
    .from(sysOperLog)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, desc(sysOperLog.operId)))
    .limit(EXPORT_MAX_ROWS);

export async function findOperLog(db: Db, operId: number) {
  const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.operId, operId));
  return row;
}

export const deleteOperLogs = (db: Db, ids: number[]) => db.delete(sysOperLog).where(inArray(sysOperLog.operId, ids));

export const deleteAllOperLogs = (db: Db) => db.delete(sysOperLog);
