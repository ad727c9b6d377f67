import type { LibraryQuery } from '@ccms/contracts/content/library';
import { and, count, desc, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import { ccmsLibrary, sysDept } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { libraryGrants, readableLibraries } from './library-access';

const sortable = { name: ccmsLibrary.name, libraryType: ccmsLibrary.libraryType, createTime: ccmsLibrary.createTime, updateTime: ccmsLibrary.updateTime };

const live = eq(ccmsLibrary.delFlag, '0');

function filters(auth: AuthContext, q: Partial<LibraryQuery>): SQL | undefined {
  return and(
    live,
    readableLibraries(auth, ccmsLibrary.libraryId),
    q.name ? like(ccmsLibrary.name, containing(q.name)) : undefined,
    q.libraryType ? eq(ccmsLibrary.libraryType, q.libraryType) : undefined,
    q.status ? eq(ccmsLibrary.status, q.status) : undefined,
    q.deptId ? eq(ccmsLibrary.deptId, q.deptId) : undefined,
  );
}

const columns = { library: ccmsLibrary, deptName: sysDept.deptName };

/** A page of the libraries the caller may read. */
export async function listLibraries(db: Db, auth: AuthContext, q: LibraryQuery) {
  const where = filters(auth, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(ccmsLibrary)
      .leftJoin(sysDept, eq(sysDept.deptId, ccmsLibrary.deptId))
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(ccmsLibrary.createTime)), desc(ccmsLibrary.libraryId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsLibrary).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every library the caller may read, for pickers. */
export const readableOptions = (db: Db, auth: AuthContext) =>
  db
    .select({
      libraryId: ccmsLibrary.libraryId,
      name: ccmsLibrary.name,
      displayText: ccmsLibrary.displayText,
      defaultBranch: ccmsLibrary.defaultBranch,
      libraryType: ccmsLibrary.libraryType,
    })
    .from(ccmsLibrary)
    .where(and(live, eq(ccmsLibrary.status, '0'), readableLibraries(auth, ccmsLibrary.libraryId)))
    .orderBy(ccmsLibrary.name);

/** A live library by the placeholder `libraryId`, with its department's name and `more` fields. */
const libraryById = <M extends Record<string, SQL>>(db: Db, more: M) =>
  db
    .select({ ...columns, ...more })
    .from(ccmsLibrary)
    .leftJoin(sysDept, eq(sysDept.deptId, ccmsLibrary.deptId))
    .where(and(live, eq(ccmsLibrary.libraryId, sql.placeholder('libraryId'))));

const libraryStatement = (db: Db) => libraryById(db, {}).prepare('ccms_library_by_id');

/** libraryStatement with the levels of the grants reaching a caller on it (placeholders `userId`, `roleIds`). */
const libraryForCallerStatement = (db: Db) =>
  libraryById(db, { grantLevels: libraryGrants.levelsReachingPlaceholders(sql`${ccmsLibrary.libraryId}`) }).prepare('ccms_library_for_caller');

/** A live library with the levels of the grants reaching the caller on it, in one round trip; undefined when there is none. */
export async function findLibraryForCaller(db: Db, libraryId: number, caller: Pick<AuthContext, 'userId' | 'roles'>) {
  const [row] = await preparedOn(db, libraryForCallerStatement).execute({ libraryId, userId: caller.userId, roleIds: caller.roles.map((r) => r.roleId) });
  return row;
}

export async function findLibrary(db: Db, libraryId: number) {
  const [row] = await preparedOn(db, libraryStatement).execute({ libraryId });
  return row;
}

export async function findLibraries(db: Db, libraryIds: number[]) {
  return db
    .select()
    .from(ccmsLibrary)
    .where(and(live, inArray(ccmsLibrary.libraryId, libraryIds)));
}

/** Every live library (the scheduled fetch). */
export const allLibraries = (db: Db) =>
  db
    .select()
    .from(ccmsLibrary)
    .where(and(live, eq(ccmsLibrary.status, '0')));

export async function findNameClash(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ libraryId: ccmsLibrary.libraryId })
    .from(ccmsLibrary)
    .where(and(live, eq(ccmsLibrary.name, name), exceptId ? ne(ccmsLibrary.libraryId, exceptId) : undefined));
  return row;
}

export async function deptExists(db: Db, deptId: number) {
  const [row] = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0')));
  return !!row;
}

/** Where a library's first clone and index stands, as the row keeps it (any node reads the same). */
export type PrepState = Pick<typeof ccmsLibrary.$inferSelect, 'prepPhase' | 'prepReason' | 'prepDocuments' | 'prepTopics'>;

export async function readPrep(db: Db, libraryId: number): Promise<PrepState | undefined> {
  const [row] = await db
    .select({
      prepPhase: ccmsLibrary.prepPhase,
      prepReason: ccmsLibrary.prepReason,
      prepDocuments: ccmsLibrary.prepDocuments,
      prepTopics: ccmsLibrary.prepTopics,
    })
    .from(ccmsLibrary)
    .where(eq(ccmsLibrary.libraryId, libraryId));
  return row;
}

export async function writePrep(db: Db, libraryId: number, state: PrepState) {
  await db.update(ccmsLibrary).set(state).where(eq(ccmsLibrary.libraryId, libraryId));
}

/** Preparations a stopped server left in clone or index: marked failed, so nobody waits on them. */
export async function failInterruptedPreps(db: Db) {
  return db
    .update(ccmsLibrary)
    .set({ prepPhase: 'failed', prepReason: 'interrupted' })
    .where(inArray(ccmsLibrary.prepPhase, ['clone', 'index']))
    .returning({ libraryId: ccmsLibrary.libraryId });
}
