import { randomBytes } from 'node:crypto';
import type { SsoIdentity, SsoInfo, SsoPurpose, SsoSettings, SsoSettingsBody } from '@ccms/contracts/system/sso';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysUser, sysUserIdentity } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';
import { type ClientInfo, createSession } from '../../../platform/auth/session';
import type { SessionCache } from '../../../platform/auth/session-cache';
import type { SessionKey } from '../../../platform/auth/token';
import { assertSecretStays, urlEndpoint } from '../../../platform/crypto/kept-secret';
import { openSecret, sealSecret } from '../../../platform/crypto/secret-box';
import { isUniqueViolation } from '../../../platform/db/errors';
import { checkRemoteUrl } from '../../../platform/git/remote-url';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/errors';
import { allowedPrivateHosts } from '../config/config.queries';
import { discoverProvider, oidc, ProviderUrlRefused } from './oidc-client';
import { findIdentity, findProvider, identitiesOf, type ProviderRow, saveProvider, unbindIdentity } from './sso.queries';

/** How long a started sign-in may take at the provider before the callback is refused. */
export const FLOW_TTL_MS = 10 * 60_000;

/** What the browser carries (sealed, in a cookie) between the start of the flow and /auth-redirect. */
export interface PendingFlow {
  purpose: SsoPurpose;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** For a bind: the signed-in user who started it. */
  userId?: number;
  expires: number;
}

export interface SsoServiceDeps {
  db: Db;
  /** The sessions' fast path: sessions the cap ends lose their copies. */
  sessions: SessionCache;
  secretKey: string;
  idleMinutes: number;
  sessionsPerUser?: number;
  signToken: (session: SessionKey) => Promise<string>;
}

const presentSettings = (row: ProviderRow | undefined): SsoSettings => ({
  enabled: row?.enabled ?? false,
  displayName: row?.displayName ?? '',
  issuer: row?.issuer ?? '',
  clientId: row?.clientId ?? '',
  secretSet: Boolean(row?.clientSecret),
  scopes: row?.scopes ?? 'openid profile email',
  allowCreate: row?.allowCreate ?? false,
});

/** A user name for an account made on first sign-in: the provider's name when free and fitting, else "sso" and digits. */
function userNameFrom(preferred: unknown): string {
  const name = typeof preferred === 'string' ? preferred.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 10) : '';
  return name.length >= 3 ? name : `sso${randomBytes(3).readUIntBE(0, 3) % 10_000_000}`;
}

