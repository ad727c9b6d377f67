import { and, asc, eq, gt, ilike, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogKey, ccmsCatalogTopic, ccmsEditorDraft, ccmsEditorPresence } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

/** One file of one library branch, as the editor's rows are keyed. */
export interface FileKey {
  libraryId: number;
  branch: string;
  path: string;
}

const draftOf = (userId: number, f: FileKey) =>
  and(eq(ccmsEditorDraft.userId, userId), eq(ccmsEditorDraft.libraryId, f.libraryId), eq(ccmsEditorDraft.branch, f.branch), eq(ccmsEditorDraft.path, f.path));

export async function findDraft(db: Db, userId: number, f: FileKey) {
  const [row] = await db.select().from(ccmsEditorDraft).where(draftOf(userId, f));
  return row;
}

export async function putDraft(db: Db, userId: number, f: FileKey, draft: { content: string; baseCommit: string; baseBlob: string }) {
  const savedAt = new Date();
  await db
    .insert(ccmsEditorDraft)
    .values({ userId, ...f, ...draft, savedAt })
    .onConflictDoUpdate({
      target: [ccmsEditorDraft.userId, ccmsEditorDraft.libraryId, ccmsEditorDraft.branch, ccmsEditorDraft.path],
      set: { ...draft, savedAt },
    });
  return savedAt;
}

export async function deleteDraft(db: Db, userId: number, f: FileKey) {
  await db.delete(ccmsEditorDraft).where(draftOf(userId, f));
}

export type PresenceRow = typeof ccmsEditorPresence.$inferSelect;

export async function joinPresence(db: Db, row: Omit<PresenceRow, 'since' | 'seenAt'>) {
  await db.insert(ccmsEditorPresence).values(row);
}

/** The connections' heartbeat: each still-open stream of this node is marked seen now. */
export async function beatPresence(db: Db, connectionId: string) {
  await db.update(ccmsEditorPresence).set({ seenAt: new Date() }).where(eq(ccmsEditorPresence.connectionId, connectionId));
}

export async function leavePresence(db: Db, connectionId: string) {
  await db.delete(ccmsEditorPresence).where(eq(ccmsEditorPresence.connectionId, connectionId));
}

/** Live connections on one file (beaten since `after`), oldest first. */
export async function presenceOn(db: Db, f: FileKey, after: Date) {
  return db
    .select()
    .from(ccmsEditorPresence)
    .where(
      and(
        eq(ccmsEditorPresence.libraryId, f.libraryId),
        eq(ccmsEditorPresence.branch, f.branch),
        eq(ccmsEditorPresence.path, f.path),
        gt(ccmsEditorPresence.seenAt, after),
      ),
    )
    .orderBy(ccmsEditorPresence.since);
}

/** Rows whose node stopped beating long ago (crashed): removed so the table does not grow. */
export async function sweepPresence(db: Db, before: Date) {
  await db.delete(ccmsEditorPresence).where(lt(ccmsEditorPresence.seenAt, before));
}

/** Indexed topics of a branch whose title, path or root id holds `q` (all when empty), by path. */
export async function topicsMatching(db: Db, libraryId: number, branch: string, q: string, limit: number) {
  const T = ccmsCatalogTopic;
  const text = q ? or(ilike(T.title, containing(q)), ilike(T.path, containing(q)), ilike(T.no, containing(q))) : undefined;
  return db
    .select({ path: T.path, topicId: T.no, title: T.title, docType: T.docType })
    .from(T)
    .where(and(eq(T.libraryId, libraryId), eq(T.branch, branch), text))
    .orderBy(asc(T.path))
    .limit(limit);
}

/** Indexed topics of a branch at these paths, by path. */
export async function topicsAt(db: Db, libraryId: number, branch: string, paths: readonly string[]) {
  if (paths.length === 0) return [];
  const T = ccmsCatalogTopic;
  return db
    .select({ path: T.path, topicId: T.no, title: T.title, docType: T.docType })
    .from(T)
    .where(and(eq(T.libraryId, libraryId), eq(T.branch, branch), inArray(T.path, [...paths])))
    .orderBy(asc(T.path));
}

/** Every key definition of a branch's maps (first map by path first), with the doctype of a topic it points at. */
export async function keyDefinitions(db: Db, libraryId: number, branch: string) {
  const K = ccmsCatalogKey;
  const T = ccmsCatalogTopic;
  return db
    .select({ key: K.key, targetPath: K.targetPath, text: K.text, docType: T.docType })
    .from(K)
    .leftJoin(T, and(eq(T.libraryId, K.libraryId), eq(T.branch, K.branch), eq(T.path, K.targetPath)))
    .where(and(eq(K.libraryId, libraryId), eq(K.branch, branch)))
    .orderBy(asc(K.key), asc(K.mapPath));
}
