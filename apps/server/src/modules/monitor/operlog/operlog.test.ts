import { count, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysOperLog } from '../../../db/schema';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let nobody: Caller;
const logCount = async () => (await t.database.db.select({ n: count() }).from(sysOperLog))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  reader = await callerWith(t, 'reader', ['monitor:operlog:list', 'monitor:operlog:query']);
  nobody = await callerWith(t, 'nobody', []);
  await t.database.db.insert(sysOperLog).values([
    { title: 'user', businessType: 1, operName: 'alice', operIp: '10.0.0.1', status: 0, costTime: 5, operTime: new Date(2024, 0, 10, 9, 0, 0) },
    {
      title: 'user',
      businessType: 3,
      operName: 'bob',
      operIp: '10.0.0.2',
      status: 1,
      errorMsg: 'boom',
      costTime: 50,
      operTime: new Date(2024, 0, 11, 9, 0, 0),
    },
    { title: 'role', businessType: 2, operName: 'alice', operIp: '10.0.0.1', status: 0, costTime: 20, operTime: new Date(2024, 0, 12, 23, 30, 0) },
    { title: '100%_done', businessType: 0, operName: 'carol', status: 0, costTime: 1, operTime: new Date(2024, 0, 13, 8, 0, 0) },
  ]);
});
afterAll(() => t.close());

const titles = (res: { body: { rows: { title: string; operName: string }[] } }) => res.body.rows.map((r) => `${r.title}/${r.operName}`);

describe('GET /monitor/operlog/list', () => {
  it('filters by title, operator, type, status and time range', async () => {
    expect((await reader.get('/prod-api/monitor/operlog/list', { title: 'user' })).body.total).toBe(2);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { operName: 'bob' }))).toEqual(['user/bob']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { businessType: 2 }))).toEqual(['role/alice']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { status: 1, title: 'user' }))).toEqual(['user/bob']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { title: '%_' }))).toEqual(['100%_done/carol']);
    const range = await reader.get('/prod-api/monitor/operlog/list', { 'params[beginTime]': '2024-01-11', 'params[endTime]': '2024-01-12' });
    expect(titles(range).sort()).toEqual(['role/alice', 'user/bob']);
    const timed = await reader.get('/prod-api/monitor/operlog/list', { 'params[beginTime]': '2024-01-10 08:00:00', 'params[endTime]': '2024-01-10 10:00:00' });
    expect(titles(timed)).toEqual(['user/alice']);
    const blank = await reader.get('/prod-api/monitor/operlog/list', { title: 'user', businessType: '', status: '' });
    expect(blank.body.total).toBe(2);
  });

  it('sorts by operTime or costTime only', async () => {
    const byCost = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'costTime', isAsc: 'descending', pageSize: 2 });
    expect(byCost.body.rows.map((r: { costTime: number }) => r.costTime)).toEqual([50, 20]);
    const byTime = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'operTime', isAsc: 'ascending', pageSize: 1 });
    expect(titles(byTime)).toEqual(['user/alice']);
    expect((await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'operParam' })).body).toEqual({ code: 400, msg: 'Cannot sort by operParam' });
  });

  it.each([
    [{ businessType: 9 }, 'Type must not be greater than 8'],
    [{ status: 'x' }, 'Status has the wrong type'],
    [{ 'params[beginTime]': 'yesterday' }, 'Start time is not in a valid format'],
    [{ 'params[endTime]': '2024-02-30' }, 'End time is not in a valid format'],
  ])('refuses %j naming the field', async (query, msg) => {
    expect((await reader.get('/prod-api/monitor/operlog/list', query)).body).toEqual({ code: 400, msg });
  });

  it('is refused without monitor:operlog:list; the detail needs monitor:operlog:query', async () => {
    expect((await nobody.get('/prod-api/monitor/operlog/list')).status).toBe(403);
    const [row] = (await reader.get('/prod-api/monitor/operlog/list', { operName: 'bob' })).body.rows;
    const one = await reader.get(`/prod-api/monitor/operlog/${row.operId}`);
    expect(one.body.data).toMatchObject({ operName: 'bob', errorMsg: 'boom', status: 1 });
    expect((await nobody.get(`/prod-api/monitor/operlog/${row.operId}`)).status).toBe(403);
    expect((await reader.get('/prod-api/monitor/operlog/999999')).status).toBe(404);
  });
});

describe('export, delete and clean', () => {
  it('exports the filtered rows (monitor:operlog:export), also from a form post', async () => {
    expect((await reader.post('/prod-api/monitor/operlog/export', {})).status).toBe(403);
    const exporter = await callerWith(t, 'exporter', ['monitor:operlog:export']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/monitor/operlog/export',
      headers: { authorization: `Bearer ${exporter.token}`, 'accept-language': 'zh', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'operName=alice&businessType=',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['download-filename']).toBe('operlog.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).text).toBe('操作模块');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(3).text).toBe('修改');
  });

  it('deletes by ids (monitor:operlog:remove); a bad id list changes nothing', async () => {
    const remover = await callerWith(t, 'remover', ['monitor:operlog:remove']);
    const [row] = (await reader.get('/prod-api/monitor/operlog/list', { operName: 'carol' })).body.rows;
    const before = await logCount();
    expect((await reader.delete(`/prod-api/monitor/operlog/${row.operId}`)).status).toBe(403);
    const bad = await remover.delete('/prod-api/monitor/operlog/1;DROP');
    expect(bad.body).toEqual({ code: 400, msg: 'The id list is malformed' });
    expect(await logCount()).toBeGreaterThanOrEqual(before);
    expect((await remover.delete(`/prod-api/monitor/operlog/${row.operId}`)).body.code).toBe(200);
    expect((await reader.get('/prod-api/monitor/operlog/list', { operName: 'carol' })).body.total).toBe(0);
  });

  it('clean empties the log, then records the clean itself', async () => {
    expect((await reader.delete('/prod-api/monitor/operlog/clean')).status).toBe(403);
    expect((await admin.delete('/prod-api/monitor/operlog/clean')).body.code).toBe(200);
    // The operation log row is written once the response has gone: wait for it.
    let rows: unknown[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      rows = ((await t.database.db.execute(sql`SELECT title, business_type FROM sys_oper_log`)) as unknown as { rows: unknown[] }).rows;
    }
    expect(rows).toEqual([{ title: 'operlog', business_type: 8 }]);
  });
});
