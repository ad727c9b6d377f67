import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type {
  AuthUserBatchBody,
  AuthUserCancelBody,
  AuthUserQuery,
  RoleBody,
  RoleDataScopeBody,
  RoleExportQuery,
  RoleQuery,
  RoleStatusBody,
  RoleUpdate,
} from '@ccms/contracts/system/role';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysRole, sysRoleDept, sysRoleMenu } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { privilegeGuard } from '../../../platform/auth/privilege';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { ADMIN_USER_ID, deptTree, existingIds, visibleDeptIds, visibleUserIds } from '../user/user.queries';
import { deptScope, userScope } from '../user/user.service';
import { roleColumns } from './role.excel';
import {
  addUsersToRole,
  checkedDeptIds,
  deptIdsOfRole,
  existingMenuIds,
  findRole,
  findRoleClash,
  isAdminRole,
  listRoles,
  allRoles as liveRoles,
  menuIdsOfRole,
  presentRole,
  removeUsersFromRole,
  replaceRoleDepts,
  replaceRoleMenus,
  roleInUse,
  rolesForExport,
  usersOfRole,
} from './role.queries';

type RoleRow = typeof sysRole.$inferSelect;

/** `sessions`: every write that changes what a signed-in user's session holds tells it after its commit. */
export function roleService(db: Db, sessions: SessionCache) {
  const privilege = privilegeGuard(db);

  async function existing(roleId: number) {
    const role = await findRole(db, roleId);
    if (!role) throw notFound('role.notFound');
    return role;
  }

  /** A role the caller may change: the admin role only by an administrator. */
  async function editable(auth: AuthContext, roleId: number) {
    const role = await existing(roleId);
    if (isAdminRole(role) && !auth.isAdmin) throw forbidden('role.adminOnly');
    return role;
  }

  async function assertUnique(body: Pick<RoleBody, 'roleName' | 'roleKey'>, exceptId?: number) {
    if (await findRoleClash(db, 'roleName', body.roleName, exceptId)) throw badRequest('role.nameExists', { name: body.roleName });
    if (await findRoleClash(db, 'roleKey', body.roleKey, exceptId)) throw badRequest('role.keyExists', { name: body.roleName });
  }

  async function assertMenus(menuIds: number[]) {
    const found = await existingMenuIds(db, menuIds);
    const missing = menuIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest('role.menuMissing', { id: missing });
  }

  /** Departments of a custom scope must exist, and a non-administrator can only hand out departments it sees itself. */
  async function assertDepts(auth: AuthContext, deptIds: number[]) {
    const found = await existingIds(db, 'dept', deptIds);
    const missing = deptIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest('role.deptMissing', { id: missing });
    const visible = await visibleDeptIds(db, deptIds, deptScope(auth));
    if (deptIds.some((id) => !visible.has(id))) throw forbidden('user.deptNoAccess');
  }

  /** Users must be live, within the caller's data scope, and outranked by the caller. */
  async function assertUsers(auth: AuthContext, userIds: number[]) {
    const visible = await visibleUserIds(db, userIds, userScope(auth));
    const hidden = userIds.find((id) => !visible.has(id));
    if (hidden !== undefined) throw forbidden('user.noDataAccess');
    await privilege.assertUsersOutranked(auth, userIds);
  }

  function assertAdminKept(role: RoleRow, userIds: number[]) {
    if (isAdminRole(role) && userIds.includes(ADMIN_USER_ID)) throw badRequest('user.adminMustStay');
  }

  const withUniqueGuard = async (body: Pick<RoleBody, 'roleName'>, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('role.nameExists', { name: body.roleName });
      throw err;
    }
  };

  return {
    list: (q: RoleQuery) => listRoles(db, q),
    options: () => liveRoles(db),

    async get(roleId: number) {
      const role = await existing(roleId);
      const [menuIds, deptIds] = await Promise.all([menuIdsOfRole(db, roleId), deptIdsOfRole(db, roleId)]);
      return { ...presentRole(role), menuIds, deptIds };
    },

    async create(auth: AuthContext, body: RoleBody) {
      await assertUnique(body);
      await assertMenus(body.menuIds);
      await privilege.assertMenusGrantable(auth, body.menuIds);
      await withUniqueGuard(body, () =>
        db.transaction(async (tx) => {
          const { menuIds, ...fields } = body;
          const [row] = await tx
            .insert(sysRole)
            .values({ ...fields, remark: fields.remark ?? '', createBy: auth.userName })
            .returning({ roleId: sysRole.roleId });
          if (!row) throw new Error('role insert returned no row');
          await replaceRoleMenus(tx, row.roleId, menuIds);
        }),
      );
    },

    async update(auth: AuthContext, body: RoleUpdate) {
      const role = await editable(auth, body.roleId);
      // The admin role's key is what makes its holders administrators; disabling it would lock everyone out.
      if (isAdminRole(role) && (body.roleKey !== role.roleKey || body.status === '1')) throw badRequest('role.adminProtected');
      await assertUnique(body, body.roleId);
      await assertMenus(body.menuIds);
      const before = await menuIdsOfRole(db, body.roleId);
      const changed = before.length !== new Set(body.menuIds).size || body.menuIds.some((id) => !before.includes(id));
      if (changed) await privilege.assertNotOwnRole(auth, body.roleId);
      await privilege.assertMenusGrantable(auth, body.menuIds, before);
      const { roleId, menuIds, ...fields } = body;
      await withUniqueGuard(body, () =>
        db.transaction(async (tx) => {
          await tx
            .update(sysRole)
            .set({ ...fields, remark: fields.remark ?? role.remark, updateBy: auth.userName, updateTime: new Date() })
            .where(eq(sysRole.roleId, roleId));
          await replaceRoleMenus(tx, roleId, menuIds);
        }),
      );
      await sessions.changed();
    },

    async setDataScope(auth: AuthContext, body: RoleDataScopeBody) {
      await editable(auth, body.roleId);
      await privilege.assertNotOwnRole(auth, body.roleId);
      privilege.assertScopeHeld(auth, body.dataScope);
      const deptIds = body.dataScope === '2' ? body.deptIds : [];
      await assertDepts(auth, deptIds);
      await db.transaction(async (tx) => {
        await tx
          .update(sysRole)
          .set({
            dataScope: body.dataScope,
            ...(body.deptCheckStrictly !== undefined && { deptCheckStrictly: body.deptCheckStrictly }),
            updateBy: auth.userName,
            updateTime: new Date(),
          })
          .where(eq(sysRole.roleId, body.roleId));
        await replaceRoleDepts(tx, body.roleId, deptIds);
      });
      await sessions.changed();
    },

    async changeStatus(auth: AuthContext, body: RoleStatusBody) {
      const role = await editable(auth, body.roleId);
      if (isAdminRole(role) && body.status === '1') throw badRequest('role.adminProtected');
      await db.update(sysRole).set({ status: body.status, updateBy: auth.userName, updateTime: new Date() }).where(eq(sysRole.roleId, body.roleId));
      await sessions.changed();
    },

    async remove(auth: AuthContext, roleIds: number[]) {
      for (const id of roleIds) {
        const role = await existing(id);
        if (isAdminRole(role)) throw badRequest('role.adminProtected');
      }
      const used = await roleInUse(db, roleIds);
      if (used) throw badRequest('role.inUse', { name: used.roleName });
      await db.transaction(async (tx) => {
        await tx.update(sysRole).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(sysRole.roleId, roleIds));
        await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
        await tx.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds));
      });
      await sessions.changed();
    },

    async allocated(auth: AuthContext, q: AuthUserQuery, allocated: boolean) {
      await existing(q.roleId);
      return usersOfRole(db, q, allocated, userScope(auth));
    },

    async cancel(auth: AuthContext, body: AuthUserCancelBody) {
      const role = await editable(auth, body.roleId);
      assertAdminKept(role, [body.userId]);
      privilege.assertNotSelf(auth, [body.userId]);
      await assertUsers(auth, [body.userId]);
      await removeUsersFromRole(db, body.roleId, [body.userId]);
      await sessions.changed();
    },

    async cancelAll(auth: AuthContext, body: AuthUserBatchBody) {
      const role = await editable(auth, body.roleId);
      assertAdminKept(role, body.userIds);
      privilege.assertNotSelf(auth, body.userIds);
      await assertUsers(auth, body.userIds);
      await removeUsersFromRole(db, body.roleId, body.userIds);
      await sessions.changed();
    },

    async selectAll(auth: AuthContext, body: AuthUserBatchBody) {
      await editable(auth, body.roleId);
      privilege.assertNotSelf(auth, body.userIds);
      await privilege.assertRolesGrantable(auth, [body.roleId]);
      await assertUsers(auth, body.userIds);
      await addUsersToRole(db, body.roleId, body.userIds);
      await sessions.changed();
    },

    /** The caller's department tree with the role's departments ticked. */
    async deptTreeOf(auth: AuthContext, roleId: number) {
      const role = await existing(roleId);
      const [checkedKeys, depts] = await Promise.all([checkedDeptIds(db, roleId, role.deptCheckStrictly), deptTree(db, deptScope(auth))]);
      return { checkedKeys, depts };
    },

    async exportXlsx(q: RoleExportQuery, lang: Language) {
      return toXlsx(translate(lang, 'role.excel.sheet'), roleColumns(lang), await rolesForExport(db, q), lang);
    },
  };
}
