import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsLibrary, ccmsLibraryGrant, sysJob, sysOperLog } from '../../../db/schema';
import { checkCron } from '../../../platform/jobs/cron';
import { allowLoopbackRemotes, CONTENT_PERMS, libraryBody, type TestUser, userWith } from '../content-test-kit';

const cred = { username: 'writer', password: 'Very-Secret-42' };
const remote = useGitServer({ auth: cred });
let t: TestApp;
let admin: Caller;
let author: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  author = await userWith(t, 'author1', CONTENT_PERMS);
  outsider = await userWith(t, 'outsider', CONTENT_PERMS);
  await remote().createRepo('lib', { files: { 'maps/a.ditamap': '<map/>\n', 'topics/t.dita': '<topic id="t"/>\n' } });
});
afterAll(async () => {
  await t?.close();
});

const libraryRows = () => t.database.db.select().from(ccmsLibrary);

describe('library URL checks', () => {
  it('refuses a malformed URL or file: with the spec message, in en and zh, writing nothing', async () => {
    for (const url of ['not a url', 'file:///etc/passwd', 'ftp://host/repo.git', 'http://user:pw@host/r.git', 'http://host']) {
      const res = await admin.post('/prod-api/ccms/library', libraryBody('bad', url));
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toBe('Please enter a valid git repository URI');
    }
    const zh = await callerFor(t.app, admin.token, 'zh').post('/prod-api/ccms/library', libraryBody('bad', 'file:///x'));
    expect(zh.body.msg).toBe('请输入有效的 git 仓库地址');
    expect(await libraryRows()).toHaveLength(0);
  });

  it('refuses link-local, metadata and loopback hosts until the admin setting allows them', async () => {
    for (const url of ['http://169.254.169.254/latest/x.git', 'http://metadata.google.internal/r.git', 'http://[fd00:ec2::254]/r.git', remote().url('lib')]) {
      const res = await admin.post('/prod-api/ccms/library', libraryBody('refused', url));
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toBe(
        'The repository URL points at this machine or a private network, which the administrator has not allowed (setting ccms.library.allowPrivateUrls)',
      );
    }
    // The answer names the setting that allows such an address, in the caller's language.
    const zh = await callerFor(t.app, admin.token, 'zh').post('/prod-api/ccms/library', libraryBody('refused', remote().url('lib')));
    expect(zh.body.msg).toBe('仓库地址指向本机或内网地址，未获管理员允许（参数 ccms.library.allowPrivateUrls）');
    const check = await admin.post('/prod-api/ccms/library/validate', { url: 'http://169.254.169.254/r.git', defaultBranch: 'main' });
    expect(check.body.data).toMatchObject({ state: 'failure', reason: 'urlRefused' });
    expect(await libraryRows()).toHaveLength(0);
    await allowLoopbackRemotes(t);
    const metadata = await admin.post('/prod-api/ccms/library', libraryBody('refused', 'http://169.254.169.254/latest/x.git'));
    expect(metadata.status).toBe(400);
  });
});

