import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp, testDbKind } from '../../../../test/harness';
import { sysJob, sysJobLog, sysSession } from '../../../db/schema';

/** Handlers the test holds open until it says so, to see overlapping runs, and one that fails. */
const gates: (() => void)[] = [];
function registerTestHandlers(t: TestApp) {
  t.app.jobs.register({
    name: 'test.slow',
    description: { zh: '测试：等待放行', en: 'Test: waits to be released' },
    schema: z.object({ ms: z.number().int().min(0).default(0) }),
    async run({ ms }) {
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      else await new Promise<void>((resolve) => gates.push(resolve));
      return 'slow done';
    },
  });
  t.app.jobs.register({
    name: 'test.fail',
    description: { zh: '测试：总是失败', en: 'Test: always fails' },
    schema: z.object({}),
    async run() {
      throw new Error('deliberate failure');
    },
  });
}

const job = (over: Record<string, unknown> = {}) => ({
  jobName: 'purge sessions',
  jobGroup: 'SYSTEM',
  invokeTarget: 'session.purgeExpired',
  invokeParams: {},
  cronExpression: '0 0/5 * * * ?',
  misfirePolicy: '3',
  concurrent: '1',
  status: '1',
  ...over,
});

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('jobs without pg-boss (runs happen in the request)', () => {
  let t: TestApp;
  let admin: Caller;
  let viewer: Caller;
  let nobody: Caller;
  const jobCount = async () => (await t.database.db.select({ n: count() }).from(sysJob))[0]?.n ?? 0;
  const logsOf = (jobId: number) => t.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobId, jobId));
  const createJob = async (over: Record<string, unknown> = {}) => {
    const res = await admin.post('/prod-api/monitor/job', job(over));
    expect(res.body).toMatchObject({ code: 200 });
    const [row] = await t.database.db
      .select()
      .from(sysJob)
      .where(eq(sysJob.jobName, String(over.jobName ?? 'purge sessions')));
    if (!row) throw new Error('job not created');
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    registerTestHandlers(t);
    admin = await t.login();
    viewer = await callerWith(t, 'jobviewer', ['monitor:job:list', 'monitor:job:query']);
    nobody = await callerWith(t, 'jobnobody', []);
  });
  afterAll(() => t.close());

  it('lists the registered handlers with both languages for the picker', async () => {
    const res = await viewer.get('/prod-api/monitor/job/handlers');
    expect(res.status).toBe(200);
    const names = res.body.data.map((h: { name: string }) => h.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'session.purgeExpired',
        'log.cleanOld',
        'captcha.purgeExpired',
        'library.fetchAll',
        'catalog.reindexMoved',
        'project.updateBranches',
      ]),
    );
    expect(names).toEqual([...names].sort());
    const clean = res.body.data.find((h: { name: string }) => h.name === 'log.cleanOld');
    expect(clean).toMatchObject({ description: { zh: expect.any(String), en: expect.any(String) }, example: { days: 90 } });
    expect(clean.params[0]).toMatchObject({ name: 'days', type: 'integer' });
    expect((await nobody.get('/prod-api/monitor/job/handlers')).status).toBe(403);
  });

  it('creates a job, shows it in the list and by id; paused jobs have no next time', async () => {
    const row = await createJob({ cronExpression: '0  0/5 * * * ?' });
    expect(row).toMatchObject({ invokeTarget: 'session.purgeExpired', cronExpression: '0 0/5 * * * ?', createBy: 'admin', status: '1' });
    const list = await viewer.get('/prod-api/monitor/job/list', { jobName: 'purge' });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ jobId: row.jobId, nextValidTime: null, invokeParams: {} });
    const one = await viewer.get(`/prod-api/monitor/job/${row.jobId}`);
    expect(one.body.data).toMatchObject({ jobName: 'purge sessions', jobGroup: 'SYSTEM' });
    expect((await viewer.get('/prod-api/monitor/job/999999')).body).toMatchObject({ code: 404, msg: 'Job 999999 does not exist' });
  });

  it.each([
    [{ invokeTarget: 'com.ruoyi.quartz.task.RyTask.ryNoParams' }, 'Handler: "com.ruoyi.quartz.task.RyTask.ryNoParams" is not a registered job handler'],
    [{ invokeTarget: 'java.lang.Runtime.exec' }, 'Handler: "java.lang.Runtime.exec" is not a registered job handler'],
    [{ cronExpression: 'every minute' }, 'Cron expression: the cron expression is not valid'],
    [{ cronExpression: '0 0 2 * * ? 2030' }, 'Cron expression: the cron expression is not valid'],
    [{ cronExpression: '*/10 * * * * *' }, 'Cron expression: the job cannot run more often than once a minute'],
    [{ invokeTarget: 'log.cleanOld', invokeParams: { days: 0 } }, 'invokeParams.days must not be less than 1'],
    [{ invokeTarget: 'log.cleanOld', invokeParams: { days: 'ten' } }, 'invokeParams.days has the wrong type'],
    [{ invokeTarget: 'log.cleanOld', invokeParams: { weeks: 2 } }, 'Unsupported field: invokeParams.weeks'],
    [{ jobName: '' }, 'Job name is required'],
    [{ concurrent: '2' }, 'Concurrent must be one of: 0, 1'],
  ])('refuses %j naming the field, and writes nothing', async (over, msg) => {
    const before = await jobCount();
    const res = await admin.post('/prod-api/monitor/job', job({ jobName: 'bad one', ...over }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg });
    expect(await jobCount()).toBe(before);
  });

  it('answers in Chinese when asked in Chinese', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/prod-api/monitor/job',
      payload: job({ cronExpression: 'x' }),
      headers: { 'accept-language': 'zh' },
    });
    expect(res.body.msg).toBe('cron 执行表达式：Cron表达式不正确');
  });

  it('needs monitor:job:add to create and monitor:job:edit to change', async () => {
    const before = await jobCount();
    expect((await viewer.post('/prod-api/monitor/job', job({ jobName: 'viewer job' }))).status).toBe(403);
    expect(await jobCount()).toBe(before);
    const editor = await callerWith(t, 'jobeditor', ['monitor:job:add', 'monitor:job:edit']);
    expect((await editor.post('/prod-api/monitor/job', job({ jobName: 'editor job' }))).body.code).toBe(200);
    const [row] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'editor job'));
    if (!row) throw new Error('missing');
    expect((await editor.put('/prod-api/monitor/job', { ...job({ jobName: 'editor job 2' }), jobId: row.jobId })).body.code).toBe(200);
    expect((await viewer.put('/prod-api/monitor/job', { ...job({ jobName: 'viewer edit' }), jobId: row.jobId })).status).toBe(403);
    const [after] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobId, row.jobId));
    expect(after).toMatchObject({ jobName: 'editor job 2', updateBy: 'jobeditor' });
  });

  it('updates a job; a bad update changes nothing; a missing job is 404', async () => {
    const row = await createJob({ jobName: 'to edit' });
    const ok = await admin.put('/prod-api/monitor/job', { ...job({ jobName: 'to edit', cronExpression: '0 30 2 * * ?' }), jobId: row.jobId });
    expect(ok.body.code).toBe(200);
    const bad = await admin.put('/prod-api/monitor/job', { ...job({ jobName: 'edited badly', cronExpression: '61 * * * *' }), jobId: row.jobId });
    expect(bad.body).toEqual({ code: 400, msg: 'Cron expression: the cron expression is not valid' });
    const [after] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobId, row.jobId));
    expect(after).toMatchObject({ jobName: 'to edit', cronExpression: '0 30 2 * * ?' });
    expect((await admin.put('/prod-api/monitor/job', { ...job(), jobId: 999999 })).status).toBe(404);
  });

  it('changeStatus schedules and pauses; it needs monitor:job:changeStatus', async () => {
    const row = await createJob({ jobName: 'status job' });
    expect((await viewer.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '0' })).status).toBe(403);
    expect((await admin.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '0' })).body.code).toBe(200);
    const shown = await admin.get(`/prod-api/monitor/job/${row.jobId}`);
    expect(shown.body.data.status).toBe('0');
    expect(new Date(shown.body.data.nextValidTime).getTime()).toBeGreaterThan(Date.now());
    const bad = await admin.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '7' });
    expect(bad.body).toEqual({ code: 400, msg: 'Status must be one of: 0, 1' });
    expect((await admin.get(`/prod-api/monitor/job/${row.jobId}`)).body.data.status).toBe('0');
    await admin.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '1' });
    expect((await admin.get(`/prod-api/monitor/job/${row.jobId}`)).body.data.nextValidTime).toBeNull();
  });

  it('run executes the real handler once and writes a job log row, translated for the reader', async () => {
    const row = await createJob({ jobName: 'run now' });
    await t.database.db.insert(sysSession).values({ tokenId: 'old-session', userId: 1, userName: 'admin', expireTime: new Date(Date.now() - 60_000) });
    expect((await viewer.put('/prod-api/monitor/job/run', { jobId: row.jobId })).status).toBe(403);
    const res = await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId, jobGroup: 'SYSTEM' });
    expect(res.body.code).toBe(200);
    expect(await t.database.db.select().from(sysSession).where(eq(sysSession.tokenId, 'old-session'))).toEqual([]);
    const [log] = await logsOf(row.jobId);
    expect(log).toMatchObject({ status: '0', invokeTarget: 'session.purgeExpired', exceptionInfo: '' });
    expect(log?.stopTime).toBeInstanceOf(Date);
    const list = await viewer.get('/prod-api/monitor/jobLog/list', { jobId: row.jobId });
    expect(list.body.rows[0].jobMessage).toBe('Removed 1 expired sessions');
    const zh = await viewer.request({ method: 'GET', url: `/prod-api/monitor/jobLog/${log?.jobLogId}`, headers: { 'accept-language': 'zh' } });
    expect(zh.body.data.jobMessage).toBe('已清理1个过期会话');
    expect((await admin.put('/prod-api/monitor/job/run', { jobId: 999999 })).status).toBe(404);
  });

  it('log.cleanOld deletes operation and login logs older than its days', async () => {
    const db = t.database.db;
    await db.execute(sql`INSERT INTO sys_oper_log (title, oper_time) VALUES ('ancient', now() - interval '40 days'), ('recent', now())`);
    await db.execute(sql`INSERT INTO sys_logininfor (user_name, login_time) VALUES ('ancient', now() - interval '40 days')`);
    const row = await createJob({ jobName: 'clean logs', invokeTarget: 'log.cleanOld', invokeParams: { days: 30 } });
    await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    const [log] = await logsOf(row.jobId);
    expect(log?.status).toBe('0');
    const left = await db.execute(sql`SELECT title FROM sys_oper_log WHERE title IN ('ancient', 'recent')`);
    expect((left as unknown as { rows: { title: string }[] }).rows.map((r) => r.title)).toEqual(['recent']);
    const list = await admin.get('/prod-api/monitor/jobLog/list', { jobId: row.jobId });
    expect(list.body.rows[0].jobMessage).toBe('Deleted 1 operation logs and 1 login logs older than 30 days');
  });

  it('a failing handler leaves a failure row with the exception', async () => {
    const row = await createJob({ jobName: 'will fail', invokeTarget: 'test.fail' });
    await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    const [log] = await logsOf(row.jobId);
    expect(log).toMatchObject({ status: '1', jobMessage: 'deliberate failure' });
    expect(log?.exceptionInfo).toContain('deliberate failure');
  });

  it('concurrent=1 refuses a second run while the first is still running', async () => {
    const row = await createJob({ jobName: 'single', invokeTarget: 'test.slow', concurrent: '1' });
    const first = admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    await waitFor(async () => gates.length === 1);
    const second = await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    expect(second.body).toEqual({ code: 409, msg: 'Job "single" is running and does not allow concurrent runs' });
    gates.shift()?.();
    expect((await first).body.code).toBe(200);
    expect(await logsOf(row.jobId)).toHaveLength(1);
  });

  it('exports jobs as a workbook with headings in the caller language', async () => {
    expect((await viewer.post('/prod-api/monitor/job/export', {})).status).toBe(403);
    const res = await admin.request({ method: 'POST', url: '/prod-api/monitor/job/export', payload: { jobName: 'purge' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    const raw = await t.app.inject({
      method: 'POST',
      url: '/prod-api/monitor/job/export',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'jobName=purge',
    });
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).text).toBe('Name');
    expect(sheet?.getRow(2).getCell(2).text).toBe('purge sessions');
    expect(sheet?.rowCount).toBe(2);
  });

  it('job logs: list, detail, export, delete and clean, each with its permission', async () => {
    const list = await viewer.get('/prod-api/monitor/jobLog/list', { status: '1' });
    expect(list.body.rows.every((r: { status: string }) => r.status === '1')).toBe(true);
    expect(list.body.total).toBeGreaterThan(0);
    expect((await nobody.get('/prod-api/monitor/jobLog/list')).status).toBe(403);
    const bad = await viewer.get('/prod-api/monitor/jobLog/list', { 'params[beginTime]': '2024-13-01' });
    expect(bad.body).toEqual({ code: 400, msg: 'Start time is not in a valid format' });
    const sorted = await viewer.get('/prod-api/monitor/jobLog/list', { orderByColumn: 'exceptionInfo' });
    expect(sorted.body).toEqual({ code: 400, msg: 'Cannot sort by exceptionInfo' });
    expect((await viewer.get('/prod-api/monitor/jobLog/999999')).body).toMatchObject({ code: 404, msg: 'Job log 999999 does not exist' });

    const exported = await admin.post('/prod-api/monitor/jobLog/export', {});
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await viewer.post('/prod-api/monitor/jobLog/export', {})).status).toBe(403);

    const all = await t.database.db.select().from(sysJobLog);
    const first = all[0];
    if (!first) throw new Error('no logs');
    expect((await viewer.delete(`/prod-api/monitor/jobLog/${first.jobLogId}`)).status).toBe(403);
    expect((await admin.delete('/prod-api/monitor/jobLog/1,x')).body).toEqual({ code: 400, msg: 'The id list is malformed' });
    expect(await t.database.db.select().from(sysJobLog)).toHaveLength(all.length);
    expect((await admin.delete(`/prod-api/monitor/jobLog/${first.jobLogId}`)).body.code).toBe(200);
    expect(await t.database.db.select().from(sysJobLog)).toHaveLength(all.length - 1);
    expect((await viewer.delete('/prod-api/monitor/jobLog/clean')).status).toBe(403);
    expect((await admin.delete('/prod-api/monitor/jobLog/clean')).body.code).toBe(200);
    expect(await t.database.db.select().from(sysJobLog)).toEqual([]);
  });

  it('deletes jobs (monitor:job:remove) and records the operation', async () => {
    const row = await createJob({ jobName: 'to delete' });
    expect((await viewer.delete(`/prod-api/monitor/job/${row.jobId}`)).status).toBe(403);
    expect((await admin.delete(`/prod-api/monitor/job/${row.jobId}`)).body.code).toBe(200);
    expect(await t.database.db.select().from(sysJob).where(eq(sysJob.jobId, row.jobId))).toEqual([]);
    // The operation log row is written once the response has gone.
    const ops = await waitFor(async () => {
      const res = await admin.get('/prod-api/monitor/operlog/list', { title: 'job', businessType: 3 });
      return res.body.total > 0 && res;
    });
    expect(ops.body.rows[0]).toMatchObject({ operName: 'admin', requestMethod: 'DELETE', status: 0 });
  });
});

