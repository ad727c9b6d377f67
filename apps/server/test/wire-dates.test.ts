import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATES_HEADER, localDateTime, withDatesWritten } from '../src/platform/http/wire-dates';
import { type Caller, createTestApp, type TestApp } from './harness';

const RUOYI_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('withDatesWritten', () => {
  const write = (d: Date) => `at ${d.getTime()}`;

  it('writes dates at any depth and copies only what holds one', () => {
    const plain = { name: 'x', tags: ['a'], nested: { n: 1 } };
    const input = { when: new Date(1000), rows: [{ at: new Date(2000), id: 1 }, { id: 2 }], plain };
    const out = withDatesWritten(input, write) as typeof input & Record<string, unknown>;
    expect(out).toEqual({ when: 'at 1000', rows: [{ at: 'at 2000', id: 1 }, { id: 2 }], plain });
    expect(out.plain).toBe(plain);
    expect(out.rows[1]).toBe(input.rows[1]);
    // Nothing changed in place: the input (which may be a cached value) keeps its dates.
    expect(input.when).toBeInstanceOf(Date);
    expect(input.rows[0]?.at).toBeInstanceOf(Date);
  });

  it('keeps a value without dates as the same reference', () => {
    const value = { a: [1, 'two', null, { b: true }] };
    expect(withDatesWritten(value, write)).toBe(value);
    expect(withDatesWritten('text', write)).toBe('text');
    expect(withDatesWritten(null, write)).toBeNull();
  });

  it('answers an invalid date as null and leaves other objects alone', () => {
    const buffer = Buffer.from('abc');
    expect(withDatesWritten({ bad: new Date(Number.NaN), buffer }, write)).toEqual({ bad: null, buffer });
  });

  it('writes local time as yyyy-MM-dd HH:mm:ss', () => {
    expect(localDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});

describe('dates on the wire', () => {
  let t: TestApp;
  let admin: Caller;
  const ruoyi = { [DATES_HEADER]: 'ruoyi' };
  const asRuoYi = (url: string) => admin.request({ method: 'GET', url, headers: ruoyi });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('answers RuoYi text by default and ISO-8601 to a client that asks for it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/prod-api/system/user/list', headers: { authorization: `Bearer ${admin.token}` } });
    const row = plain.json().rows.find((r: { userName: string }) => r.userName === 'admin');
    expect(row.createTime).toMatch(RUOYI_TEXT);
    expect(row.loginDate).toMatch(RUOYI_TEXT);
    const iso = (await admin.get('/prod-api/system/user/list')).body.rows.find((r: { userName: string }) => r.userName === 'admin');
    expect(iso.createTime).toMatch(ISO);
    // The same moment, in the server's time zone, to the second.
    expect(row.createTime).toBe(localDateTime(new Date(iso.createTime)));
  });

  it('writes the dates RuoYi prints as they come: user, profile, getInfo, operation log, job and job log', async () => {
    const user = (await asRuoYi('/prod-api/system/user/1')).body.data;
    expect(user.createTime).toMatch(RUOYI_TEXT);
    expect(user.loginDate).toMatch(RUOYI_TEXT);
    expect((await asRuoYi('/prod-api/system/user/profile')).body.data.createTime).toMatch(RUOYI_TEXT);
    expect((await asRuoYi('/prod-api/getInfo')).body.user.loginDate).toMatch(RUOYI_TEXT);

    const job = {
      jobName: 'dates',
      jobGroup: 'SYSTEM',
      invokeTarget: 'session.purgeExpired',
      invokeParams: {},
      cronExpression: '0 0/5 * * * ?',
      misfirePolicy: '3',
      concurrent: '1',
      status: '0',
    };
    expect((await admin.post('/prod-api/monitor/job', job)).body.code).toBe(200);
    const jobRow = (await admin.request({ method: 'GET', url: '/prod-api/monitor/job/list', query: { jobName: 'dates' }, headers: ruoyi })).body.rows[0];
    expect(jobRow.createTime).toMatch(RUOYI_TEXT);
    const detail = (await asRuoYi(`/prod-api/monitor/job/${jobRow.jobId}`)).body.data;
    expect(detail.nextValidTime).toMatch(RUOYI_TEXT);
    expect((await admin.put('/prod-api/monitor/job/run', { jobId: jobRow.jobId, jobGroup: 'SYSTEM' })).body.code).toBe(200);
    const log = (await admin.request({ method: 'GET', url: '/prod-api/monitor/jobLog/list', query: { jobId: String(jobRow.jobId) }, headers: ruoyi })).body
      .rows[0];
    expect(log.createTime).toMatch(RUOYI_TEXT);
    expect(log.startTime).toMatch(RUOYI_TEXT);
    expect((await asRuoYi(`/prod-api/monitor/jobLog/${log.jobLogId}`)).body.data.createTime).toMatch(RUOYI_TEXT);

    const operlog = (await asRuoYi('/prod-api/monitor/operlog/list')).body.rows[0];
    expect(operlog.operTime).toMatch(RUOYI_TEXT);
  });

  it('takes a RuoYi form back with its dates as text, and a date it wrote finds the row again', async () => {
    const created = await admin.post('/prod-api/system/user', { userName: 'datesman', nickName: 'Dates', password: 'secret123' });
    expect(created.body.code).toBe(200);
    const list = (await admin.request({ method: 'GET', url: '/prod-api/system/user/list', query: { userName: 'datesman' }, headers: ruoyi })).body.rows;
    const form = (await asRuoYi(`/prod-api/system/user/${list[0].userId}`)).body.data;
    // RuoYi's user page sends back the whole form it was given, dates as it read them.
    const saved = await admin.request({ method: 'PUT', url: '/prod-api/system/user', payload: { ...form, nickName: 'Dates 2' }, headers: ruoyi });
    expect(saved.body).toMatchObject({ code: 200 });
    const again = (await asRuoYi(`/prod-api/system/user/${list[0].userId}`)).body.data;
    expect(again).toMatchObject({ nickName: 'Dates 2', createTime: form.createTime });

    const found = await admin.request({
      method: 'GET',
      url: '/prod-api/system/user/list',
      query: { userName: 'datesman', 'params[beginTime]': form.createTime, 'params[endTime]': form.createTime },
      headers: ruoyi,
    });
    expect(found.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['datesman']);
  });
});
