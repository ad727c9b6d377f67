import type { GrantBody } from '@ccms/contracts/content/library-config';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { assertLibraryAccess, libraryAbilities, libraryGrants } from '../library/library-access';
import { granteeRoles, granteeUsers } from './library-permission.queries';

/** At most this many users answer one picker search. */
const GRANTEE_USERS_MAX = 50;

/** A library keeps at least one owner grant. */
const KEEP_AN_OWNER = { keepAnOwner: true };

/** Grants on a library: admin and owner manage them; only an owner hands out or takes away ownership. */
export function libraryPermissionService(db: Db) {
  return {
    async list(auth: AuthContext, libraryId: number) {
      await assertLibraryAccess(db, auth, libraryId, 'configure');
      return libraryGrants.list(db, libraryId);
    },

    /** Sets the grantee's level on the library (one grant per grantee). */
    async grant(auth: AuthContext, body: GrantBody) {
      const mine = await assertLibraryAccess(db, auth, body.libraryId, 'configure');
      await libraryGrants.assertGrantee(db, body.granteeType, body.granteeId);
      const { libraryId: objectId, ...grantee } = body;
      await libraryGrants.put(db, { objectId, ...grantee, createBy: auth.userName }, libraryAbilities(mine), KEEP_AN_OWNER);
    },

    /** Users an admin or owner of the library can pick (grants, publish readers), without system permissions. */
    async granteeUsers(auth: AuthContext, libraryId: number, keyword: string | undefined) {
      await assertLibraryAccess(db, auth, libraryId, 'configure');
      return granteeUsers(db, { keyword, limit: GRANTEE_USERS_MAX });
    },

    /** Roles an admin or owner of the library can pick. */
    async granteeRoles(auth: AuthContext, libraryId: number) {
      await assertLibraryAccess(db, auth, libraryId, 'configure');
      return granteeRoles(db);
    },

    async revoke(auth: AuthContext, grantIds: number[]) {
      const rightsOn = async (libraryId: number) => libraryAbilities(await assertLibraryAccess(db, auth, libraryId, 'configure'));
      await libraryGrants.revoke(db, grantIds, rightsOn, KEEP_AN_OWNER);
    },
  };
}
