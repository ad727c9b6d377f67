import type { ConnectionQuery } from '@ccms/contracts/publish/connection';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsConnection, ccmsDeliverable } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

export type ConnectionRow = typeof ccmsConnection.$inferSelect;

const sortable = { name: ccmsConnection.name, createTime: ccmsConnection.createTime, updateTime: ccmsConnection.updateTime };

export async function listConnections(db: Db, q: ConnectionQuery) {
  const where = and(contains(ccmsConnection.name, q.name), q.type ? eq(ccmsConnection.type, q.type) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccmsConnection)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsConnection.name)), desc(ccmsConnection.connectionId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsConnection).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findConnection(db: Db, connectionId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(ccmsConnection).where(eq(ccmsConnection.connectionId, connectionId));
  return row ?? null;
}

export const connectionsById = (db: Db, ids: number[]) => db.select().from(ccmsConnection).where(inArray(ccmsConnection.connectionId, ids));

export const connectionOptions = (db: Db) =>
  db
    .select({ connectionId: ccmsConnection.connectionId, name: ccmsConnection.name, type: ccmsConnection.type, validated: ccmsConnection.validated })
    .from(ccmsConnection)
    .orderBy(asc(ccmsConnection.name));

export async function connectionNameClash(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ccmsConnection.connectionId })
    .from(ccmsConnection)
    .where(and(eq(ccmsConnection.name, name), exceptId ? ne(ccmsConnection.connectionId, exceptId) : undefined));
  return row !== undefined;
}

/** The first deliverable using one of these connections, if any. */
export async function deliverableUsing(db: Db, connectionIds: number[]) {
  const [row] = await db
    .select({ connectionId: ccmsDeliverable.connectionId })
    .from(ccmsDeliverable)
    .where(inArray(ccmsDeliverable.connectionId, connectionIds))
    .limit(1);
  return row ?? null;
}
