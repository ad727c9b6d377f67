import type { Language } from '@ccms/contracts/constants';
import type { PublishOutput } from '@ccms/contracts/publish/publication';
import { and, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  ccmsDocumentOutput,
  ccmsLibrary,
  ccmsLibraryDataProperty,
  ccmsLibrarySetting,
  ccmsPublication,
  ccmsPublishConfig,
  ccmsPublishLog,
  sysUser,
} from '../../../db/schema';
import { pageWindow } from '../../../platform/http/paging';
import { decodeJobMessage } from '../../../platform/jobs/registry';

const O = ccmsDocumentOutput;
export type OutputRow = typeof O.$inferSelect;
export type NewOutput = typeof O.$inferInsert;

export async function insertOutputs(db: Db, rows: NewOutput[]) {
  return db.insert(O).values(rows).returning();
}

export async function findOutput(db: Db, outputId: number): Promise<OutputRow | undefined> {
  const [row] = await db.select().from(O).where(eq(O.outputId, outputId));
  return row;
}

export async function listOutputRows(db: Db, where: SQL | undefined, page: { pageNum: number; pageSize: number }) {
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select().from(O).where(where).orderBy(desc(O.createTime), desc(O.outputId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(O).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const outputsOfMap = (libraryId: number, branch: string, path: string) => and(eq(O.libraryId, libraryId), eq(O.branch, branch), eq(O.path, path));
export const outputsOfPublication = (publicationId: number) => eq(O.publicationId, publicationId);

/** Changes an output while it is in the given state; the row when it was, undefined otherwise (someone canceled it). */
export async function updateOutputIf(db: Db, outputId: number, states: string[], set: Partial<NewOutput>) {
  const [row] = await db
    .update(O)
    .set(set)
    .where(and(eq(O.outputId, outputId), inArray(O.status, states)))
    .returning();
  return row;
}

/** Outputs still waiting or publishing, created before `before`: publishes a job should own (crash recovery). */
export async function pendingOutputs(db: Db, before: Date) {
  return db
    .select({ outputId: O.outputId })
    .from(O)
    .where(and(inArray(O.status, ['notStarted', 'running']), lt(O.createTime, before)));
}

/** The library an output is built from (deleted or not: a publish already queued still runs). */
export async function libraryOfOutput(db: Db, libraryId: number) {
  const [library] = await db.select().from(ccmsLibrary).where(eq(ccmsLibrary.libraryId, libraryId));
  return library;
}

/** The user id of the user who started a publish (its createBy), for the notice. */
export async function userIdOfName(db: Db, userName: string): Promise<number | undefined> {
  const [user] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
  return user?.userId;
}

/** What a publish applies: its config, its library's settings (filter groups, variables) and its publication, read at once. */
export async function publishSettingRows(db: Db, row: { libraryId: number; configId: number | null; publicationId: number | null }) {
  const [[config], settings, [publication]] = await Promise.all([
    row.configId ? db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.configId, row.configId)) : Promise.resolve([]),
    db.select().from(ccmsLibrarySetting).where(eq(ccmsLibrarySetting.libraryId, row.libraryId)),
    row.publicationId ? db.select().from(ccmsPublication).where(eq(ccmsPublication.publicationId, row.publicationId)) : Promise.resolve([]),
  ]);
  return { config, settings, publication };
}

/** A library's data properties of one product (the values a config's product filters by). */
export async function dataPropertiesOf(db: Db, libraryId: number, product: string) {
  const [props] = await db
    .select()
    .from(ccmsLibraryDataProperty)
    .where(and(eq(ccmsLibraryDataProperty.libraryId, libraryId), eq(ccmsLibraryDataProperty.product, product)));
  return props;
}

export async function deleteOutputs(db: Db, ids: number[]) {
  await db.delete(O).where(inArray(O.outputId, ids));
}

export async function insertPublishLog(db: Db, row: typeof ccmsPublishLog.$inferInsert) {
  const [log] = await db.insert(ccmsPublishLog).values(row).returning({ logId: ccmsPublishLog.logId });
  return log?.logId ?? 0;
}

export async function updatePublishLog(db: Db, outputId: number, set: Partial<typeof ccmsPublishLog.$inferInsert>) {
  await db.update(ccmsPublishLog).set(set).where(eq(ccmsPublishLog.outputId, outputId));
}

/** The row as the API shows it (no problems list, no folder on the server); a stored message key in the reader's language. */
export function presentOutput(row: OutputRow, viewUrl: string, progressUrl = '', lang: Language = 'en'): PublishOutput {
  return {
    outputId: row.outputId,
    libraryId: row.libraryId,
    branch: row.branch,
    path: row.path,
    format: row.format,
    status: row.status as PublishOutput['status'],
    publicationId: row.publicationId,
    configId: row.configId,
    configName: row.configName,
    lang: row.lang,
    publishPath: row.publishPath,
    filter: row.filter,
    commit: row.commit,
    phase: row.phase,
    done: row.done,
    total: row.total,
    pages: row.pages,
    problemCounts: row.problemCounts,
    message: decodeJobMessage(row.message, lang),
    size: row.size,
    durationMs: row.durationMs,
    engineVersion: row.engineVersion,
    incremental: row.incremental === '1',
    viewUrl,
    progressUrl,
    startTime: row.startTime,
    endTime: row.endTime,
    createBy: row.createBy,
    createTime: row.createTime,
  };
}
