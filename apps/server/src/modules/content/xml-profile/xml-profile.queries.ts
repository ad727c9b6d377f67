import type { XmlProfileBody, XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibrary, ccmsXmlProfile } from '../../../db/schema';

export const listProfiles = (db: Db) => db.select().from(ccmsXmlProfile).orderBy(asc(ccmsXmlProfile.profileId));

export async function findProfile(db: Db, profileId: number) {
  const [row] = await db.select().from(ccmsXmlProfile).where(eq(ccmsXmlProfile.profileId, profileId));
  return row;
}

export async function findProfileOfType(db: Db, libraryType: string) {
  const [row] = await db.select().from(ccmsXmlProfile).where(eq(ccmsXmlProfile.libraryType, libraryType));
  return row;
}

export async function profileTypeClash(db: Db, libraryType: string, exceptId?: number) {
  const [row] = await db
    .select({ profileId: ccmsXmlProfile.profileId })
    .from(ccmsXmlProfile)
    .where(and(eq(ccmsXmlProfile.libraryType, libraryType), exceptId === undefined ? undefined : ne(ccmsXmlProfile.profileId, exceptId)));
  return row !== undefined;
}

/** The profile's spec as the engine takes it (no type, description or audit columns). */
export function specOf(row: typeof ccmsXmlProfile.$inferSelect): XmlProfileSpec {
  const { filePattern, unitRoots, documentRoots, idPath, titlePath, references, tocGroups, vocabulary, css, grammarKind, grammarName, grammar } = row;
  return {
    filePattern,
    unitRoots,
    documentRoots,
    idPath,
    titlePath,
    references,
    tocGroups,
    vocabulary,
    css,
    grammarKind: grammarKind === 'xsd' || grammarKind === 'dtd' ? grammarKind : 'none',
    grammarName,
    grammar,
  };
}

/** The spec of a library type's profile, if it has one. */
export async function profileSpecOf(db: Db, libraryType: string): Promise<XmlProfileSpec | undefined> {
  const row = await findProfileOfType(db, libraryType);
  return row ? specOf(row) : undefined;
}

export async function insertProfile(db: Db, body: XmlProfileBody, by: string) {
  const [row] = await db
    .insert(ccmsXmlProfile)
    .values({ ...body, createBy: by })
    .returning({ profileId: ccmsXmlProfile.profileId });
  return row?.profileId ?? 0;
}

export async function updateProfile(db: Db, profileId: number, body: XmlProfileBody, by: string) {
  await db
    .update(ccmsXmlProfile)
    .set({ ...body, updateBy: by, updateTime: new Date() })
    .where(eq(ccmsXmlProfile.profileId, profileId));
}

export const deleteProfile = (db: Db, profileId: number) => db.delete(ccmsXmlProfile).where(eq(ccmsXmlProfile.profileId, profileId));

/** Libraries of a type that are not deleted. */
export const librariesOfType = (db: Db, libraryType: string) =>
  db
    .select()
    .from(ccmsLibrary)
    .where(and(eq(ccmsLibrary.libraryType, libraryType), eq(ccmsLibrary.delFlag, '0')));

export async function libraryCounts(db: Db) {
  const rows = await db
    .select({ libraryType: ccmsLibrary.libraryType, n: count() })
    .from(ccmsLibrary)
    .where(eq(ccmsLibrary.delFlag, '0'))
    .groupBy(ccmsLibrary.libraryType);
  return new Map(rows.map((r) => [r.libraryType, r.n]));
}
