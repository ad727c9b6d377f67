import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogLink, ccmsCatalogResource, ccmsTranslationMemory, ccmsTranslationSetting } from '../../../db/schema';

/** The images and videos of the branch that these files reference (resolved links), by path. */
export async function mediaReferencedBy(db: Db, libraryId: number, branch: string, sourcePaths: string[]): Promise<string[]> {
  if (sourcePaths.length === 0) return [];
  const L = ccmsCatalogLink;
  const R = ccmsCatalogResource;
  const rows = await db
    .selectDistinct({ path: R.path })
    .from(L)
    .innerJoin(R, and(eq(R.libraryId, L.libraryId), eq(R.branch, L.branch), eq(R.path, L.targetPath)))
    .where(and(eq(L.libraryId, libraryId), eq(L.branch, branch), eq(L.resolved, true), inArray(L.sourcePath, sourcePaths)));
  return rows.map((r) => r.path).sort();
}

export async function findSetting(db: Db, libraryId: number) {
  const [row] = await db.select().from(ccmsTranslationSetting).where(eq(ccmsTranslationSetting.libraryId, libraryId));
  return row;
}

export const saveSetting = (db: Db, values: { libraryId: number; layout: string; sourceLang: string; updateBy: string }) =>
  db
    .insert(ccmsTranslationSetting)
    .values({ ...values, createBy: values.updateBy })
    .onConflictDoUpdate({
      target: ccmsTranslationSetting.libraryId,
      set: { layout: values.layout, sourceLang: values.sourceLang, updateBy: values.updateBy, updateTime: new Date() },
    });

/** The memory's entries for these source hashes in a language, by hash. */
export async function memoryFor(db: Db, libraryId: number, targetLang: string, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, { target: string; state: string }>();
  const T = ccmsTranslationMemory;
  const rows = await db
    .select({ hash: T.sourceHash, target: T.target, state: T.state })
    .from(T)
    .where(and(eq(T.libraryId, libraryId), eq(T.targetLang, targetLang), inArray(T.sourceHash, [...new Set(hashes)])));
  return new Map(rows.map((r) => [r.hash, { target: r.target, state: r.state }]));
}

export async function rememberTranslations(
  db: Db,
  rows: { libraryId: number; targetLang: string; sourceHash: string; source: string; target: string; state: string; createBy: string }[],
) {
  const T = ccmsTranslationMemory;
  // One row per hash: the same sentence translated twice in one file keeps the last.
  const unique = [...new Map(rows.map((r) => [r.sourceHash, r])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    await db
      .insert(T)
      .values(unique.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [T.libraryId, T.targetLang, T.sourceHash],
        set: { target: sql`excluded.target`, state: sql`excluded.state`, updateBy: sql`excluded.create_by`, updateTime: new Date() },
      });
  }
}
