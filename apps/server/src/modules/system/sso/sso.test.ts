import { ALLOW_PRIVATE_URLS_KEY } from '@ccms/contracts/system/config';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../../test/callers';
import { type Caller, createTestApp, type Reply, type TestApp } from '../../../../test/harness';
import { startOidcProvider, type TestOidcProvider, walkProvider } from '../../../../test/oidc-provider';
import { sysConfig, sysLogininfor, sysOidcProvider, sysOperLog, sysUser, sysUserIdentity } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

const REDIRECT = 'http://localhost/auth-redirect';

let t: TestApp;
let op: TestOidcProvider;
let admin: Caller;
/** Every body any request answered in this file: the client secret must be in none of them. */
const seen: string[] = [];
const remember = (r: Reply) => {
  seen.push(r.raw, JSON.stringify(r.headers));
  return r;
};

const setAllowPrivate = async (value: string) => {
  const [row] = await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, ALLOW_PRIVATE_URLS_KEY));
  if (row) await t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, ALLOW_PRIVATE_URLS_KEY));
  else await t.database.db.insert(sysConfig).values({ configName: 'private', configKey: ALLOW_PRIVATE_URLS_KEY, configValue: value });
};

const settings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  displayName: 'Test IdP',
  issuer: op.issuer,
  clientId: op.clientId,
  clientSecret: op.clientSecret,
  scopes: 'openid profile',
  ...extra,
});

/** The flow cookie the start call set, as the browser would send it back. */
const flowCookie = (r: Reply) => {
  const raw = r.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === 'string' && c.startsWith('ccms-sso='));
  return String(line).split(';')[0] ?? '';
};

