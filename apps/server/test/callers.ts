import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import type { Caller, TestApp } from './harness';

const PASSWORD = 'secret123';

/** A new user (3-10 characters) whose one role grants exactly `permissions`: the rows only. */
async function userRows(t: TestApp, userName: string, permissions: string[], profile: { nickName: string; email: string }) {
  const db = t.database.db;
  const [role] = await db
    .insert(sysRole)
    .values({ roleName: userName, roleKey: `role_${userName}`, roleSort: 9 })
    .returning();
  const [user] = await db
    .insert(sysUser)
    .values({ userName, ...profile, password: await hashPassword(PASSWORD) })
    .returning();
  if (!role || !user) throw new Error('fixture rows not created');
  if (permissions.length > 0) {
    const menus = await db
      .insert(sysMenu)
      .values(permissions.map((perms, i) => ({ menuName: perms.slice(0, 50), menuType: 'F', perms, orderNum: i })))
      .returning({ menuId: sysMenu.menuId });
    await db.insert(sysRoleMenu).values(menus.map(({ menuId }) => ({ roleId: role.roleId, menuId })));
  }
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  return { userId: user.userId, roleId: role.roleId };
}

/**
 * Test fixture: a new user (3-10 characters) whose one role grants exactly `permissions`,
 * signed in. With no permissions the user can sign in and is denied every guarded route.
 */
export async function callerWith(t: TestApp, userName: string, permissions: string[]): Promise<Caller> {
  await userRows(t, userName, permissions, { nickName: userName, email: '' });
  return t.login(userName, PASSWORD);
}

export interface TestUser {
  caller: Caller;
  userId: number;
  roleId: number;
}

/** Test fixture: a signed-in user (3-10 characters) with one role granting exactly `permissions`. */
export async function userWith(t: TestApp, userName: string, permissions: string[], email = ''): Promise<TestUser> {
  const ids = await userRows(t, userName, permissions, { nickName: `${userName} nick`, email });
  return { caller: await t.login(userName, PASSWORD), ...ids };
}
