import type { DeliverableQuery, ReceiptQuery } from '@ccms/contracts/publish/deliverable';
import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsConnection, ccmsDeliverable, ccmsDeliveryReceipt, ccmsDocumentOutput, ccmsPublication, ccmsPublishConfig } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const D = ccmsDeliverable;
const R = ccmsDeliveryReceipt;
const sortable = { name: D.name, createTime: D.createTime, updateTime: D.updateTime };

/** The latest receipt of each deliverable, for the list's status column. */
const last = (column: 'status' | 'startTime') =>
  sql<
    string | Date | null
  >`(SELECT ${sql.raw(column === 'status' ? 'r.status' : 'r.start_time')} FROM ccms_delivery_receipt r WHERE r.deliverable_id = ${D.deliverableId} ORDER BY r.receipt_id DESC LIMIT 1)`;

const columns = {
  d: D,
  publicationName: sql<string>`coalesce(${ccmsPublication.name}, '')`,
  configName: sql<string>`coalesce(${ccmsPublishConfig.configName}, '')`,
  connectionName: sql<string>`coalesce(${ccmsConnection.name}, '')`,
  lastStatus: last('status'),
  lastTime: last('startTime'),
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(D)
    .leftJoin(ccmsPublication, eq(ccmsPublication.publicationId, D.publicationId))
    .leftJoin(ccmsPublishConfig, eq(ccmsPublishConfig.configId, D.configId))
    .leftJoin(ccmsConnection, eq(ccmsConnection.connectionId, D.connectionId));

type Joined = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];
const flat = (r: Joined) => ({
  ...r.d,
  publicationName: r.publicationName,
  configName: r.configName,
  connectionName: r.connectionName,
  lastStatus: (r.lastStatus as string | null) ?? '',
  lastTime: r.lastTime ? new Date(r.lastTime) : null,
});

export async function listDeliverables(db: Db, q: DeliverableQuery) {
  const where = and(contains(D.name, q.name), q.publicationId ? eq(D.publicationId, q.publicationId) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(D.name)), desc(D.deliverableId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(D).where(where),
  ]);
  return { rows: rows.map(flat), total: total?.n ?? 0 };
}

export async function findDeliverable(db: Db, deliverableId: number) {
  const [row] = await joined(db).where(eq(D.deliverableId, deliverableId));
  return row ? flat(row) : null;
}

export const deliverablesById = (db: Db, ids: number[]) => db.select().from(D).where(inArray(D.deliverableId, ids));

export async function deliverableNameClash(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: D.deliverableId })
    .from(D)
    .where(and(eq(D.name, name), exceptId ? ne(D.deliverableId, exceptId) : undefined));
  return row !== undefined;
}

export async function findPublicationAndConfig(db: Db, publicationId: number, configId: number) {
  const [publication] = await db.select().from(ccmsPublication).where(eq(ccmsPublication.publicationId, publicationId));
  const [config] = await db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.configId, configId));
  return { publication: publication ?? null, config: config ?? null };
}

/** The library of a publication (null when the publication is gone). */
export async function libraryOfPublication(db: Db, publicationId: number): Promise<number | null> {
  const [row] = await db.select({ libraryId: ccmsPublication.libraryId }).from(ccmsPublication).where(eq(ccmsPublication.publicationId, publicationId));
  return row?.libraryId ?? null;
}

/**
 * The newest successful output of a publication's map with one publish config, wherever it was
 * published from (the publication, another one, the document page or the map editor): the same
 * library, branch, map and config, and the same filter the publication's publish applies (its own
 * plus the config's filter group), so what is delivered is what the publication would build.
 */
export async function latestOutput(db: Db, publicationId: number, configId: number) {
  const { publication, config } = await findPublicationAndConfig(db, publicationId, configId);
  if (!publication || !config) return null;
  const O = ccmsDocumentOutput;
  const filter = [publication.ditaVal, config.filterGroup].filter(Boolean).join(' + ');
  const [row] = await db
    .select()
    .from(O)
    .where(
      and(
        eq(O.libraryId, publication.libraryId),
        eq(O.branch, publication.branch),
        eq(O.path, publication.ditaMap),
        eq(O.configId, configId),
        eq(O.filter, filter),
        eq(O.status, 'success'),
      ),
    )
    .orderBy(desc(O.outputId))
    .limit(1);
  return row ?? null;
}

export async function listReceipts(db: Db, deliverableId: number, q: ReceiptQuery) {
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(R).where(eq(R.deliverableId, deliverableId)).orderBy(desc(R.receiptId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(R).where(eq(R.deliverableId, deliverableId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertReceipt(db: Db, values: typeof R.$inferInsert) {
  const [row] = await db.insert(R).values(values).returning();
  if (!row) throw new Error('receipt not written');
  return row;
}

export async function updateReceipt(db: Db, receiptId: number, set: Partial<typeof R.$inferInsert>) {
  await db.update(R).set(set).where(eq(R.receiptId, receiptId));
}

/** Changes a receipt while it is in one of the given states; the row when it was, null otherwise. */
export async function updateReceiptIf(db: Db, receiptId: number, states: string[], set: Partial<typeof R.$inferInsert>) {
  const [row] = await db
    .update(R)
    .set(set)
    .where(and(eq(R.receiptId, receiptId), inArray(R.status, states)))
    .returning();
  return row ?? null;
}

/** Receipts still queued or running, created before `before`: deliveries a job should own (crash recovery). */
export async function pendingReceipts(db: Db, before: Date) {
  return db
    .select({ receiptId: R.receiptId })
    .from(R)
    .where(and(inArray(R.status, ['queued', 'running']), lt(R.startTime, before)));
}

export async function findReceipt(db: Db, receiptId: number) {
  const [row] = await db.select().from(R).where(eq(R.receiptId, receiptId));
  return row ?? null;
}
