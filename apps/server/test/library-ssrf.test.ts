import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccmsLibrary, sysConfig } from '../src/db/schema';
import { allowLoopbackRemotes, libraryBody } from '../src/modules/content/content-test-kit';
import { libraryGit } from '../src/modules/content/library/library-git';
import type { Resolver } from '../src/platform/git/remote-url';
import { useGitServer } from './git-server';
import { type Caller, createTestApp, type TestApp } from './harness';

const remote = useGitServer();
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await remote().createRepo('pinned', { files: { 'a.dita': '<topic id="a"/>' }, branch: 'main' });
});
afterAll(() => t.close());

const setAllowed = (value: string) =>
  t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));

describe('a library URL cannot reach private addresses', () => {
  it.each([
    'http://10.1.2.3/r.git',
    'http://172.16.0.9/r.git',
    'http://192.168.1.20/r.git',
    'http://100.64.3.4/r.git',
    'http://[fd00::7]/r.git',
    'http://[::ffff:10.0.0.1]/r.git',
    // IPv4-compatible and 6to4 forms of loopback, and Teredo.
    'http://[::127.0.0.1]/r.git',
    'http://[::7f00:1]/r.git',
    'http://[2002:7f00:1::]/r.git',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/r.git',
  ])('refuses %s with the one generic reason, and creates nothing', async (url) => {
    const before = await t.database.db.select().from(ccmsLibrary);
    const res = await admin.post('/prod-api/ccms/library', libraryBody(`ssrf${before.length}`, url));
    expect(res.body).toEqual({
      code: 400,
      msg: 'The repository URL points at this machine or a private network, which the administrator has not allowed (setting ccms.library.allowPrivateUrls)',
    });
    expect(await t.database.db.select().from(ccmsLibrary)).toHaveLength(before.length);
  });

  it('answers a connection check to a private address and to a name that does not resolve alike', async () => {
    const a = await admin.post('/prod-api/ccms/library/validate', libraryBody('v1', 'http://10.9.9.9:22/r.git'));
    const b = await admin.post('/prod-api/ccms/library/validate', libraryBody('v2', 'http://no-such-host.invalid/r.git'));
    expect(a.body.data).toMatchObject({ state: 'failure', reason: 'urlRefused' });
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe('git connects to the address the check approved', () => {
  const row = (url: string) =>
    ({ libraryId: 999_001, url, defaultBranch: 'main', credentialUsername: '', credentialSecret: '' }) as typeof ccmsLibrary.$inferSelect;

  it('reaches the loopback test remote through a name only the pin resolves, when the config allows it', async () => {
    await setAllowed('');
    const port = new URL(remote().url('pinned')).port;
    const name = 'git.pinned.test';
    const resolver: Resolver = async (host) => (host === name ? [{ address: '127.0.0.1', family: 4 }] : []);
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64), resolver });
    // Not allowed: the name resolves to loopback.
    expect(await git.fetchNow(row(`http://${name}:${port}/pinned.git`))).toEqual({ ok: false, reason: 'urlRefused' });
    await setAllowed(name);
    // Allowed: real DNS knows no such name, so only the pinned address lets git reach the remote.
    expect(await git.fetchNow(row(`http://${name}:${port}/pinned.git`))).toEqual({ ok: true });
    const repo = git.repoOf(999_001);
    expect((await repo.branches()).map((b) => b.name)).toEqual(['main']);
  });

  it('fails closed when the name stops resolving', async () => {
    await allowLoopbackRemotes(t);
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64), resolver: async () => [] });
    expect(await git.fetchNow(row('http://gone.pinned.test/pinned.git'))).toEqual({ ok: false, reason: 'urlRefused' });
  });
});
