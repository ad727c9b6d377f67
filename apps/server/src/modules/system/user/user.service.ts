/**
 * The user service: list and data scope, create, update, delete, passwords, status, roles, import and export.
 * Over 400 lines: one entity's service; the Excel import reuses the checks of create and update
 * (department in scope, unique name, phone and e-mail, editable user), which live beside them.
 */
import { type Language, SUPER_ROLE } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { SECRET_MASK } from '@ccms/contracts/system/config';
import {
  type AuthRoleBody,
  type ResetPwdBody,
  type UserBody,
  type UserExportQuery,
  UserImportRow,
  type UserQuery,
  type UserStatusBody,
  type UserUpdate,
} from '@ccms/contracts/system/user';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sysDept, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { hashPassword } from '../../../platform/auth/password';
import { privilegeGuard } from '../../../platform/auth/privilege';
import { endSessionsOfUser } from '../../../platform/auth/session';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { isUniqueViolation } from '../../../platform/db/errors';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { issueMessage } from '../../../platform/http/validation';
import { clearLoginFailures } from '../auth/login-failure.queries';
import { configValue } from '../config/config.queries';
import { adminRolesAmong, allRoles } from '../role/role.queries';
import { exportColumns, headingOf, importColumns, readImportRows, sexCode, statusCode, type UserSheetRow } from './user.excel';
import {
  ADMIN_USER_ID,
  allPostsForForm,
  deptTree,
  existingIds,
  findUser,
  findUserClash,
  findUserIdByName,
  holdsRoleKey,
  listUsers,
  postIdsOfUser,
  replaceUserPosts,
  replaceUserRoles,
  roleIdsOfUser,
  usersForExport,
  visibleDeptIds,
  visibleUserIds,
} from './user.queries';

/** The user rows a caller may see: RuoYi's data scope on sys_user. */
export const userScope = (auth: AuthContext) => dataScopeCondition(auth, { deptId: sysUser.deptId, userId: sysUser.userId });
/** The departments a caller may see. */
export const deptScope = (auth: AuthContext) => dataScopeCondition(auth, { deptId: sysDept.deptId });

