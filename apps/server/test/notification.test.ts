import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccmsProjectConfig, sysConfig, sysNotification } from '../src/db/schema';
import { created, createProject, WORK_PERMS } from '../src/modules/work/project/project-test-kit';
import { type TestUser, userWith } from './callers';
import { type Caller, callerFor, createTestApp, type TestApp } from './harness';
import { decoded, smtpServer, until } from './smtp-server';

/**
 * Notices (bell, mail, stream) and the mail settings. Here beside the app, not in
 * system/notification: the notices come from the work area's task assignment, and system
 * imports no area.
 */
let t: TestApp;
let admin: Caller;
let owner: TestUser;
let zhUser: TestUser;
let enUser: TestUser;
let projectId = 0;
let smtp: Awaited<ReturnType<typeof smtpServer>>;

async function setConfig(key: string, value: string) {
  await t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
}

beforeAll(async () => {
  smtp = await smtpServer();
  t = await createTestApp();
  admin = await t.login();
  owner = await userWith(t, 'ntowner', WORK_PERMS, 'owner@example.test');
  zhUser = await userWith(t, 'ntzh', ['ccms:myTask:list'], 'zh@example.test');
  enUser = await userWith(t, 'nten', ['ccms:myTask:list'], 'en@example.test');
  projectId = await createProject(owner.caller, 'Notice project');
  await t.database.db.insert(ccmsProjectConfig).values({
    projectId,
    writerId: owner.userId,
    writeReviewerId: owner.userId,
    translatorId: owner.userId,
    translateReviewerId: owner.userId,
    notice: true,
    noticeType: 'email',
  });
  await setConfig('mail.smtp.host', '127.0.0.1');
  await setConfig('mail.smtp.port', String(smtp.port));
  await setConfig('mail.smtp.secure', 'none');
  await setConfig('mail.smtp.from', 'CCMS <ccms@example.test>');
  await setConfig('mail.smtp.user', 'mailer');
  await setConfig('mail.smtp.password', 'mail-pass');
  await setConfig('mail.site.url', 'https://ccms.example.test/');
  // The test SMTP server listens on loopback, which only the administrator's allowance opens.
  await setConfig('ccms.library.allowPrivateUrls', '127.0.0.1');
  // Each user's language is remembered from the first call their web makes.
  expect((await zhUser.caller.request({ method: 'GET', url: '/prod-api/system/notification/unread', headers: { 'accept-language': 'zh' } })).body.data).toEqual(
    { unread: 0 },
  );
  expect((await enUser.caller.get('/prod-api/system/notification/unread')).body.data).toEqual({ unread: 0 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('notices of task assignment', () => {
  it('tells each assignee in the app and by mail in their language, with the link to the task', async () => {
    const zhTask = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: '编写安装指南', category: 'writing', assigneeId: zhUser.userId });
    const enTask = await created(owner.caller, '/prod-api/ccms/task', {
      projectId,
      title: 'Write the install guide',
      category: 'writing',
      assigneeId: enUser.userId,
    });
    await until(() => smtp.received.length >= 2, 'two mails');

    const toZh = smtp.received.find((m) => m.to.includes('zh@example.test'));
    const toEn = smtp.received.find((m) => m.to.includes('en@example.test'));
    expect(toZh?.to).toEqual(['zh@example.test']);
    expect(toEn?.to).toEqual(['en@example.test']);
    const zhMail = decoded(toZh?.raw ?? '');
    const enMail = decoded(toEn?.raw ?? '');
    expect(zhMail.subject).toBe('新任务：编写安装指南');
    expect(zhMail.text).toContain('ntowner nick 把任务“编写安装指南”分配给了你。');
    expect(zhMail.text).toContain(`https://ccms.example.test/work/task?taskId=${zhTask}`);
    expect(enMail.subject).toBe('New task: Write the install guide');
    expect(enMail.text).toContain(`Open: https://ccms.example.test/work/task?taskId=${enTask}`);
    // The owner assigned them and is told nothing.
    expect(smtp.received.some((m) => m.to.includes('owner@example.test'))).toBe(false);

    const list = await enUser.caller.get('/prod-api/system/notification/list');
    expect(list.body).toMatchObject({
      total: 1,
      rows: [{ event: 'taskAssigned', title: 'New task: Write the install guide', read: false, link: `/work/task?taskId=${enTask}` }],
    });
    expect((await enUser.caller.get('/prod-api/system/notification/unread')).body.data).toEqual({ unread: 1 });
  });

  it('reads one or all, only the caller’s own', async () => {
    const [mine] = (await enUser.caller.get('/prod-api/system/notification/list')).body.rows;
    expect((await zhUser.caller.put(`/prod-api/system/notification/read/${mine.notificationId}`)).body.code).toBe(404);
    expect((await enUser.caller.get('/prod-api/system/notification/unread')).body.data).toEqual({ unread: 1 });
    expect((await enUser.caller.put(`/prod-api/system/notification/read/${mine.notificationId}`)).body.code).toBe(200);
    expect((await enUser.caller.get('/prod-api/system/notification/unread')).body.data).toEqual({ unread: 0 });
    expect((await zhUser.caller.put('/prod-api/system/notification/readAll')).body.code).toBe(200);
    expect((await zhUser.caller.get('/prod-api/system/notification/list', { read: '0' })).body.total).toBe(0);
  });

  it('follows the user’s choices: mail off keeps the bell', async () => {
    const prefs = (await enUser.caller.get('/prod-api/system/notification/prefs')).body.data;
    expect(prefs).toMatchObject({ lang: 'en', events: { taskAssigned: { inApp: true, mail: true } } });
    const bad = await enUser.caller.put('/prod-api/system/notification/prefs', { ...prefs, lang: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Language');
    const off = { ...prefs, events: { ...prefs.events, taskAssigned: { inApp: true, mail: false } } };
    expect((await enUser.caller.put('/prod-api/system/notification/prefs', off)).body.code).toBe(200);
    const before = smtp.received.length;
    await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'No mail please', category: 'writing', assigneeId: enUser.userId });
    // A mail to zh goes after it, so once that one arrived the en one would have too.
    await created(owner.caller, '/prod-api/ccms/task', { projectId, title: '再来一个', category: 'writing', assigneeId: zhUser.userId });
    await until(() => smtp.received.length > before, 'the zh mail');
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['zh@example.test']]);
    expect((await enUser.caller.get('/prod-api/system/notification/list', { read: '0' })).body.rows.map((r: { title: string }) => r.title)).toEqual([
      'New task: No mail please',
    ]);
  });

  it('mails follow the language of the recipient’s interface, unless they chose another on the notice settings', async () => {
    const as = (lang: string) => callerFor(t.app, zhUser.caller.token, lang);
    const mailLang = async () => (await zhUser.caller.get('/prod-api/system/notification/prefs')).body.data.lang;
    const poll = (lang: string) => as(lang).get('/prod-api/system/notification/unread');
    try {
      // The interface switched to English: the next mail is in English.
      await poll('en');
      expect(await mailLang()).toBe('en');
      const before = smtp.received.length;
      await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Switched', category: 'writing', assigneeId: zhUser.userId });
      await until(() => smtp.received.length > before, 'the mail after the switch');
      expect(decoded(smtp.received.at(-1)?.raw ?? '').subject).toBe('New task: Switched');

      // Chinese chosen on the settings while the interface is English: it stays.
      const prefs = (await as('en').get('/prod-api/system/notification/prefs')).body.data;
      expect((await as('en').put('/prod-api/system/notification/prefs', { ...prefs, lang: 'zh' })).body.code).toBe(200);
      await poll('en');
      expect(await mailLang()).toBe('zh');
      // Choosing the interface's own language again lets it follow.
      expect((await as('en').put('/prod-api/system/notification/prefs', { ...prefs, lang: 'en' })).body.code).toBe(200);
      await poll('zh');
      expect(await mailLang()).toBe('zh');
    } finally {
      const prefs = (await as('zh').get('/prod-api/system/notification/prefs')).body.data;
      await as('zh').put('/prod-api/system/notification/prefs', { ...prefs, lang: 'zh' });
    }
  });

  it('a refusing SMTP server never fails the action', async () => {
    smtp.state.refuse = true;
    try {
      const taskId = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Refused mail', category: 'writing', assigneeId: zhUser.userId });
      expect(taskId).toBeGreaterThan(0);
      await until(() => smtp.state.refused > 0, 'the refused attempt');
      const rows = await t.database.db.select().from(sysNotification).where(eq(sysNotification.userId, zhUser.userId));
      expect(rows.some((r) => r.link === `/work/task?taskId=${taskId}`)).toBe(true);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('a project with notices off for mail only rings the bell', async () => {
    await t.database.db.update(ccmsProjectConfig).set({ notice: false }).where(eq(ccmsProjectConfig.projectId, projectId));
    const before = smtp.received.length;
    await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Bell only', category: 'writing', assigneeId: zhUser.userId });
    await created(owner.caller, '/prod-api/ccms/task', {
      projectId: await createProject(owner.caller, 'Other'),
      title: 'Mail anyway',
      category: 'writing',
      assigneeId: zhUser.userId,
    });
    await t.database.db.update(ccmsProjectConfig).set({ notice: true }).where(eq(ccmsProjectConfig.projectId, projectId));
    const rows = await t.database.db.select().from(sysNotification).where(eq(sysNotification.userId, zhUser.userId));
    expect(rows.map((r) => r.params.name)).toContain('Bell only');
    // The other project has no config: its notices stay in the app too; no mail at all.
    expect(smtp.received.length).toBe(before);
  });
});

describe('test mail', () => {
  it('sends through the configured server, refused without the permission', async () => {
    expect((await zhUser.caller.post('/prod-api/system/notification/testMail', { to: 'admin@example.test' })).body.code).toBe(403);
    const res = await admin.post('/prod-api/system/notification/testMail', { to: 'admin@example.test' });
    expect(res.body).toMatchObject({ code: 200 });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['admin@example.test']);
    expect(decoded(mail?.raw ?? '').subject).toBe('CCMS test mail');
  });

  it('names the field of a bad address and reports a refusing server', async () => {
    const bad = await admin.post('/prod-api/system/notification/testMail', { to: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('To');
    smtp.state.refuse = true;
    try {
      const refused = await admin.post('/prod-api/system/notification/testMail', { to: 'admin@example.test' });
      expect(refused.body.code).toBe(400);
      expect(refused.body.msg).toContain('mailbox unavailable');
    } finally {
      smtp.state.refuse = false;
    }
  });
});

describe('the stored SMTP password', () => {
  const row = async (key: string) => (await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, key)))[0];
  const testMail = (c: Caller, lang = 'en') =>
    c.request({ method: 'POST', url: '/prod-api/system/notification/testMail', payload: { to: 'admin@example.test' }, headers: { 'accept-language': lang } });

  it('attack: a parameter editor points the mail server at their own listener; the password is cleared and never reaches it', async () => {
    const theirs = await smtpServer();
    const editor = await userWith(t, 'mailedit', ['system:config:list', 'system:config:query', 'system:config:edit']);
    try {
      // The administrator's server gets the stored password.
      expect((await testMail(admin)).body.code).toBe(200);
      expect(smtp.logins.at(-1)).toEqual({ username: 'mailer', password: 'mail-pass' });

      // The editor moves the mail server to their listener (here by its port; both listen on 127.0.0.1).
      const port = await row('mail.smtp.port');
      const moved = await editor.caller.put('/prod-api/system/config', { ...port, configValue: String(theirs.port) });
      expect(moved.body).toEqual({
        code: 200,
        msg: 'Saved; the server changed, so mail.smtp.password was cleared: enter it again',
        data: { clearedSecrets: ['mail.smtp.password'] },
      });
      expect((await row('mail.smtp.password'))?.configValue).toBe('');
      // The test mail is refused before connecting: their listener sees no connection and no password.
      const sent = await testMail(editor.caller);
      expect(sent.body).toEqual({
        code: 400,
        msg: 'mail.smtp.password is empty: a stored password is cleared whenever the mail server (host, port or security) changes, so enter the password again',
      });
      expect(theirs.state.connections).toBe(0);
      expect(theirs.logins).toEqual([]);

      // The administrator sets it back; a change of the host clears it alike (answered in zh here).
      await admin.put('/prod-api/system/config', { ...port, configValue: String(smtp.port) });
      const password = await row('mail.smtp.password');
      await admin.put('/prod-api/system/config', { ...password, configValue: 'mail-pass' });
      expect((await testMail(admin)).body.code).toBe(200);
      await setConfig('ccms.library.allowPrivateUrls', '127.0.0.1,localhost');
      const host = await row('mail.smtp.host');
      const renamed = await editor.caller.request({
        method: 'PUT',
        url: '/prod-api/system/config',
        payload: { ...host, configValue: 'localhost' },
        headers: { 'accept-language': 'zh' },
      });
      expect(renamed.body).toEqual({
        code: 200,
        msg: '已保存；服务器已更改，已清除 mail.smtp.password，请重新输入',
        data: { clearedSecrets: ['mail.smtp.password'] },
      });
      expect((await row('mail.smtp.password'))?.configValue).toBe('');
      expect((await testMail(editor.caller, 'zh')).body.msg).toBe(
        'mail.smtp.password 为空：邮件服务器（主机、端口或加密方式）更改时已保存的密码会被清除，请重新输入密码',
      );

      // Saving the mask back, or another parameter, keeps a password that was entered for the server.
      await admin.put('/prod-api/system/config', { ...host, configValue: '127.0.0.1' });
      await admin.put('/prod-api/system/config', { ...password, configValue: 'mail-pass' });
      expect((await editor.caller.put('/prod-api/system/config', { ...password, configValue: '******' })).body.data).toEqual({ clearedSecrets: [] });
      const from = await row('mail.smtp.from');
      expect((await editor.caller.put('/prod-api/system/config', { ...from, configValue: 'CCMS <ccms@example.test>' })).body.data).toEqual({
        clearedSecrets: [],
      });
      expect((await row('mail.smtp.password'))?.configValue).toBe('mail-pass');
      expect(theirs.state.connections).toBe(0);
    } finally {
      await setConfig('ccms.library.allowPrivateUrls', '127.0.0.1');
      await setConfig('mail.smtp.host', '127.0.0.1');
      await setConfig('mail.smtp.port', String(smtp.port));
      await setConfig('mail.smtp.password', 'mail-pass');
      await theirs.close();
    }
  });

  it('refuses a mail server on this machine or a private network unless the administrator allows it, naming the field', async () => {
    const host = await row('mail.smtp.host');
    for (const value of ['10.0.0.1', '169.254.169.254', '[::7f00:1]', 'localhost']) {
      const refused = await admin.put('/prod-api/system/config', { ...host, configValue: value });
      expect(refused.status, value).toBe(400);
      expect(refused.body.msg).toBe(
        'mail.smtp.host: the mail server is on this machine or a private network, which the administrator has not allowed (setting ccms.library.allowPrivateUrls)',
      );
    }
    expect((await row('mail.smtp.host'))?.configValue).toBe('127.0.0.1');
    // Checked again when a mail goes out: without the allowance the loopback server is not reached.
    const connections = smtp.state.connections;
    await setConfig('ccms.library.allowPrivateUrls', '');
    try {
      const sent = await admin.post('/prod-api/system/notification/testMail', { to: 'admin@example.test' });
      expect(sent.body.msg).toMatch(/^mail\.smtp\.host: the mail server is on this machine/);
      expect(smtp.state.connections).toBe(connections);
    } finally {
      await setConfig('ccms.library.allowPrivateUrls', '127.0.0.1');
    }
  });
});

describe('the bell stream', () => {
  it('pushes the unread count when a notice arrives, with a ticket in place of the token', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { ticket } = (await enUser.caller.get('/prod-api/system/notification/ticket')).body.data;
    expect((await fetch(`${address}/prod-api/system/notification/stream?ticket=bad`)).status).toBe(401);
    const controller = new AbortController();
    const res = await fetch(`${address}/prod-api/system/notification/stream?ticket=${encodeURIComponent(ticket)}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no stream');
    const events: number[] = [];
    let buffer = '';
    const next = async () => {
      while (true) {
        const m = buffer.match(/data: (.*)\n\n/);
        if (m) {
          buffer = buffer.slice((m.index ?? 0) + m[0].length);
          return JSON.parse(m[1] ?? '{}').unread as number;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += new TextDecoder().decode(value);
      }
    };
    events.push(await next());
    await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Live', category: 'writing', assigneeId: enUser.userId });
    events.push(await next());
    expect(events[1]).toBe((events[0] ?? 0) + 1);
    controller.abort();
  });
});