/** OpenID Connect single sign-on: provider settings, the code flow (PKCE, state, nonce), and identity links. */
export function ssoService({ db, sessions, secretKey, idleMinutes, sessionsPerUser, signToken }: SsoServiceDeps) {
  const allowedPrivate = () => allowedPrivateHosts(db);

  /** The provider as configured and switched on, or a refusal the sign-in page can show. */
  async function activeProvider() {
    const row = await findProvider(db);
    if (!row?.enabled || !row.issuer || !row.clientId) throw badRequest('sso.notConfigured');
    return row;
  }

  async function discover(row: ProviderRow) {
    try {
      return await discoverProvider({
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecret: row.clientSecret ? openSecret(secretKey, row.clientSecret) : '',
        allowedPrivate: await allowedPrivate(),
      });
    } catch (err) {
      if (err instanceof ProviderUrlRefused || (err instanceof Error && err.cause instanceof ProviderUrlRefused)) throw badRequest('sso.issuer.refused');
      throw badRequest('sso.providerUnreachable');
    }
  }

  /** Makes the provider's authorization address and the pending flow the browser keeps until it comes back. */
  async function start(purpose: SsoPurpose, redirectUri: string, userId?: number) {
    const row = await activeProvider();
    const config = await discover(row);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: row.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const flow: PendingFlow = { purpose, state, nonce, verifier, redirectUri, userId, expires: Date.now() + FLOW_TTL_MS };
    return { url: url.href, sealed: sealSecret(secretKey, JSON.stringify(flow)) };
  }

  function openFlow(sealed: string | undefined): PendingFlow {
    if (!sealed) throw badRequest('sso.flowMissing');
    let flow: PendingFlow;
    try {
      flow = JSON.parse(openSecret(secretKey, sealed)) as PendingFlow;
    } catch {
      throw badRequest('sso.flowMissing');
    }
    if (flow.expires < Date.now()) throw badRequest('sso.flowExpired');
    return flow;
  }

  /** Exchanges the code (state, PKCE verifier and nonce checked; ID token verified) and answers who the provider says it is. */
  async function identify(flow: PendingFlow, query: string) {
    const row = await activeProvider();
    const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
    const error = params.get('error');
    if (error) throw badRequest('sso.providerError', { error: error.slice(0, 100) });
    // Checked here as well, so a forged callback is refused before anything is sent to the provider.
    if (params.get('state') !== flow.state) throw badRequest('sso.stateMismatch');
    const config = await discover(row);
    const current = new URL(flow.redirectUri);
    current.search = params.toString();
    let claims: oidc.IDToken | undefined;
    let accessToken = '';
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('sso.tokenRefused');
    }
    if (!claims?.sub) throw badRequest('sso.tokenRefused');
    const subject = claims.sub;
    /** The profile (name, preferred user name) from the userinfo endpoint: only needed to create an account. */
    const profile = async () => {
      try {
        return await oidc.fetchUserInfo(config, accessToken, subject);
      } catch {
        return { sub: subject } as oidc.UserInfoResponse;
      }
    };
    const shownName = [claims.preferred_username, claims.email].find((v): v is string => typeof v === 'string' && v !== '') ?? subject;
    return { issuer: claims.iss, subject, shownName, profile };
  }

  async function signInUser(userId: number, client: ClientInfo) {
    const [user] = await db
      .select()
      .from(sysUser)
      .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
    if (!user) throw badRequest('sso.unbound');
    if (user.status !== '0') throw badRequest('login.disabled');
    await db.update(sysUser).set({ loginIp: client.ip, loginDate: new Date() }).where(eq(sysUser.userId, user.userId));
    const session = await createSession(db, sessions, user, client, idleMinutes, sessionsPerUser);
    return { token: await signToken(session), userName: user.userName };
  }

  /** First sign-in of an unbound identity, only while the administrator allows it: a new user, already linked. */
  async function createBoundUser(issuer: string, subject: string, preferred: unknown, nickName: unknown) {
    return db.transaction(async (tx) => {
      let userName = userNameFrom(preferred);
      const [taken] = await tx.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
      if (taken) userName = userNameFrom(undefined);
      const [user] = await tx
        .insert(sysUser)
        .values({
          userName,
          nickName: typeof nickName === 'string' && nickName.trim() ? nickName.trim().slice(0, 30) : userName,
          // Nobody knows this password: the account signs in through the provider until one is set.
          password: await hashPassword(randomBytes(24).toString('base64url')),
          createBy: 'sso',
        })
        .returning({ userId: sysUser.userId });
      if (!user) throw new Error('user not created');
      await tx.insert(sysUserIdentity).values({ userId: user.userId, issuer, subject });
      return user.userId;
    });
  }

  return {
    async info(): Promise<SsoInfo> {
      const row = await findProvider(db);
      const enabled = Boolean(row?.enabled && row.issuer && row.clientId);
      return { enabled, displayName: enabled ? (row?.displayName ?? '') : '' };
    },

    settings: async () => presentSettings(await findProvider(db)),

    /** Saves the settings; the issuer must be a URL the server may reach (checked, not fetched). */
    async saveSettings(body: SsoSettingsBody, by: string): Promise<SsoSettings> {
      if (body.issuer) {
        let discoveryUrl: string;
        try {
          discoveryUrl = new URL(`${body.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`).href;
        } catch {
          throw badRequest('sso.issuer.invalid');
        }
        const check = await checkRemoteUrl(discoveryUrl, await allowedPrivate());
        if (!check.ok) throw badRequest(check.reason === 'invalid' ? 'sso.issuer.invalid' : 'sso.issuer.refused');
      }
      const current = await findProvider(db);
      const kept = !body.clearSecret && !body.clientSecret;
      // The stored secret only ever goes to the issuer it was entered for.
      assertSecretStays(
        {
          stored: Boolean(current?.clientSecret),
          kept,
          from: urlEndpoint(current?.issuer ?? '', { path: true }),
          to: urlEndpoint(body.issuer, { path: true }),
        },
        'sso.secretAgain',
      );
      const clientSecret = body.clearSecret ? '' : body.clientSecret ? sealSecret(secretKey, body.clientSecret) : (current?.clientSecret ?? '');
      await saveProvider(db, {
        enabled: body.enabled,
        displayName: body.displayName,
        issuer: body.issuer,
        clientId: body.clientId,
        clientSecret,
        scopes: body.scopes,
        allowCreate: body.allowCreate,
        updateBy: by,
        updateTime: new Date(),
      });
      return presentSettings(await findProvider(db));
    },

    startLogin: (redirectUri: string) => start('login', redirectUri),
    startBind: (redirectUri: string, userId: number) => start('bind', redirectUri, userId),

    /**
     * Completes the flow /auth-redirect received. A sign-in answers the bound user's session
     * token; a bind links the identity to the signed-in user who started it.
     */
    /**
     * Completes a flow. `attempt` is filled as it goes (the flow's purpose, then who signs in), so
     * the caller can write a refused sign-in to the login log as well as a successful one.
     */
    async complete(sealed: string | undefined, query: string, client: ClientInfo, signedInUserId: number | undefined, attempt: SsoAttempt = {}) {
      const flow = openFlow(sealed);
      attempt.purpose = flow.purpose;
      const who = await identify(flow, query);
      attempt.userName = who.shownName;
      if (flow.purpose === 'bind') {
        if (!flow.userId || flow.userId !== signedInUserId) throw badRequest('sso.bindSessionChanged');
        const existing = await findIdentity(db, who.issuer, who.subject);
        if (existing) {
          if (existing.userId === flow.userId) return { purpose: flow.purpose, userName: '' };
          throw conflict('sso.boundToOther');
        }
        try {
          await db.insert(sysUserIdentity).values({ userId: flow.userId, issuer: who.issuer, subject: who.subject });
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict('sso.boundToOther');
          throw err;
        }
        return { purpose: flow.purpose, userName: '' };
      }
      const bound = await findIdentity(db, who.issuer, who.subject);
      let userId = bound?.userId;
      if (userId === undefined) {
        const row = await activeProvider();
        if (!row.allowCreate) throw badRequest('sso.unbound');
        const profile = await who.profile();
        userId = await createBoundUser(who.issuer, who.subject, profile.preferred_username ?? profile.email, profile.name);
      }
      const session = await signInUser(userId, client);
      attempt.userName = session.userName;
      return { purpose: flow.purpose, token: session.token, userName: session.userName };
    },

    identities: (userId: number): Promise<SsoIdentity[]> => identitiesOf(db, userId),

    async unbind(userId: number, identityId: number) {
      if (!(await unbindIdentity(db, userId, identityId))) throw notFound('sso.identityNotFound');
    },
  };
}

/** What a completion got to: the flow's purpose and the user it was for, as far as they are known. */
export interface SsoAttempt {
  purpose?: 'login' | 'bind';
  userName?: string;
}
