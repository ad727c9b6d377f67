import type { Language } from '@ccms/contracts/constants';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { LoginBody } from '@ccms/contracts/system/auth';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysLogininfor, sysMenu, sysRoleMenu, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { hashPassword, verifyPassword } from '../../../platform/auth/password';
import { type ClientInfo, createSession } from '../../../platform/auth/session';
import { AppError, badRequest } from '../../../platform/http/errors';
import { configFlag } from '../config/config.queries';
import { consumeCaptcha } from './captcha';
import { buildRouters } from './routers';

export interface AuthServiceDeps {
  db: Db;
  idleMinutes: number;
  signToken: (tokenId: string) => Promise<string>;
}

export function authService({ db, idleMinutes, signToken }: AuthServiceDeps) {
  async function recordLogin(userName: string, client: ClientInfo, ok: boolean, msg: string) {
    await db.insert(sysLogininfor).values({
      userName: userName.slice(0, 50),
      ipaddr: client.ip,
      browser: client.browser,
      os: client.os,
      status: ok ? '0' : '1',
      msg: msg.slice(0, 255),
    });
  }

  /** Runs a sign-in step; a refusal is logged with its message before it is thrown. */
  async function refuse(userName: string, client: ClientInfo, lang: Language, err: AppError): Promise<never> {
    await recordLogin(userName, client, false, translate(lang, err.key, err.params));
    throw err;
  }

  return {
    captchaEnabled: () => configFlag(db, 'sys.account.captchaEnabled', true),

    async login(body: LoginBody, client: ClientInfo, lang: Language): Promise<string> {
      const { username, password } = body;
      if (await configFlag(db, 'sys.account.captchaEnabled', true)) {
        try {
          await consumeCaptcha(db, body.uuid, body.code);
        } catch (err) {
          if (err instanceof AppError) await refuse(username, client, lang, err);
          throw err;
        }
      }
      const [user] = await db
        .select()
        .from(sysUser)
        .where(and(eq(sysUser.userName, username), eq(sysUser.delFlag, '0')));
      if (!user) return refuse(username, client, lang, badRequest('login.wrongPassword'));
      if (user.status !== '0') return refuse(username, client, lang, badRequest('login.disabled'));
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
        return refuse(username, client, lang, badRequest('login.locked', { minutes: LOGIN_LOCK_MINUTES }));
      }
      if (!(await verifyPassword(user.password, password))) {
        // Count atomically so parallel wrong guesses cannot slip past the limit.
        const [after] = await db
          .update(sysUser)
          .set({
            failedLogins: sql`CASE WHEN ${sysUser.lockedUntil} IS NOT NULL AND ${sysUser.lockedUntil} <= now() THEN 1 ELSE ${sysUser.failedLogins} + 1 END`,
          })
          .where(eq(sysUser.userId, user.userId))
          .returning({ failedLogins: sysUser.failedLogins });
        if ((after?.failedLogins ?? 0) >= LOGIN_MAX_FAILURES) {
          await db
            .update(sysUser)
            .set({ lockedUntil: new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000), failedLogins: 0 })
            .where(eq(sysUser.userId, user.userId));
          return refuse(username, client, lang, badRequest('login.locked', { minutes: LOGIN_LOCK_MINUTES }));
        }
        return refuse(username, client, lang, badRequest('login.wrongPassword'));
      }
      await db.update(sysUser).set({ failedLogins: 0, lockedUntil: null, loginIp: client.ip, loginDate: new Date() }).where(eq(sysUser.userId, user.userId));
      const tokenId = await createSession(db, user, client, idleMinutes);
      await recordLogin(username, client, true, translate(lang, 'login.success'));
      return signToken(tokenId);
    },

    async register(username: string, password: string, client: ClientInfo, lang: Language) {
      if (!(await configFlag(db, 'sys.account.registerUser', false))) throw badRequest('register.disabled');
      const [taken] = await db
        .select({ id: sysUser.userId })
        .from(sysUser)
        .where(and(eq(sysUser.userName, username), eq(sysUser.delFlag, '0')));
      if (taken) throw badRequest('user.exists', { name: username });
      await db.insert(sysUser).values({ userName: username, nickName: username, password: await hashPassword(password), createBy: username });
      await recordLogin(username, client, true, translate(lang, 'register.success'));
    },

    async info(auth: AuthContext) {
      const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, auth.userId));
      if (!user) throw badRequest('user.notFound');
      return {
        user: {
          userId: user.userId,
          userName: user.userName,
          nickName: user.nickName,
          avatar: user.avatar,
          email: user.email,
          phonenumber: user.phonenumber,
          sex: user.sex,
          deptId: user.deptId,
          deptName: auth.deptName,
          remark: user.remark,
        },
        roles: auth.roleKeys,
        permissions: [...auth.permissions],
      };
    },

    /** The caller's directories and pages (never buttons) as router nodes. */
    async routers(auth: AuthContext, lang: Language) {
      const columns = {
        menuId: sysMenu.menuId,
        parentId: sysMenu.parentId,
        menuName: sysMenu.menuName,
        menuNameEn: sysMenu.menuNameEn,
        path: sysMenu.path,
        component: sysMenu.component,
        query: sysMenu.query,
        routeName: sysMenu.routeName,
        isFrame: sysMenu.isFrame,
        isCache: sysMenu.isCache,
        menuType: sysMenu.menuType,
        visible: sysMenu.visible,
        icon: sysMenu.icon,
        orderNum: sysMenu.orderNum,
      };
      const visible = and(ne(sysMenu.menuType, 'F'), eq(sysMenu.status, '0'));
      const menus = auth.isAdmin
        ? await db.select(columns).from(sysMenu).where(visible)
        : auth.roles.length === 0
          ? []
          : await db
              .selectDistinct(columns)
              .from(sysMenu)
              .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
              .where(
                and(
                  visible,
                  inArray(
                    sysRoleMenu.roleId,
                    auth.roles.map((r) => r.roleId),
                  ),
                ),
              );
      return buildRouters(menus, lang);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
