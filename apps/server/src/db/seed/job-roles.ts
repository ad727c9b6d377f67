import { TopicPerm } from '@ccms/contracts/content/topic';
import { DeptPerm } from '@ccms/contracts/system/dept';
import { JOB_ROLES, type JobRole, jobRolePerms } from '@ccms/contracts/system/job-roles';
import { RolePerm } from '@ccms/contracts/system/role';
import { UserPerm } from '@ccms/contracts/system/user';
import { WorkItemPerm } from '@ccms/contracts/work/work-item';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { sysMenu, sysRole, sysRoleMenu } from '../schema';
import { SEED_MENUS, SEED_RENAMES } from './menus';

/**
 * Pages that carry no permission of their own (the perms stay unique) and the permission their
 * screen needs: a role holding it gets the page in its menu.
 */
const PAGE_NEEDS: Record<number, string> = {
  2108: TopicPerm.query,
  2109: TopicPerm.query,
  2201: DeptPerm.list,
  2202: UserPerm.list,
  2203: RolePerm.list,
  2421: WorkItemPerm.list,
  2422: WorkItemPerm.list,
};

/**
 * The seeded menus a job role holds: each menu or button whose permission is one of the role's,
 * the pages whose screens need one of them, and the directories and pages above those (so the
 * sidebar shows the way there). Nothing else.
 */
export function jobRoleMenuIds(role: JobRole): number[] {
  const perms = new Set(jobRolePerms(role));
  const byId = new Map(SEED_MENUS.map((m) => [m.menuId, m]));
  const held = new Set<number>();
  for (const m of SEED_MENUS) {
    const need = m.perms ?? PAGE_NEEDS[m.menuId];
    if (need && perms.has(need)) held.add(m.menuId);
  }
  for (const id of [...held]) {
    for (let up = byId.get(id)?.parentId; up !== undefined && up !== 0; up = byId.get(up)?.parentId) held.add(up);
  }
  return SEED_MENUS.filter((m) => held.has(m.menuId)).map((m) => m.menuId);
}

/**
 * The job roles (author, reviewer, translator, publisher, reader, team lead) with their menus.
 * Idempotent: a role whose key exists (even deleted or changed by an administrator) is left as it
 * is, so a start after an upgrade adds the missing ones once and never again.
 */
export async function seedJobRoles(db: Db | Tx) {
  const keys = JOB_ROLES.map((r) => r.roleKey);
  const existing = await db.select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey }).from(sysRole);
  const takenKeys = new Set(existing.filter((r) => keys.includes(r.roleKey)).map((r) => r.roleKey));
  const takenIds = new Set(existing.map((r) => r.roleId));
  const seededMenus = new Set((await db.select({ menuId: sysMenu.menuId }).from(sysMenu)).map((m) => m.menuId));
  for (const role of JOB_ROLES) {
    if (takenKeys.has(role.roleKey)) continue;
    const [created] = await db
      .insert(sysRole)
      .values({
        ...(takenIds.has(role.roleId) ? {} : { roleId: role.roleId }),
        roleName: role.zh,
        roleKey: role.roleKey,
        roleSort: role.roleId,
        dataScope: '1',
        createBy: 'admin',
        remark: role.en,
      })
      .returning({ roleId: sysRole.roleId });
    if (!created) continue;
    // Only menus the install still has (an administrator may have deleted some).
    const menuIds = jobRoleMenuIds(role).filter((id) => seededMenus.has(id));
    if (menuIds.length > 0) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: created.roleId, menuId })));
  }
}

/**
 * Gives the seeded buttons of an existing install the names of the fixed naming rule ("Reset
 * password", not "Reset password user"), each language only where it still has the old name:
 * a name an administrator changed stays.
 */
export async function renameSeededButtons(db: Db | Tx) {
  const ids = SEED_RENAMES.map((r) => r.menuId);
  if (ids.length === 0) return;
  const rows = await db.select({ menuId: sysMenu.menuId, zh: sysMenu.menuName, en: sysMenu.menuNameEn }).from(sysMenu).where(inArray(sysMenu.menuId, ids));
  for (const rename of SEED_RENAMES) {
    const row = rows.find((r) => r.menuId === rename.menuId);
    if (!row) continue;
    const set = {
      ...(row.zh === rename.from[0] ? { menuName: rename.to[0] } : {}),
      ...(row.en === rename.from[1] ? { menuNameEn: rename.to[1] } : {}),
    };
    if (Object.keys(set).length > 0) await db.update(sysMenu).set(set).where(eq(sysMenu.menuId, rename.menuId));
  }
}