describe('libraries', () => {
  let libraryId = 0;

  it('validates a connection, with each failure in words', async () => {
    const url = remote().url('lib');
    const good = await author.caller.post('/prod-api/ccms/library/validate', { url, defaultBranch: 'main', credential: cred });
    expect(good.body.data).toMatchObject({ state: 'success', reason: null, message: 'Connection succeeded', branches: ['main'] });
    const wrong = await author.caller.post('/prod-api/ccms/library/validate', { url, defaultBranch: 'main', credential: { ...cred, password: 'nope' } });
    expect(wrong.body.data).toMatchObject({ state: 'failure', reason: 'authFailed', message: 'Authentication failed: check the user name and password' });
    const missing = await author.caller.post('/prod-api/ccms/library/validate', { url: remote().url('nothing'), defaultBranch: 'main', credential: cred });
    expect(missing.body.data).toMatchObject({ state: 'failure', reason: 'repoNotFound', message: 'Repository not found' });
    const branch = await author.caller.post('/prod-api/ccms/library/validate', { url, defaultBranch: 'release', credential: cred });
    expect(branch.body.data).toMatchObject({ state: 'failure', reason: 'branchMissing', message: 'Branch "release" does not exist in the repository' });
    const down = await author.caller.post('/prod-api/ccms/library/validate', { url: 'http://127.0.0.1:9/r.git', defaultBranch: 'main', credential: cred });
    expect(down.body.data).toMatchObject({ state: 'failure', reason: 'hostUnreachable', message: 'Host unreachable' });
    expect(JSON.stringify([good.raw, wrong.raw])).not.toContain(cred.password);
  });

  it('creates a library owned by its creator, with the password sealed and masked everywhere', async () => {
    const res = await author.caller.post('/prod-api/ccms/library', libraryBody('manuals', remote().url('lib'), cred));
    expect(res.body).toMatchObject({ code: 200 });
    libraryId = res.body.data.libraryId;
    const [row] = await libraryRows();
    expect(row?.credentialSecret).toMatch(/^v1\./);
    expect(row?.credentialSecret).not.toContain(cred.password);
    const grants = await t.database.db.select().from(ccmsLibraryGrant).where(eq(ccmsLibraryGrant.libraryId, libraryId));
    expect(grants).toMatchObject([{ granteeType: 'user', granteeId: author.userId, level: 'owner' }]);

    const detail = await author.caller.get(`/prod-api/ccms/library/${libraryId}`);
    expect(detail.body.data).toMatchObject({ name: 'manuals', myLevel: 'owner', credential: { type: 'userpass', username: 'writer', password: '******' } });
    const list = await author.caller.get('/prod-api/ccms/library/list');
    expect(list.body.total).toBe(1);
    for (const raw of [detail.raw, list.raw]) {
      expect(raw).not.toContain(cred.password);
      expect(raw).not.toContain(row?.credentialSecret ?? 'x');
    }
    const dup = await author.caller.post('/prod-api/ccms/library', libraryBody('manuals', remote().url('lib'), cred));
    expect(dup.body.msg).toBe('Cannot save library "manuals": the name already exists');
  });

  it('fetches into its own clone without the credential on disk, and validates the saved library', async () => {
    const branches = await author.caller.get(`/prod-api/ccms/library/${libraryId}/branches`);
    expect(branches.body.data).toMatchObject({ defaultBranch: 'main', stale: false, lastFetchError: '' });
    expect(branches.body.data.branches.map((b: { name: string }) => b.name)).toEqual(['main']);
    const config = await readFile(path.join(t.dataDir, 'git', String(libraryId), 'config'), 'utf8');
    expect(config).not.toContain(cred.password);
    expect(config).not.toContain(Buffer.from(`${cred.username}:${cred.password}`).toString('base64'));
    const saved = await author.caller.post(`/prod-api/ccms/library/${libraryId}/validate`);
    expect(saved.body.data).toMatchObject({ state: 'success' });
    // The masked password in a form means "the stored one".
    const masked = await author.caller.post('/prod-api/ccms/library/validate', {
      libraryId,
      url: remote().url('lib'),
      defaultBranch: 'main',
      credential: { ...cred, password: '******' },
    });
    expect(masked.body.data).toMatchObject({ state: 'success' });
  });

  it('keeps the stored password when an edit sends the mask, and takes a new one', async () => {
    const before = (await libraryRows())[0]?.credentialSecret;
    const detail = (await author.caller.get(`/prod-api/ccms/library/${libraryId}`)).body.data;
    const edit = await author.caller.put('/prod-api/ccms/library', {
      ...libraryBody('manuals', remote().url('lib'), { username: 'writer', password: '******' }),
      libraryId,
      displayText: 'Manuals',
    });
    expect(edit.body.code).toBe(200);
    expect((await libraryRows())[0]?.credentialSecret).toBe(before);
    expect(detail.displayText).toBe('manuals text');
    const wrong = await author.caller.put('/prod-api/ccms/library', {
      ...libraryBody('manuals', remote().url('lib'), { username: 'writer', password: 'bad' }),
      libraryId,
    });
    expect(wrong.body.code).toBe(200);
    const check = await author.caller.post(`/prod-api/ccms/library/${libraryId}/validate`);
    expect(check.body.data).toMatchObject({ state: 'failure', reason: 'authFailed' });
    await author.caller.put('/prod-api/ccms/library', { ...libraryBody('manuals', remote().url('lib'), cred), libraryId });
    expect((await author.caller.post(`/prod-api/ccms/library/${libraryId}/validate`)).body.data.state).toBe('success');
  });

  it('asks for the password again when the URL points at another server, changing nothing', async () => {
    const [before] = await libraryRows();
    const elsewhere = 'http://127.0.0.1:9/lib.git';
    const keep = { ...libraryBody('manuals', elsewhere, { username: 'writer', password: '******' }), libraryId };
    for (const body of [keep, { ...keep, credential: { ...keep.credential, password: '' } }, { ...libraryBody('manuals', elsewhere), libraryId }]) {
      const res = await author.caller.put('/prod-api/ccms/library', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Password: the repository URL points at another server, so enter the password again');
    }
    const zh = await callerFor(t.app, author.caller.token, 'zh').put('/prod-api/ccms/library', keep);
    expect(zh.body.msg).toBe('密码：仓库地址指向了其他服务器，请重新输入密码');
    // Another scheme on the same host is another server too.
    const https = await author.caller.put('/prod-api/ccms/library', { ...keep, url: remote().url('lib').replace('http:', 'https:') });
    expect(https.body.msg).toBe('Password: the repository URL points at another server, so enter the password again');
    expect(await libraryRows()).toEqual([before]);

    const probe = { libraryId, url: elsewhere, defaultBranch: 'main', credential: { ...cred, password: '******' } };
    const check = await author.caller.post('/prod-api/ccms/library/validate', probe);
    expect(check).toMatchObject({
      status: 400,
      body: { msg: 'Password: the repository URL points at another server, so enter the password again' },
    });
    const sameServer = await author.caller.post('/prod-api/ccms/library/validate', { ...probe, url: remote().url('lib') });
    expect(sameServer.body.data).toMatchObject({ state: 'success' });
    // Entered again, it is taken for the new server.
    const moved = await author.caller.put('/prod-api/ccms/library', { ...libraryBody('manuals', elsewhere, cred), libraryId });
    expect(moved.body.code).toBe(200);
    expect((await libraryRows())[0]?.url).toBe(elsewhere);
    const back = await author.caller.put('/prod-api/ccms/library', { ...libraryBody('manuals', remote().url('lib'), cred), libraryId });
    expect(back.body.code).toBe(200);
    expect((await author.caller.post(`/prod-api/ccms/library/${libraryId}/validate`)).body.data.state).toBe('success');
  });

  it('never writes the password into the operation log', async () => {
    const validated = await author.caller.post('/prod-api/ccms/library/validate', {
      libraryId,
      url: remote().url('lib'),
      defaultBranch: 'main',
      credential: cred,
    });
    expect(validated.body.data.state).toBe('success');
    const rows = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'library'));
    // The creates (one refused as a duplicate) and every edit above are logged, with their parameters.
    expect(rows.filter((r) => r.requestMethod === 'POST').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.requestMethod === 'PUT').length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.operParam.includes('"url"') && r.operParam.includes('"credential":"******"'))).toBe(true);
    for (const row of rows) {
      for (const text of [row.operParam, row.jsonResult, row.errorMsg]) {
        expect(text).not.toContain(cred.password);
        expect(text).not.toContain('"password":"bad"');
      }
    }
    const all = await t.database.db.select().from(sysOperLog);
    expect(JSON.stringify(all)).not.toContain(cred.password);
  });

  it('stays readable from the last fetch when the remote is down, and says so', async () => {
    await t.database.db.update(ccmsLibrary).set({ url: 'http://127.0.0.1:9/lib.git' }).where(eq(ccmsLibrary.libraryId, libraryId));
    const fetched = await author.caller.post(`/prod-api/ccms/library/${libraryId}/fetch`);
    expect(fetched.body.data).toMatchObject({ state: 'failure', reason: 'hostUnreachable', message: 'Host unreachable' });
    expect(fetched.body.data.lastFetchTime).toBeTruthy();
    const detail = await author.caller.get(`/prod-api/ccms/library/${libraryId}`);
    expect(detail.body.data).toMatchObject({ lastFetchError: 'hostUnreachable' });
    await t.database.db
      .update(ccmsLibrary)
      .set({ url: remote().url('lib') })
      .where(eq(ccmsLibrary.libraryId, libraryId));
    expect((await author.caller.post(`/prod-api/ccms/library/${libraryId}/fetch`)).body.data.state).toBe('success');
    expect((await author.caller.get(`/prod-api/ccms/library/${libraryId}`)).body.data.lastFetchError).toBe('');
  });

  it('is fetched on schedule on a new installation: the seed enables the fetch job', async () => {
    const jobs = await t.database.db.select().from(sysJob).where(eq(sysJob.invokeTarget, 'library.fetchAll'));
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job).toMatchObject({ jobGroup: 'SYSTEM', cronExpression: '0 0/10 * * * ?', status: '0', concurrent: '1' });
    expect(checkCron(job?.cronExpression ?? '')).toBe('ok');
    expect(t.app.jobs.handler('library.fetchAll')?.check(job?.invokeParams)).toBeNull();
    const listed = await admin.get('/prod-api/monitor/job/list', { invokeTarget: 'library.fetchAll' });
    expect(listed.body.rows.map((r: { invokeTarget: string }) => r.invokeTarget)).toContain('library.fetchAll');
  });

  it('fetches every library from the scheduled job handler', async () => {
    const handler = t.app.jobs.handler('library.fetchAll');
    expect(handler).toBeDefined();
    const result = await handler?.run({}, { db: t.database.db, storage: t.app.storage, log: t.app.log, jobId: null, jobName: 'fetch' });
    expect(result).toEqual({ key: 'job.result.librariesFetched', params: { ok: 1, failed: 0, total: 1 } });
  });

  it('hides libraries from callers without a grant and answers "No relevant permissions"', async () => {
    const list = await outsider.caller.get('/prod-api/ccms/library/list');
    expect(list.body.total).toBe(0);
    const detail = await outsider.caller.get(`/prod-api/ccms/library/${libraryId}`);
    expect(detail.status).toBe(403);
    expect(detail.body.msg).toBe('No relevant permissions');
    const edit = await outsider.caller.put('/prod-api/ccms/library', { ...libraryBody('hijack', remote().url('lib')), libraryId });
    expect(edit.status).toBe(403);
    expect((await libraryRows())[0]?.name).toBe('manuals');
    expect((await admin.get('/prod-api/ccms/library/list')).body.total).toBe(1);
    const nobody = await userWith(t, 'nobody', []);
    expect((await nobody.caller.get('/prod-api/ccms/library/list')).status).toBe(403);
    expect((await nobody.caller.post('/prod-api/ccms/library', libraryBody('x', remote().url('lib')))).status).toBe(403);
  });

  it('lets a writer without the Libraries admin menu work in a library granted to them: the grant decides', async () => {
    const writer = await userWith(t, 'writer20', ['ccms:explorer:list', 'ccms:explorer:upload']);
    await t.database.db.insert(ccmsLibraryGrant).values({ libraryId, granteeType: 'user', granteeId: writer.userId, level: 'write' });
    const detail = await writer.caller.get(`/prod-api/ccms/library/${libraryId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.myLevel).toBe('write');
    expect((await writer.caller.get(`/prod-api/ccms/library/${libraryId}/branches`)).body.data.defaultBranch).toBe('main');
    expect((await writer.caller.post(`/prod-api/ccms/library/${libraryId}/fetch`)).body.data.state).toBe('success');
    // Administering stays with the admin menu: the list and edits need it.
    expect((await writer.caller.get('/prod-api/ccms/library/list')).status).toBe(403);
    expect((await writer.caller.put('/prod-api/ccms/library', { ...libraryBody('hijack', remote().url('lib')), libraryId })).status).toBe(403);
    // Without a grant the same calls are refused.
    const stranger = await userWith(t, 'stranger20', ['ccms:explorer:list']);
    expect((await stranger.caller.get(`/prod-api/ccms/library/${libraryId}/branches`)).status).toBe(403);
  });

  it('deletes a library and its clone', async () => {
    const denied = await outsider.caller.delete(`/prod-api/ccms/library/${libraryId}`);
    expect(denied.status).toBe(403);
    const res = await author.caller.delete(`/prod-api/ccms/library/${libraryId}`);
    expect(res.body.code).toBe(200);
    expect((await author.caller.get('/prod-api/ccms/library/list')).body.total).toBe(0);
    await expect(readFile(path.join(t.dataDir, 'git', String(libraryId), 'config'))).rejects.toThrow();
  });
});