/** Text for HTML content (never an attribute): markup in a sheet's cells stays text in RuoYi's message box. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => HTML_ESCAPES[c] ?? c);

/** `sessions`: every write that changes what a signed-in user's session holds tells it after its commit. */
export function userService(db: Db, sessions: SessionCache) {
  const privilege = privilegeGuard(db);
  /** A live user the caller's data scope reaches, else 404/403. */
  async function visibleUser(auth: AuthContext, userId: number) {
    const user = await findUser(db, userId);
    if (!user) throw notFound('user.notFound');
    if (!(await visibleUserIds(db, [userId], userScope(auth))).has(userId)) throw forbidden('user.noDataAccess');
    return user;
  }

  /** Only an administrator may change the super administrator or anyone holding the admin role. */
  async function assertMayChange(auth: AuthContext, userId: number) {
    if (auth.isAdmin) return;
    if (userId === ADMIN_USER_ID || (await holdsRoleKey(db, userId, SUPER_ROLE))) throw forbidden('user.cannotChangeAdmin');
  }

  /** A user the caller may change: visible, not an administrator (unless the caller is one), and outranked by the caller. */
  async function editableUser(auth: AuthContext, userId: number) {
    const user = await visibleUser(auth, userId);
    await assertMayChange(auth, userId);
    await privilege.assertUsersOutranked(auth, [userId]);
    return user;
  }

  async function assertDept(auth: AuthContext, deptId: number | null | undefined) {
    if (deptId === null || deptId === undefined) return;
    if (!(await existingIds(db, 'dept', [deptId])).has(deptId)) throw badRequest('user.deptMissing', { id: deptId });
    if (!(await visibleDeptIds(db, [deptId], deptScope(auth))).has(deptId)) throw forbidden('user.deptNoAccess');
  }

  /**
   * The roles exist, and those the user does not hold yet (`userId` absent for a new user) give
   * nothing beyond the caller's own; nobody changes their own roles.
   */
  async function assertRoles(auth: AuthContext, roleIds: number[], userId?: number) {
    const found = await existingIds(db, 'role', roleIds);
    const missing = roleIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest('user.roleMissing', { id: missing });
    if (!auth.isAdmin && (await adminRolesAmong(db, roleIds)).length > 0) throw forbidden('user.adminRoleOnlyByAdmin');
    const held = userId === undefined ? [] : await roleIdsOfUser(db, userId);
    const same = held.length === new Set(roleIds).size && roleIds.every((id) => held.includes(id));
    if (!same && userId !== undefined) privilege.assertNotSelf(auth, [userId]);
    await privilege.assertRolesGrantable(auth, roleIds, held);
  }

  async function assertPosts(postIds: number[]) {
    const found = await existingIds(db, 'post', postIds);
    const missing = postIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest('user.postMissing', { id: missing });
  }

  /** The super administrator keeps the admin role. */
  async function assertAdminKeepsRole(userId: number, roleIds: number[]) {
    if (userId === ADMIN_USER_ID && (await adminRolesAmong(db, roleIds)).length === 0) throw badRequest('user.adminMustStay');
  }

  async function assertUnique(fields: { userName?: string; phonenumber?: string; email?: string }, name: string, exceptId?: number) {
    if (fields.userName && (await findUserClash(db, 'userName', fields.userName, exceptId))) {
      throw badRequest(exceptId ? 'user.nameTaken' : 'user.exists', { name: fields.userName });
    }
    if (fields.phonenumber && (await findUserClash(db, 'phonenumber', fields.phonenumber, exceptId))) throw badRequest('user.phoneExists', { name });
    if (fields.email && (await findUserClash(db, 'email', fields.email, exceptId))) throw badRequest('user.emailExists', { name });
  }

  /** Role choices for a form: only an administrator is offered the admin role. */
  async function roleChoices(auth: AuthContext) {
    const roles = await allRoles(db);
    return auth.isAdmin ? roles : roles.filter((r) => !r.admin);
  }

  /**
   * The password a create or reset sets. RuoYi's user page fills its form with the initial password
   * as GET /system/config/configKey/sys.user.initPassword answers it, which is the mask: the mask
   * stands for the configured initial password and is never a password itself. The initial
   * password is known to everyone who can read the parameter, so it must change at first sign-in.
   */
  async function chosenPassword(given: string): Promise<{ password: string; initial: boolean }> {
    const initPassword = (await configValue(db, 'sys.user.initPassword')) ?? '';
    if (given === SECRET_MASK) {
      if (!initPassword) throw badRequest('user.password.maskWithoutInit', { mask: SECRET_MASK });
      return { password: initPassword, initial: true };
    }
    return { password: given, initial: initPassword !== '' && given === initPassword };
  }

  async function create(auth: AuthContext, body: UserBody) {
    await assertUnique(body, body.userName);
    await assertDept(auth, body.deptId);
    await assertRoles(auth, body.roleIds);
    await assertPosts(body.postIds);
    const chosen = await chosenPassword(body.password);
    const password = await hashPassword(chosen.password);
    const pwdChangeRequired = chosen.initial;
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sysUser)
          .values({
            userName: body.userName,
            nickName: body.nickName,
            deptId: body.deptId ?? null,
            phonenumber: body.phonenumber,
            email: body.email,
            sex: body.sex,
            status: body.status,
            remark: body.remark ?? '',
            password,
            pwdUpdateDate: new Date(),
            pwdChangeRequired,
            createBy: auth.userName,
          })
          .returning({ userId: sysUser.userId });
        if (!row) throw new Error('user insert returned no row');
        await replaceUserRoles(tx, row.userId, body.roleIds);
        await replaceUserPosts(tx, row.userId, body.postIds);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('user.exists', { name: body.userName });
      throw err;
    }
  }

  async function update(auth: AuthContext, body: UserUpdate) {
    const current = await editableUser(auth, body.userId);
    const changed = <K extends 'userName' | 'phonenumber' | 'email'>(k: K) => (body[k] !== undefined && body[k] !== current[k] ? body[k] : undefined);
    await assertUnique(
      { userName: changed('userName'), phonenumber: changed('phonenumber'), email: changed('email') },
      body.userName ?? current.userName,
      body.userId,
    );
    if (body.deptId !== undefined && body.deptId !== current.deptId) await assertDept(auth, body.deptId);
    if (body.roleIds) {
      await assertAdminKeepsRole(body.userId, body.roleIds);
      await assertRoles(auth, body.roleIds, body.userId);
    }
    if (body.postIds) await assertPosts(body.postIds);
    if (body.userId === ADMIN_USER_ID && body.status === '1') throw badRequest('user.adminMustStay');
    const { userId, version, roleIds, postIds, ...fields } = body;
    try {
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(sysUser)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
          .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'), version !== undefined ? eq(sysUser.version, version) : undefined))
          .returning({ userId: sysUser.userId });
        // Someone saved since this version was read: refuse rather than overwrite their change.
        if (updated.length === 0) throw conflict();
        if (roleIds) await replaceUserRoles(tx, userId, roleIds);
        if (postIds) await replaceUserPosts(tx, userId, postIds);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('user.nameTaken', { name: body.userName ?? current.userName });
      throw err;
    }
    await sessions.changed();
    if (body.status === '1') await endSessionsOfUser(db, sessions, userId);
  }

  async function remove(auth: AuthContext, userIds: number[]) {
    if (userIds.includes(auth.userId)) throw badRequest('user.cannotDeleteSelf');
    for (const id of userIds) await editableUser(auth, id);
    if (userIds.includes(ADMIN_USER_ID)) throw badRequest('user.adminMustStay');
    await db.transaction(async (tx) => {
      await tx
        .update(sysUser)
        .set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
        .where(inArray(sysUser.userId, userIds));
      await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds));
      await tx.delete(sysUserPost).where(inArray(sysUserPost.userId, userIds));
    });
    await sessions.changed();
    for (const id of userIds) await endSessionsOfUser(db, sessions, id);
  }

  async function resetPwd(auth: AuthContext, body: ResetPwdBody) {
    await editableUser(auth, body.userId);
    const chosen = await chosenPassword(body.password);
    const password = await hashPassword(chosen.password);
    await db
      .update(sysUser)
      .set({
        password,
        pwdUpdateDate: new Date(),
        // The administrator (or, for the initial password, everyone) knows the new password: its owner changes it at the next sign-in.
        pwdChangeRequired: body.userId !== auth.userId || chosen.initial,
        failedLogins: 0,
        loginFailures: [],
        lockedUntil: null,
        updateBy: auth.userName,
        updateTime: new Date(),
        version: sql`${sysUser.version} + 1`,
      })
      .where(eq(sysUser.userId, body.userId));
    await clearLoginFailures(db, body.userId);
    await sessions.changed();
    // Whoever knew the old password is signed out; the caller's own session stays.
    await endSessionsOfUser(db, sessions, body.userId, auth.tokenId);
  }

  async function changeStatus(auth: AuthContext, body: UserStatusBody) {
    await editableUser(auth, body.userId);
    if (body.userId === ADMIN_USER_ID && body.status === '1') throw badRequest('user.adminMustStay');
    const updated = await db
      .update(sysUser)
      .set({ status: body.status, updateBy: auth.userName, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
      .where(and(eq(sysUser.userId, body.userId), body.version !== undefined ? eq(sysUser.version, body.version) : undefined))
      .returning({ userId: sysUser.userId });
    if (updated.length === 0) throw conflict();
    await sessions.changed();
    if (body.status === '1') await endSessionsOfUser(db, sessions, body.userId);
  }

  async function importUsers(auth: AuthContext, file: Buffer, updateSupport: boolean, lang: Language) {
    let rows: Awaited<ReturnType<typeof readImportRows>>;
    try {
      rows = await readImportRows(file);
    } catch {
      throw badRequest('user.import.badFile');
    }
    if (rows.length === 0) throw badRequest('user.import.empty');
    const initPassword = (await configValue(db, 'sys.user.initPassword')) ?? '';
    let initHash: string | undefined;
    const results: { row: number; userName: string; ok: boolean; msg: string }[] = [];
    // Rows are checked first and written together in one transaction: an import that fails or
    // is killed midway leaves no user behind (and no user without its operation log row).
    const writes: ((tx: Tx) => Promise<unknown>)[] = [];
    /** Users the sheet disables: their sessions end once the import commits. */
    const disabled: number[] = [];
    const inSheet = new Set<string>();
    const claimedInSheet = (data: { userName: string; phonenumber?: string; email?: string }, name: string) => {
      if (inSheet.has(`u:${data.userName}`)) return badRequest('user.exists', { name: data.userName });
      if (data.phonenumber && inSheet.has(`p:${data.phonenumber}`)) return badRequest('user.phoneExists', { name });
      if (data.email && inSheet.has(`e:${data.email}`)) return badRequest('user.emailExists', { name });
      for (const key of [`u:${data.userName}`, data.phonenumber && `p:${data.phonenumber}`, data.email && `e:${data.email}`]) if (key) inSheet.add(key);
      return undefined;
    };
    for (const { row, values } of rows) {
      const userName = values.userName ?? '';
      const fail = (msg: string) => results.push({ row, userName, ok: false, msg });
      const parsed = UserImportRow.safeParse({
        ...values,
        sex: values.sex === undefined ? undefined : sexCode(values.sex),
        status: values.status === undefined ? undefined : statusCode(values.status),
      });
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        const field = issue ? headingOf(String(issue.path[0] ?? ''), lang) : '';
        const reason = issue ? issueMessage(lang, { ...issue, path: [field] }) : translate(lang, 'field.invalid', { field });
        fail(translate(lang, 'user.import.row.failed', { row, reason }));
        continue;
      }
      const data = parsed.data;
      try {
        const existing = await findUserIdByName(db, data.userName);
        if (existing !== undefined) {
          if (!updateSupport) {
            fail(translate(lang, 'user.import.row.exists', { row, name: data.userName }));
            continue;
          }
          await editableUser(auth, existing);
          if (data.deptId !== undefined) await assertDept(auth, data.deptId);
          await assertUnique({ phonenumber: data.phonenumber, email: data.email }, data.userName, existing);
          if (existing === ADMIN_USER_ID && data.status === '1') throw badRequest('user.adminMustStay');
          const clash = claimedInSheet(data, data.userName);
          if (clash) throw clash;
          // Only the cells the sheet filled in change; an empty cell keeps what is stored.
          const fields: Partial<typeof sysUser.$inferInsert> = { nickName: data.nickName };
          for (const key of ['deptId', 'email', 'phonenumber', 'sex', 'status'] as const)
            if (values[key] !== undefined) Object.assign(fields, { [key]: data[key] });
          writes.push(async (tx) => {
            await tx
              .update(sysUser)
              .set({ ...fields, updateBy: auth.userName, updateTime: new Date(), version: sql`${sysUser.version} + 1` })
              .where(eq(sysUser.userId, existing));
          });
          if (data.status === '1') disabled.push(existing);
          results.push({ row, userName, ok: true, msg: translate(lang, 'user.import.row.updated', { row, name: data.userName }) });
        } else {
          if (!initPassword) throw badRequest('user.import.noInitPassword');
          await assertDept(auth, data.deptId);
          await assertUnique({ phonenumber: data.phonenumber, email: data.email }, data.userName);
          const clash = claimedInSheet(data, data.userName);
          if (clash) throw clash;
          // Everyone imported starts with the same known password, so one hash serves them all.
          initHash ??= await hashPassword(initPassword);
          const password = initHash;
          writes.push((tx) => tx.insert(sysUser).values({ ...data, deptId: data.deptId ?? null, password, pwdChangeRequired: true, createBy: auth.userName }));
          results.push({ row, userName, ok: true, msg: translate(lang, 'user.import.row.created', { row, name: data.userName }) });
        }
      } catch (err) {
        if (err instanceof AppError) fail(translate(lang, 'user.import.row.failed', { row, reason: translate(lang, err.key, err.params) }));
        else if (isUniqueViolation(err)) fail(translate(lang, 'user.import.row.exists', { row, name: data.userName }));
        else throw err;
      }
    }
    try {
      await db.transaction(async (tx) => {
        for (const write of writes) await write(tx);
      });
    } catch (err) {
      // Someone created a clashing user between the checks and the writes: nothing was imported.
      if (isUniqueViolation(err)) throw conflict();
      throw err;
    }
    if (writes.length > 0) await sessions.changed();
    for (const id of disabled) await endSessionsOfUser(db, sessions, id);
    const failureCount = results.filter((r) => !r.ok).length;
    const successCount = results.length - failureCount;
    const summary =
      failureCount === 0
        ? translate(lang, 'user.import.allOk', { total: successCount })
        : translate(lang, 'user.import.someFailed', { ok: successCount, failed: failureCount });
    // RuoYi's msg lists the rows (only the failed ones when some failed), one per <br/>, and its client
    // shows it as HTML: names and reasons from the sheet are escaped.
    const listed = failureCount === 0 ? results : results.filter((r) => !r.ok);
    const list = listed.map((r, i) => translate(lang, 'user.import.listItem', { n: i + 1, text: escapeHtml(r.msg) })).join('');
    const msg = translate(lang, failureCount === 0 ? 'user.import.listAll' : 'user.import.listFailed', { summary: escapeHtml(summary), list });
    return { msg, summary, failureCount, successCount, rows: results };
  }

  return {
    list: (auth: AuthContext, q: UserQuery) => listUsers(db, q, userScope(auth)),

    /** The form's choices, plus the user and its post and role ids when an id is given. */
    async form(auth: AuthContext, userId?: number) {
      const [posts, roles] = await Promise.all([allPostsForForm(db), roleChoices(auth)]);
      if (userId === undefined) return { posts, roles };
      const data = await visibleUser(auth, userId);
      const [postIds, roleIds] = await Promise.all([postIdsOfUser(db, userId), roleIdsOfUser(db, userId)]);
      return { data, posts, roles, postIds, roleIds };
    },

    create,
    update,
    remove,
    resetPwd,
    changeStatus,

    async authRoleOf(auth: AuthContext, userId: number) {
      const user = await visibleUser(auth, userId);
      const held = new Set(await roleIdsOfUser(db, userId));
      const roles = (await roleChoices(auth)).map((r) => ({ ...r, flag: held.has(r.roleId) }));
      return { user, roles };
    },

    async setAuthRole(auth: AuthContext, body: AuthRoleBody) {
      await editableUser(auth, body.userId);
      await assertRoles(auth, body.roleIds, body.userId);
      await assertAdminKeepsRole(body.userId, body.roleIds);
      await db.transaction((tx) => replaceUserRoles(tx, body.userId, body.roleIds));
      await sessions.changed();
    },

    deptTree: (auth: AuthContext) => deptTree(db, deptScope(auth)),

    async exportXlsx(auth: AuthContext, q: UserExportQuery, lang: Language) {
      const users = await usersForExport(db, q, userScope(auth));
      const rows: UserSheetRow[] = users.map((u) => ({ ...u, deptName: u.dept?.deptName ?? '', leader: u.dept?.leader ?? '' }));
      return toXlsx(translate(lang, 'user.excel.sheet'), exportColumns(lang), rows, lang);
    },

    importTemplate: (lang: Language) => toXlsx(translate(lang, 'user.excel.sheet'), importColumns(lang), [], lang),

    importUsers,
  };
}
