import { abilitiesOf, type GrantNeed, PLAIN_LEVELS } from '@ccms/contracts/grants';

/** A level on a regulation (publish is a library level only). */
type RegulationLevel = (typeof PLAIN_LEVELS)[number];

import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsRegulationGrant } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { assertLevelAllows, grantStore, isSystemAdmin } from '../../../platform/auth/grants';

/**
 * Object-level access to regulations (texts under licence stay with the people allowed to
 * read them): the grants in ccms_regulation_grant; a system admin is owner of every regulation.
 */
export const regulationGrants = grantStore({
  table: ccmsRegulationGrant,
  objectKey: 'regulationId',
  object: 'regulation',
  levels: PLAIN_LEVELS,
  objectId: ccmsRegulationGrant.regulationId,
  row: ({ objectId, ...grant }) => ({ regulationId: objectId, ...grant }),
  setLevel: (level) => ({ level }),
});

export type RegulationNeed = Exclude<GrantNeed, 'own'>;

/** Condition on a regulation id column: the regulations the caller may read (undefined: all). */
export function readableRegulations(auth: AuthContext, idColumn: PgColumn | SQL): SQL | undefined {
  if (isSystemAdmin(auth)) return undefined;
  return regulationGrants.reachedBy(auth, idColumn);
}

export async function regulationLevels(db: Db, auth: AuthContext, ids: number[]): Promise<Map<number, RegulationLevel>> {
  if (isSystemAdmin(auth)) return new Map(ids.map((id) => [id, 'owner']));
  return regulationGrants.levels(db, auth, ids);
}

export async function assertRegulationAccess(db: Db, auth: AuthContext, regulationId: number, need: RegulationNeed): Promise<RegulationLevel> {
  return assertLevelAllows((await regulationLevels(db, auth, [regulationId])).get(regulationId), need, 'regulation');
}

export const regulationAbilities = (level: RegulationLevel | null, auth: AuthContext) => abilitiesOf(level, isSystemAdmin(auth));
