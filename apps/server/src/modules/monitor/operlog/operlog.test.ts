import { OPER_LOG_TITLES } from '@ccms/contracts/monitor/operlog-titles';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
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
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { operName: 'bob' }))).toEqual(['User management/bob']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { businessType: 2 }))).toEqual(['Role management/alice']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { status: 1, title: 'user' }))).toEqual(['User management/bob']);
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { title: '%_' }))).toEqual(['100%_done/carol']);
    const range = await reader.get('/prod-api/monitor/operlog/list', { 'params[beginTime]': '2024-01-11', 'params[endTime]': '2024-01-12' });
    expect(titles(range).sort()).toEqual(['Role management/alice', 'User management/bob']);
    const timed = await reader.get('/prod-api/monitor/operlog/list', { 'params[beginTime]': '2024-01-10 08:00:00', 'params[endTime]': '2024-01-10 10:00:00' });
    expect(titles(timed)).toEqual(['User management/alice']);
    const blank = await reader.get('/prod-api/monitor/operlog/list', { title: 'user', businessType: '', status: '' });
    expect(blank.body.total).toBe(2);
  });

  it('sorts by operTime, costTime or operator (operName) only', async () => {
    const byCost = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'costTime', isAsc: 'descending', pageSize: 2 });
    expect(byCost.body.rows.map((r: { costTime: number }) => r.costTime)).toEqual([50, 20]);
    const byTime = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'operTime', isAsc: 'ascending', pageSize: 1 });
    expect(titles(byTime)).toEqual(['User management/alice']);
    const byOperator = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'operName', isAsc: 'descending' });
    expect(byOperator.body.rows.map((r: { operName: string }) => r.operName)).toEqual(['carol', 'bob', 'alice', 'alice']);
    const upward = await reader.get('/prod-api/monitor/operlog/list', { orderByColumn: 'operName', isAsc: 'ascending', pageSize: 1 });
    expect(upward.body.rows[0].operName).toBe('alice');
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

describe("titles: the module's display name in the caller's language", () => {
  it('answers 用户管理 in zh and User management in en, in the list, the detail and the export', async () => {
    const zhReader = callerFor(t.app, reader.token, 'zh');
    const en = await reader.get('/prod-api/monitor/operlog/list', { operName: 'bob' });
    expect(en.body.rows[0].title).toBe('User management');
    const zh = await zhReader.get('/prod-api/monitor/operlog/list', { operName: 'bob' });
    expect(zh.body.rows[0].title).toBe('用户管理');
    expect((await zhReader.get(`/prod-api/monitor/operlog/${zh.body.rows[0].operId}`)).body.data.title).toBe('用户管理');
    expect((await reader.get(`/prod-api/monitor/operlog/${zh.body.rows[0].operId}`)).body.data.title).toBe('User management');
    // A title with no display name is answered as stored.
    expect((await zhReader.get('/prod-api/monitor/operlog/list', { operName: 'carol' })).body.rows[0].title).toBe('100%_done');
  });

  it('finds rows by the display name in either language, or by the stored title', async () => {
    for (const text of ['用户管理', '用户', 'User management', 'user manage', 'user']) {
      const res = await reader.get('/prod-api/monitor/operlog/list', { title: text });
      expect(titles(res).sort(), text).toEqual(['User management/alice', 'User management/bob']);
    }
    expect(titles(await reader.get('/prod-api/monitor/operlog/list', { title: '角色' }))).toEqual(['Role management/alice']);
    // "management" names both modules: every row of both.
    expect((await reader.get('/prod-api/monitor/operlog/list', { title: 'management' })).body.total).toBe(3);
    expect((await reader.get('/prod-api/monitor/operlog/list', { title: '不存在的模块' })).body.total).toBe(0);
  });

  it('has a display name in zh and en for the title every logged route declares', () => {
    const declared = new Set(
      t.app.routeTable.flatMap((r) => {
        const log = r.access.log;
        return log && 'title' in log ? [log.title] : [];
      }),
    );
    expect(declared.size).toBeGreaterThan(20);
    const missing = [...declared].filter((title) => !OPER_LOG_TITLES[title]?.zh || !OPER_LOG_TITLES[title]?.en);
    expect(missing).toEqual([]);
  });

  it('writes the key and answers the name for a real operation', async () => {
    const remover = await callerWith(t, 'titler', ['monitor:operlog:remove', 'monitor:operlog:list']);
    await remover.delete('/prod-api/monitor/operlog/999999');
    let rows: { title: string }[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      rows = (await callerFor(t.app, remover.token, 'zh').get('/prod-api/monitor/operlog/list', { operName: 'titler' })).body.rows;
    }
    expect(rows.map((r) => r.title)).toEqual(['操作日志']);
    const [stored] = await t.database.db.select({ title: sysOperLog.title }).from(sysOperLog).where(eq(sysOperLog.operName, 'titler'));
    expect(stored?.title).toBe('operlog');
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
    expect([sheet?.getRow(2).getCell(2).text, sheet?.getRow(3).getCell(2).text].sort()).toEqual(['用户管理', '角色管理'].sort());
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
