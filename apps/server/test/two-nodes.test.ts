import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sysJob, sysJobLog, sysUser } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import { queueNameOf } from '../src/platform/jobs/runner';
import { ADMIN_PASSWORD, callerFor, testDbKind } from './harness';
import { TwoNodes } from './two-nodes-kit';

/**
 * Two server processes on one PostgreSQL (issue 12, proof of item 10): two apps built on two
 * connection pools to the same database, with the same shared secrets, as two nodes would run.
 */
const url = process.env.DATABASE_URL;

describe.runIf(testDbKind === 'postgres' && url)('two nodes on one PostgreSQL', () => {
  const cluster = new TwoNodes(url ?? '');
  const databases = cluster.databases;
  let a: FastifyInstance;
  let b: FastifyInstance;

  async function signIn(app: FastifyInstance, username: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/prod-api/login', payload: { username, password } });
    return callerFor(app, res.json().token);
  }

  beforeAll(async () => {
    if (!url) return;
    await cluster.open();
    a = await cluster.node();
    b = await cluster.node();
    await databases[0]?.db.insert(sysUser).values({ userName: 'roamer', nickName: 'Roamer', password: await hashPassword('secret123') });
  });

  afterAll(() => cluster.close());

  it('a session made on node A works on node B; a forced logout on B ends it on A', async () => {
    const onA = await signIn(a, 'roamer', 'secret123');
    expect((await onA.get('/prod-api/getInfo')).body.user.userName).toBe('roamer');
    const sameOnB = callerFor(b, onA.token);
    expect((await sameOnB.get('/prod-api/getInfo')).body.user.userName).toBe('roamer');

    const adminOnB = await signIn(b, 'admin', ADMIN_PASSWORD);
    const online = await adminOnB.get('/prod-api/monitor/online/list', { userName: 'roamer' });
    expect(online.body.rows).toHaveLength(1);
    const tokenId = online.body.rows[0].tokenId;
    expect((await adminOnB.delete(`/prod-api/monitor/online/${tokenId}`)).body.code).toBe(200);
    // Node A verified the token before: the ended session still ends there (the row decides).
    expect((await onA.get('/prod-api/getInfo')).body.code).toBe(401);
    expect((await sameOnB.get('/prod-api/getInfo')).body.code).toBe(401);
  });

  it('a missed run is caught up once when both nodes start together (each sends it; one claims it)', async () => {
    // The run waits until both nodes have started, so neither can see the other's log row first.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const app of [a, b]) {
      app.jobs.register({
        name: 'test.gated',
        description: { zh: '测试：等待放行', en: 'Test: waits to be released' },
        schema: z.object({}),
        async run() {
          await released;
          return 'caught up';
        },
      });
    }
    const [job] =
      (await databases[0]?.db
        .insert(sysJob)
        .values({
          jobName: 'missed yearly',
          invokeTarget: 'test.gated',
          cronExpression: '0 0 1 1 *',
          misfirePolicy: '2',
          // Overlapping runs allowed: only the firing's claim keeps the second one out.
          concurrent: '0',
          status: '0',
          createTime: new Date(Date.now() - 2 * 366 * 86_400_000),
        })
        .returning()) ?? [];
    if (!job) throw new Error('job not created');
    await Promise.all([a.jobs.start(), b.jobs.start()]);
    release();
    const runs = () => databases[1]?.db.select().from(sysJobLog).where(eq(sysJobLog.jobId, job.jobId)) ?? Promise.resolve([]);
    const until = Date.now() + 60_000;
    while ((await runs()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    // Both nodes sent the catch-up: once both messages are worked, a second run would have shown.
    await settled(job.jobId, 2);
    const done = await runs();
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ status: '0', jobMessage: 'caught up' });
  }, 90_000);

  it('a scheduled job runs once per firing while both nodes run the job runner', async () => {
    const adminOnA = await signIn(a, 'admin', ADMIN_PASSWORD);
    await a.jobs.start();
    await b.jobs.start();
    const created = await adminOnA.post('/prod-api/monitor/job', {
      jobName: 'every minute',
      jobGroup: 'SYSTEM',
      invokeTarget: 'captcha.purgeExpired',
      invokeParams: {},
      cronExpression: '0 * * * * ?',
      misfirePolicy: '3',
      concurrent: '1',
      status: '0',
    });
    expect(created.body.code).toBe(200);
    const [job] = (await databases[0]?.db.select().from(sysJob).where(eq(sysJob.jobName, 'every minute'))) ?? [];
    if (!job) throw new Error('job not created');
    // Node B learns of the schedule through pg-boss (one schedule for both) or its own reconcile.
    await b.jobs.sync(job.jobId);
    const runs = () => databases[1]?.db.select().from(sysJobLog).where(eq(sysJobLog.jobId, job.jobId)) ?? Promise.resolve([]);
    const until = Date.now() + 150_000;
    while ((await runs()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    const first = await runs();
    expect(first).toHaveLength(1);
    // Once every message of the job's queue is worked, a second run of the same firing would have shown.
    await settled(job.jobId, 1);
    const minuteOf = (d: Date) => Math.floor(d.getTime() / 60_000);
    const perMinute = new Map<number, number>();
    for (const run of await runs()) perMinute.set(minuteOf(run.startTime), (perMinute.get(minuteOf(run.startTime)) ?? 0) + 1);
    expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
    expect(first[0]?.status).toBe('0');
  }, 200_000);

  it("a node's sweep leaves work a live node runs alone, and hands back work whose node is gone (issue 28, item 6)", async () => {
    // A work queue whose work waits to be released; what each node's recovery hears of it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heard: { node: string; data: object; retrying: boolean }[] = [];
    const define = (node: string, app: FastifyInstance) =>
      app.jobs.defineQueue<{ piece: number }>({
        name: 'test-held',
        retryLimit: 1,
        retryDelaySeconds: 60,
        work: () => released,
        recovery: {
          pending: async () => [],
          interrupted: async (data, retrying) => {
            heard.push({ node, data, retrying });
          },
        },
      });
    await a.jobs.start();
    await b.jobs.start();
    try {
      // Node A alone works the queue at first, so A runs the work; then B knows the queue too.
      define('a', a);
      await a.jobs.enqueue('test-held', { piece: 1 });
      const claim = await heldBy();
      define('b', b);
      expect(claim.state).toBe('active');

      // Both nodes sweep: the work runs on a live node, so nothing is touched.
      await a.jobs.recoverNow();
      await b.jobs.recoverNow();
      expect(await heldBy()).toEqual(claim);
      expect(heard).toEqual([]);

      // Its claim now names a node that is not there (as a node that died on another machine leaves it): B hands it back to the queue.
      await sql("UPDATE sys_job_claim SET node_id = 'gone-node' WHERE job_id = $1", [claim.id]);
      await b.jobs.recoverNow();
      expect((await sql('SELECT state FROM pgboss.job WHERE id = $1', [claim.id])).rows).toEqual([{ state: 'retry' }]);
      expect(heard).toEqual([{ node: 'b', data: { piece: 1 }, retrying: true }]);
      // Handed back once: another sweep hears nothing more.
      await a.jobs.recoverNow();
      expect(heard).toHaveLength(1);
    } finally {
      // The held work ends, so the nodes can stop.
      release();
    }
  }, 60_000);

  const sql = (text: string, values?: unknown[]) => databases[0]?.executeSql(text, values) ?? Promise.resolve({ rows: [] });

  /**
   * Waits until the job's pg-boss queue holds at least `sent` messages and none is waiting or
   * running: every run either node could still make of them has then been made (or refused).
   */
  async function settled(jobId: number, sent: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const { rows } = await sql(
        "SELECT count(*)::int AS total, count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS open FROM pgboss.job WHERE name = $1",
        [queueNameOf(jobId)],
      );
      const [row] = rows as { total: number; open: number }[];
      if (row && row.total >= sent && row.open === 0) return;
      if (Date.now() > until) throw new Error(`job ${jobId}: its queue did not settle (${JSON.stringify(row)})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The claim of the test-held job, once a node picked it up. */
  async function heldBy(): Promise<{ node_id: string; id: string; state: string }> {
    const until = Date.now() + 30_000;
    for (;;) {
      const { rows } = await sql(
        "SELECT c.node_id, j.id::text AS id, j.state FROM sys_job_claim c JOIN pgboss.job j ON j.id = c.job_id WHERE c.queue = 'test-held'",
      );
      const [row] = rows as { node_id: string; id: string; state: string }[];
      if (row) return row;
      if (Date.now() > until) throw new Error('the held work was not picked up');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
