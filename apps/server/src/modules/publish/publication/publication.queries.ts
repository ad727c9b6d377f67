import type { Publication, PublicationQuery } from '@ccms/contracts/publish/publication';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsLibrary, ccmsPublication } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { pageWindow } from '../../../platform/http/paging';

const P = ccmsPublication;
const columns = {
  publicationId: P.publicationId,
  libraryId: P.libraryId,
  libraryName: ccmsLibrary.name,
  name: P.name,
  branch: P.branch,
  ditaMap: P.ditaMap,
  ditaVal: P.ditaVal,
  createBy: P.createBy,
  createTime: P.createTime,
  updateBy: P.updateBy,
  updateTime: P.updateTime,
};

export async function listPublications(db: Db, readable: SQL | undefined, q: PublicationQuery): Promise<{ rows: Publication[]; total: number }> {
  const where = and(eq(ccmsLibrary.delFlag, '0'), readable, q.libraryId ? eq(P.libraryId, q.libraryId) : undefined, contains(P.name, q.name));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(P)
      .innerJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, P.libraryId))
      .where(where)
      .orderBy(desc(P.publicationId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(P).innerJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, P.libraryId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPublication(db: Db, publicationId: number): Promise<Publication | undefined> {
  const [row] = await db.select(columns).from(P).innerJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, P.libraryId)).where(eq(P.publicationId, publicationId));
  return row;
}

export async function publicationsByIds(db: Db, ids: number[]) {
  return db.select({ publicationId: P.publicationId, libraryId: P.libraryId }).from(P).where(inArray(P.publicationId, ids));
}

export async function publicationNameClash(db: Db, libraryId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: P.publicationId })
    .from(P)
    .where(and(eq(P.libraryId, libraryId), eq(P.name, name), exceptId ? ne(P.publicationId, exceptId) : undefined));
  return row !== undefined;
}

export async function insertPublication(db: Db, values: typeof P.$inferInsert) {
  const [row] = await db.insert(P).values(values).returning({ publicationId: P.publicationId });
  return row?.publicationId ?? 0;
}

export async function updatePublication(db: Db, publicationId: number, set: Partial<typeof P.$inferInsert>) {
  await db.update(P).set(set).where(eq(P.publicationId, publicationId));
}

export async function deletePublications(db: Db, ids: number[]) {
  await db.delete(P).where(inArray(P.publicationId, ids));
}

/** The catalogue's documents of a branch (a DITA .xml map too), their titles by path. */
export async function documentTitles(db: Db, libraryId: number, branch: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ path: ccmsCatalogDocument.path, name: ccmsCatalogDocument.name })
    .from(ccmsCatalogDocument)
    .where(and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch)));
  return new Map(rows.map((r) => [r.path, r.name]));
}