/** Starts a sign-in (or a bind, for `as`), walks the provider as `login`, and answers the callback's reply. */
async function ssoRound(login: string, opts: { as?: Caller; tamper?: (query: URLSearchParams) => void; cookie?: string | null } = {}) {
  const starter = opts.as ?? t.anonymous;
  const start = remember(await starter.post(opts.as ? '/prod-api/sso/bind' : '/prod-api/sso/login', { redirectUri: REDIRECT }));
  expect(start.body.code, start.raw).toBe(200);
  const authUrl = new URL(start.body.data.url);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  const back = await walkProvider(authUrl.href, op.issuer, login);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  const query = new URLSearchParams(back.search);
  opts.tamper?.(query);
  const cookie = opts.cookie === undefined ? flowCookie(start) : opts.cookie;
  return remember(
    await starter.request({
      method: 'POST',
      url: '/prod-api/sso/callback',
      payload: { query: `?${query}` },
      headers: cookie ? { cookie } : {},
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  op = await startOidcProvider([REDIRECT]);
  admin = await t.login();
  await t.database.db.insert(sysUser).values({ userName: 'ssouser', nickName: 'SSO user', password: await hashPassword('secret123') });
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

describe('provider settings', () => {
  it('refuses a loopback issuer until the administrator allows private hosts, naming the field', async () => {
    await setAllowPrivate('');
    const refused = remember(await admin.put('/prod-api/system/sso/settings', settings()));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The issuer URL points at this machine or a private network, which the administrator has not allowed');
    expect(await t.database.db.select().from(sysOidcProvider)).toEqual([]);
    await setAllowPrivate('127.0.0.1');
    const saved = remember(await admin.put('/prod-api/system/sso/settings', settings()));
    expect(saved.body.code, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, issuer: op.issuer, secretSet: true, allowCreate: false });
  });

  it('refuses enabling without a client id, with the field named', async () => {
    const r = remember(await admin.put('/prod-api/system/sso/settings', settings({ clientId: '' })));
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('client ID');
    expect((await t.database.db.select().from(sysOidcProvider))[0]?.clientId).toBe(op.clientId);
  });

  it('keeps the stored secret when saved without one, and stores it sealed', async () => {
    const r = remember(await admin.put('/prod-api/system/sso/settings', settings({ clientSecret: '' })));
    expect(r.body.data.secretSet).toBe(true);
    const [row] = await t.database.db.select().from(sysOidcProvider);
    expect(row?.clientSecret).toMatch(/^v1\./);
    expect(row?.clientSecret).not.toContain(op.clientSecret);
    expect(remember(await admin.get('/prod-api/system/sso/settings')).body.data).not.toHaveProperty('clientSecret');
  });

  it('tells the sign-in page the provider name, to anyone', async () => {
    const r = remember(await t.anonymous.get('/prod-api/sso/info'));
    expect(r.body.data).toEqual({ enabled: true, displayName: 'Test IdP' });
  });
});

/** The login log's rows, newest first. */
const loginLog = () => t.database.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId));

describe('sign-in and binding', () => {
  it('refuses an identity bound to no user, and creates no account', async () => {
    const before = (await t.database.db.select().from(sysUser)).length;
    const r = await ssoRound('alice');
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^This identity is not linked to any account/);
    expect((await t.database.db.select().from(sysUser)).length).toBe(before);
    // Written to the login log like a refused password sign-in, with the provider's name for the identity.
    const [row] = await loginLog();
    expect(row).toMatchObject({ userName: 'alice', status: '1', msg: r.body.msg });
  });

  it('refuses a callback whose state was altered', async () => {
    const r = await ssoRound('alice', { tamper: (q) => q.set('state', 'forged') });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('The sign-in could not be verified (state mismatch); please start single sign-on again');
  });

  it('refuses a callback without the flow cookie (another browser)', async () => {
    const r = await ssoRound('alice', { cookie: null });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('The sign-in is no longer valid; please start single sign-on again');
  });

  it('binds the identity from a signed-in session, then signs that user in by the provider', async () => {
    const user = await t.login('ssouser', 'secret123');
    const logged = (await loginLog()).length;
    const bound = await ssoRound('bob', { as: user });
    expect(bound.body, bound.raw).toMatchObject({ code: 200, msg: 'Linked', data: { purpose: 'bind' } });
    // A link is not a sign-in: nothing in the login log.
    expect((await loginLog()).length).toBe(logged);
    const links = remember(await user.get('/prod-api/sso/identity'));
    expect(links.body.data).toEqual([expect.objectContaining({ issuer: op.issuer, subject: 'bob' })]);

    const signedIn = await ssoRound('bob');
    expect(signedIn.body, signedIn.raw).toMatchObject({ code: 200, data: { purpose: 'login' } });
    const token = signedIn.body.data.token as string;
    const info = remember(await t.anonymous.request({ method: 'GET', url: '/prod-api/getInfo', headers: { authorization: `Bearer ${token}` } }));
    expect(info.body.user.userName).toBe('ssouser');
    // The sign-in is in the login log under the account's name.
    const [row] = await loginLog();
    expect(row).toMatchObject({ userName: 'ssouser', status: '0', msg: signedIn.body.msg });
  });

  it('refuses binding an identity already linked to another user', async () => {
    const r = await ssoRound('bob', { as: admin });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('This identity is already linked to another account');
  });

  it('unbinds: the identity no longer signs in', async () => {
    const user = await t.login('ssouser', 'secret123');
    const [link] = (await user.get('/prod-api/sso/identity')).body.data;
    expect(remember(await admin.delete(`/prod-api/sso/identity/${link.identityId}`)).status).toBe(404);
    expect(remember(await user.delete(`/prod-api/sso/identity/${link.identityId}`)).body.code).toBe(200);
    expect(await t.database.db.select().from(sysUserIdentity)).toEqual([]);
    expect((await ssoRound('bob')).status).toBe(400);
  });

  it('creates a bound account on first sign-in only when the administrator switched it on', async () => {
    remember(await admin.put('/prod-api/system/sso/settings', settings({ allowCreate: true, clientSecret: '' })));
    const r = await ssoRound('carol');
    expect(r.body.code, r.raw).toBe(200);
    const [created] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'carol'));
    expect(created?.nickName).toBe('SSO carol');
    expect(
      await t.database.db
        .select()
        .from(sysUserIdentity)
        .where(eq(sysUserIdentity.userId, created?.userId ?? 0)),
    ).toHaveLength(1);
  });
});

