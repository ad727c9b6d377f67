import { randomBytes } from 'node:crypto';
import type { Language } from '@ccms/contracts/constants';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@ccms/contracts/constants';
import { isPortalReader, PORTAL_PATH } from '@ccms/contracts/publish/portal';
import type { LoginBody, RegisterBody } from '@ccms/contracts/system/auth';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysLoginFailure, sysMenu, sysRoleMenu, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { hashPassword, verifyPassword } from '../../../platform/auth/password';
import { type ClientInfo, createSession } from '../../../platform/auth/session';
import type { SessionCache } from '../../../platform/auth/session-cache';
import type { SessionKey } from '../../../platform/auth/token';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest } from '../../../platform/http/errors';
import { configFlag, configValue } from '../config/config.queries';
import { consumeCaptcha } from './captcha';
import { recordLogin } from './login-log';
import { buildRouters } from './routers';

/** Wrong passwords count towards the lock only while this recent (RuoYi keeps the count as long as the lock). */
export const FAILURE_WINDOW_MINUTES = LOGIN_LOCK_MINUTES;

/** A hash of a random password, made once: an unknown user name costs one verification like a known one. */
let dummyHash: Promise<string> | undefined;
const decoyHash = () => {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
};

/**
 * RuoYi's passwordIsExpiration: with a validity of some days, a password last changed longer ago
 * (or never recorded) has expired; 0, empty or no number means passwords never expire.
 */
export function passwordExpired(pwdUpdateDate: Date | null, validDays: number, now = Date.now()): boolean {
  if (!Number.isFinite(validDays) || validDays <= 0) return false;
  if (!pwdUpdateDate) return true;
  return now - pwdUpdateDate.getTime() > validDays * 86_400_000;
}

export interface AuthServiceDeps {
  db: Db;
  /** The sessions' fast path: sessions the cap ends lose their copies. */
  sessions: SessionCache;
  idleMinutes: number;
  /** Most live sessions per user (CCMS_SESSIONS_PER_USER); unlimited when absent. */
  sessionsPerUser?: number;
  signToken: (session: SessionKey) => Promise<string>;
  /** The password check (argon2); a parameter so a test can count what a sign-in costs. */
  verify?: (hash: string, password: string) => Promise<boolean>;
}