describe(`jobs on pg-boss (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  const logsOf = (jobId: number) => t.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobId, jobId)).orderBy(sysJobLog.startTime);

  beforeAll(async () => {
    t = await createTestApp();
    registerTestHandlers(t);
    admin = await t.login();
    // A yearly job that missed its last run while "down": misfire policy 2 runs it once at start.
    await t.database.db.insert(sysJob).values({
      jobName: 'missed',
      invokeTarget: 'captcha.purgeExpired',
      cronExpression: '0 0 1 1 *',
      misfirePolicy: '2',
      status: '0',
      createTime: new Date(Date.now() - 2 * 366 * 86_400_000),
    });
    await t.app.jobs.start();
  });
  afterAll(() => t.close());

  it('starts pg-boss and catches up a missed run (misfire policy 2)', async () => {
    expect(t.app.jobs.started).toBe(true);
    const [missed] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'missed'));
    if (!missed) throw new Error('missing');
    const [log] = await waitFor(async () => {
      const logs = await logsOf(missed.jobId);
      return logs.length > 0 && logs;
    });
    expect(log).toMatchObject({ status: '0', invokeTarget: 'captcha.purgeExpired' });
    if (testDbKind === 'postgres') {
      // On PostgreSQL pg-boss has its own pool, opened from the app's connection string.
      const res = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'ccms-jobs' AND datname = current_database()`,
      );
      expect((res as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
    }
  });

  it('changeStatus puts the cron into pg-boss and takes it out again', async () => {
    await admin.post('/prod-api/monitor/job', job({ jobName: 'scheduled', status: '0', cronExpression: '0 15 3 * * ?' }));
    const [row] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'scheduled'));
    if (!row) throw new Error('missing');
    expect(await t.app.jobs.schedules()).toContainEqual(expect.objectContaining({ jobId: row.jobId, cron: '0 15 3 * * ?' }));
    await admin.put('/prod-api/monitor/job', { ...job({ jobName: 'scheduled', status: '0', cronExpression: '0 20 4 * * ?' }), jobId: row.jobId });
    expect(await t.app.jobs.schedules()).toContainEqual(expect.objectContaining({ jobId: row.jobId, cron: '0 20 4 * * ?' }));
    await admin.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '1' });
    expect((await t.app.jobs.schedules()).some((s) => s.jobId === row.jobId)).toBe(false);
    await admin.put('/prod-api/monitor/job/changeStatus', { jobId: row.jobId, status: '0' });
    expect((await t.app.jobs.schedules()).some((s) => s.jobId === row.jobId)).toBe(true);
    await admin.delete(`/prod-api/monitor/job/${row.jobId}`);
    expect((await t.app.jobs.schedules()).some((s) => s.jobId === row.jobId)).toBe(false);
  });

  it('run goes through the pg-boss queue and the worker writes the job log row', async () => {
    await t.database.db.insert(sysSession).values({ tokenId: 'boss-old', userId: 1, userName: 'admin', expireTime: new Date(Date.now() - 60_000) });
    await admin.post('/prod-api/monitor/job', job({ jobName: 'via boss' }));
    const [row] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'via boss'));
    if (!row) throw new Error('missing');
    expect((await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId })).body.code).toBe(200);
    const [log] = await waitFor(async () => {
      const logs = await logsOf(row.jobId);
      return logs.length > 0 && logs;
    });
    expect(log).toMatchObject({ status: '0', jobName: 'via boss' });
    expect(await t.database.db.select().from(sysSession).where(eq(sysSession.tokenId, 'boss-old'))).toEqual([]);
  });

  it('concurrent=1 makes a second run wait for the first (pg-boss singleton queue)', async () => {
    await admin.post('/prod-api/monitor/job', job({ jobName: 'one at a time', invokeTarget: 'test.slow', invokeParams: { ms: 800 } }));
    const [row] = await t.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'one at a time'));
    if (!row) throw new Error('missing');
    await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    await admin.put('/prod-api/monitor/job/run', { jobId: row.jobId });
    const logs = await waitFor(async () => {
      const found = await logsOf(row.jobId);
      return found.length === 2 && found;
    }, 30_000);
    const [a, b] = logs;
    if (!a?.stopTime || !b) throw new Error('runs missing');
    expect(b.startTime.getTime()).toBeGreaterThanOrEqual(a.stopTime.getTime());
  });
});