describe('a changed issuer', () => {
  it('attack: a parameter editor points the issuer at their own provider; the stored secret is refused, their token endpoint never gets it', async () => {
    const theirs = await startOidcProvider([REDIRECT]);
    try {
      await setAllowPrivate('127.0.0.1');
      remember(await admin.put('/prod-api/system/sso/settings', settings({ allowCreate: false })));
      const editor = await userWith(t, 'ssoeditor', ['system:config:query', 'system:config:edit']);
      const before = await t.database.db.select().from(sysOidcProvider);
      // The form keeps the stored secret (sends none) and changes only the issuer.
      const moved = remember(await editor.caller.put('/prod-api/system/sso/settings', settings({ issuer: theirs.issuer, clientSecret: '' })));
      expect(moved.status).toBe(400);
      expect(moved.body.msg).toBe(
        'Client secret: the issuer changed, so enter the client secret again (a stored secret only goes to the issuer it was entered for)',
      );
      const zh = remember(
        await editor.caller.request({
          method: 'PUT',
          url: '/prod-api/system/sso/settings',
          payload: settings({ issuer: `${theirs.issuer}/`, clientSecret: '' }),
          headers: { 'accept-language': 'zh' },
        }),
      );
      expect(zh.body.msg).toBe('颁发者（Issuer）地址已更改，请重新输入客户端密钥（clientSecret）：已保存的密钥只发给它所属的颁发者');
      expect(await t.database.db.select().from(sysOidcProvider)).toEqual(before);
      // A sign-in now goes to the issuer the secret belongs to; the other provider is never asked for a token.
      const start = remember(await t.anonymous.post('/prod-api/sso/login', { redirectUri: REDIRECT }));
      expect(new URL(start.body.data.url).origin).toBe(op.issuer);
      const back = await walkProvider(start.body.data.url, op.issuer, 'dave');
      remember(
        await t.anonymous.request({ method: 'POST', url: '/prod-api/sso/callback', payload: { query: back.search }, headers: { cookie: flowCookie(start) } }),
      );
      expect(theirs.tokenRequests).toEqual([]);
      expect(op.tokenRequests.at(-1)).toContain(op.clientSecret);

      // With the secret entered again, the new issuer is saved, and only its own secret goes there.
      const entered = remember(
        await editor.caller.put('/prod-api/system/sso/settings', settings({ issuer: theirs.issuer, clientSecret: theirs.clientSecret })),
      );
      expect(entered.body.data).toMatchObject({ issuer: theirs.issuer, secretSet: true });
      const start2 = remember(await t.anonymous.post('/prod-api/sso/login', { redirectUri: REDIRECT }));
      const back2 = await walkProvider(start2.body.data.url, theirs.issuer, 'dave');
      remember(
        await t.anonymous.request({ method: 'POST', url: '/prod-api/sso/callback', payload: { query: back2.search }, headers: { cookie: flowCookie(start2) } }),
      );
      expect(theirs.tokenRequests).toHaveLength(1);
      expect(theirs.tokenRequests.join()).not.toContain(op.clientSecret);
    } finally {
      remember(await admin.put('/prod-api/system/sso/settings', settings()));
      await theirs.close();
    }
  });
});

describe('the client secret', () => {
  it('is in no response of this file', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((s) => s.includes(op.clientSecret))).toEqual([]);
  });

  it('is masked in the operation log of the settings saves', async () => {
    const saves = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'sso'));
    expect(saves.length).toBeGreaterThan(2);
    expect(saves.filter((r) => `${r.operParam}${r.jsonResult}`.includes(op.clientSecret))).toEqual([]);
    expect(saves.some((r) => r.operParam.includes('clientSecret'))).toBe(true);
  });
});