export function authService({ db, sessions, idleMinutes, sessionsPerUser, signToken, verify = verifyPassword }: AuthServiceDeps) {
  const captchaEnabled = () => configFlag(db, 'sys.account.captchaEnabled', true);

  /** Checks the captcha answer when the captcha is on; the same step for sign-in and registration. */
  async function checkCaptcha(body: { uuid?: string | undefined; code?: string | undefined }) {
    if (await captchaEnabled()) await consumeCaptcha(db, body.uuid, body.code);
  }

  /**
   * Counts one wrong password for this account from this address: failures older than the
   * window drop out first, all in one statement so parallel wrong guesses cannot slip past the
   * limit. Answers the count.
   */
  async function countFailure(userId: number, ipaddr: string): Promise<number> {
    const recent = sql`array(select f from unnest(${sysLoginFailure.failures}) f where f > now() - interval '${sql.raw(String(FAILURE_WINDOW_MINUTES))} minutes')`;
    const [after] = await db
      .insert(sysLoginFailure)
      .values({ userId, ipaddr, failures: sql`ARRAY[now()]::timestamptz[]` })
      .onConflictDoUpdate({ target: [sysLoginFailure.userId, sysLoginFailure.ipaddr], set: { failures: sql`${recent} || now()` } })
      .returning({ count: sql<number>`cardinality(${sysLoginFailure.failures})` });
    return Number(after?.count ?? 0);
  }

  async function lockedHere(userId: number, ipaddr: string): Promise<boolean> {
    const [row] = await db
      .select({ lockedUntil: sysLoginFailure.lockedUntil })
      .from(sysLoginFailure)
      .where(and(eq(sysLoginFailure.userId, userId), eq(sysLoginFailure.ipaddr, ipaddr)));
    return Boolean(row?.lockedUntil && row.lockedUntil.getTime() > Date.now());
  }

  return {
    captchaEnabled,

    /** One row of the login log: the user name as given, the client, the outcome and the message shown. */
    recordAttempt: (userName: string, client: ClientInfo, ok: boolean, msg: string) => recordLogin(db, userName, client, ok, msg),

    /** Signs in and answers the token; refusals are AppErrors (the route logs every outcome). */
    async login(body: LoginBody, client: ClientInfo): Promise<string> {
      const { username, password } = body;
      await checkCaptcha(body);
      const [user] = await db
        .select()
        .from(sysUser)
        .where(and(eq(sysUser.userName, username), eq(sysUser.delFlag, '0')));
      // An unknown name costs the same verification as a known one: the answer time tells nothing.
      if (!user) {
        await verify(await decoyHash(), password);
        throw badRequest('login.wrongPassword');
      }
      // The lock stops the address that guessed, not the account: nobody locks the administrator out from elsewhere.
      const ipaddr = client.ip.slice(0, 128);
      if (await lockedHere(user.userId, ipaddr)) throw badRequest('login.lockedHere', { minutes: LOGIN_LOCK_MINUTES });
      // An account-wide lock (set before locks were per address) still holds until it runs out or is lifted.
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw badRequest('login.locked', { minutes: LOGIN_LOCK_MINUTES });
      if (!(await verify(user.password, password))) {
        if ((await countFailure(user.userId, ipaddr)) >= LOGIN_MAX_FAILURES) {
          await db
            .update(sysLoginFailure)
            .set({ lockedUntil: new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000), failures: [] })
            .where(and(eq(sysLoginFailure.userId, user.userId), eq(sysLoginFailure.ipaddr, ipaddr)));
          throw badRequest('login.lockedHere', { minutes: LOGIN_LOCK_MINUTES });
        }
        throw badRequest('login.wrongPassword');
      }
      // Only who knows the password learns the account is disabled.
      if (user.status !== '0') throw badRequest('login.disabled');
      await db
        .update(sysUser)
        .set({ failedLogins: 0, loginFailures: [], lockedUntil: null, loginIp: client.ip, loginDate: new Date() })
        .where(eq(sysUser.userId, user.userId));
      await db.delete(sysLoginFailure).where(and(eq(sysLoginFailure.userId, user.userId), eq(sysLoginFailure.ipaddr, ipaddr)));
      const session = await createSession(db, sessions, user, client, idleMinutes, sessionsPerUser);
      return signToken(session);
    },

    /**
     * Self registration (RuoYi SysRegisterService), only while sys.account.registerUser is on:
     * the captcha as for sign-in, then a user name nobody has. The form rules (lengths, the
     * repeated password) are the contract's, checked before this runs.
     */
    async register(body: RegisterBody) {
      if (!(await configFlag(db, 'sys.account.registerUser', false))) throw badRequest('register.disabled');
      await checkCaptcha(body);
      const { username, password } = body;
      const [taken] = await db
        .select({ id: sysUser.userId })
        .from(sysUser)
        .where(and(eq(sysUser.userName, username), eq(sysUser.delFlag, '0')));
      if (taken) throw badRequest('register.exists', { name: username });
      try {
        await db
          .insert(sysUser)
          .values({ userName: username, nickName: username, password: await hashPassword(password), createBy: username, pwdUpdateDate: new Date() });
      } catch (err) {
        // Two registrations of one name at once: the unique index keeps the second out.
        if (isUniqueViolation(err)) throw badRequest('register.exists', { name: username });
        throw err;
      }
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
          status: user.status,
          loginIp: user.loginIp,
          loginDate: user.loginDate,
          pwdUpdateDate: user.pwdUpdateDate,
          createTime: user.createTime,
        },
        roles: auth.roleKeys,
        permissions: [...auth.permissions],
        pwdChangeRequired: user.pwdChangeRequired,
        isDefaultModifyPwd: user.pwdChangeRequired,
        isPasswordExpired: passwordExpired(user.pwdUpdateDate, Number(await configValue(db, 'sys.account.passwordValidateDays'))),
        home: isPortalReader([...auth.permissions]) ? PORTAL_PATH : null,
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
        affix: sysMenu.affix,
        activeMenu: sysMenu.activeMenu,
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
