import { LIBRARY_LEVELS, type LibraryLevel } from '@ccms/contracts/content/library';
import { type Abilities, abilitiesOf, type GrantNeed, levelAllows, strongestLevel } from '@ccms/contracts/grants';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsLibraryGrant } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { assertLevelAllows, grantStore } from '../../../platform/auth/grants';

/**
 * Object-level access to libraries: the grants in ccms_library_grant (platform/auth/grants);
 * the admin role is owner of every library.
 */
export const libraryGrants = grantStore({
  table: ccmsLibraryGrant,
  objectKey: 'libraryId',
  object: 'library',
  levels: LIBRARY_LEVELS,
  objectId: ccmsLibraryGrant.libraryId,
  row: ({ objectId, ...grant }) => ({ libraryId: objectId, ...grant }),
  setLevel: (level) => ({ level }),
});

/** What an action on a library needs. */
export type LibraryNeed = Exclude<GrantNeed, 'own'>;

/** Condition on a library id column: the libraries the caller may read (undefined: all, for the admin role). */
export function readableLibraries(auth: AuthContext, libraryIdColumn: PgColumn): SQL | undefined {
  if (auth.isAdmin) return undefined;
  return libraryGrants.reachedBy(auth, libraryIdColumn);
}

/** The caller's strongest level on each library (absent: none); the admin role is owner everywhere. */
export async function levelsOf(db: Db, auth: AuthContext, libraryIds: number[]): Promise<Map<number, LibraryLevel>> {
  if (auth.isAdmin) return new Map(libraryIds.map((id) => [id, 'owner']));
  return libraryGrants.levels(db, auth, libraryIds);
}

/** The caller's level from the levels of the grants reaching them on a library (the admin role is owner). */
export function levelFromGrants(auth: AuthContext, grantLevels: readonly string[] | null): LibraryLevel | null {
  if (auth.isAdmin) return 'owner';
  return strongestLevel(grantLevels ?? [], LIBRARY_LEVELS) ?? null;
}

export async function levelOf(db: Db, auth: AuthContext, libraryId: number): Promise<LibraryLevel | null> {
  return (await levelsOf(db, auth, [libraryId])).get(libraryId) ?? null;
}

export const allows = (level: LibraryLevel | null, need: LibraryNeed) => levelAllows(level, need);

/** What the caller's level on a library lets them do (the admin role is owner, so hands out ownership). */
export const libraryAbilities = (level: LibraryLevel | null): Abilities => abilitiesOf(level);

/** Throws "No relevant permissions" unless the caller's level on the library meets the need. */
export async function assertLibraryAccess(db: Db, auth: AuthContext, libraryId: number, need: LibraryNeed): Promise<LibraryLevel> {
  return assertLevelAllows(await levelOf(db, auth, libraryId), need, 'library');
}
