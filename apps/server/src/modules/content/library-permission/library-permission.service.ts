import type { GrantBody } from '@ccms/contracts/content/library-config';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibraryGrant } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import { assertLibraryAccess } from '../library/library-access';
import { granteeExists, granteeRoles, granteeUsers, grantsByIds, listGrants } from './library-permission.queries';

/** At most this many users answer one picker search. */
const GRANTEE_USERS_MAX = 50;

/** Grants on a library: admin and owner manage them; only an owner hands out or takes away ownership. */
export function libraryPermissionService(db: Db) {
  return {
    async list(auth: AuthContext, libraryId: number) {
      await assertLibraryAccess(db, auth, libraryId, 'configure');
      return listGrants(db, libraryId);
    },

    /** Sets the grantee's level on the library (one grant per grantee). */
    async grant(auth: AuthContext, body: GrantBody) {
      const mine = await assertLibraryAccess(db, auth, body.libraryId, 'configure');
      if (!(await granteeExists(db, body.granteeType, body.granteeId))) throw badRequest('grant.granteeMissing', { id: body.granteeId });
      const [existing] = await db
        .select()
        .from(ccmsLibraryGrant)
        .where(
          and(
            eq(ccmsLibraryGrant.libraryId, body.libraryId),
            eq(ccmsLibraryGrant.granteeType, body.granteeType),
            eq(ccmsLibraryGrant.granteeId, body.granteeId),
          ),
        );
      if ((body.level === 'owner' || existing?.level === 'owner') && mine !== 'owner') throw forbidden('noRelevantPermissions');
      if (existing?.level === 'owner' && body.level !== 'owner') await assertAnotherOwner(body.libraryId, [existing.grantId]);
      if (existing) await db.update(ccmsLibraryGrant).set({ level: body.level }).where(eq(ccmsLibraryGrant.grantId, existing.grantId));
      else await db.insert(ccmsLibraryGrant).values({ ...body, createBy: auth.userName });
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
      const grants = await grantsByIds(db, grantIds);
      if (grants.length !== grantIds.length) throw notFound('notFound.row', { what: `grant ${grantIds.join(',')}` });
      for (const g of grants) {
        const mine = await assertLibraryAccess(db, auth, g.libraryId, 'configure');
        if (g.level === 'owner' && mine !== 'owner') throw forbidden('noRelevantPermissions');
      }
      for (const libraryId of new Set(grants.map((g) => g.libraryId))) {
        const removedOwners = grants.filter((g) => g.libraryId === libraryId && g.level === 'owner').map((g) => g.grantId);
        if (removedOwners.length > 0) await assertAnotherOwner(libraryId, removedOwners);
      }
      await db.delete(ccmsLibraryGrant).where(inArray(ccmsLibraryGrant.grantId, grantIds));
    },
  };

  /** A library keeps at least one owner grant. */
  async function assertAnotherOwner(libraryId: number, leaving: number[]) {
    const [other] = await db
      .select({ grantId: ccmsLibraryGrant.grantId })
      .from(ccmsLibraryGrant)
      .where(and(eq(ccmsLibraryGrant.libraryId, libraryId), eq(ccmsLibraryGrant.level, 'owner'), ...leaving.map((id) => ne(ccmsLibraryGrant.grantId, id))));
    if (!other) throw badRequest('grant.lastOwner');
  }
}
