import { translate } from '@ccms/contracts/messages';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, freshDatabase, type TestApp } from '../../../test/harness';
import { sysOperLog, sysUser } from '../../db/schema';
import { BusinessType } from '../types';
import { operationLog } from './operation-log';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const CREATED = 'Cr3atedPw1';
const RESET = 'R3setPw22';
const UPDATED = 'Upd4tedPw3';
const IN_QUERY = 'Qu3ryPw44';

describe('the operation log keeps passwords out', () => {
  it('records user create, resetPwd and updatePwd without the password in params, result, url or error', async () => {
    const created = await admin.post('/prod-api/system/user', { userName: 'hidden', nickName: 'Hidden', password: CREATED });
    expect(created.body.code).toBe(200);
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'hidden'));
    const userId = user?.userId ?? 0;
    expect((await admin.put('/prod-api/system/user/resetPwd', { userId, password: RESET })).body.code).toBe(200);
    const me = await t.login('hidden', RESET);
    expect((await me.put('/prod-api/system/user/profile/updatePwd', { oldPassword: RESET, newPassword: UPDATED })).body.code).toBe(200);
    // A refused change (old password wrong) and the old web's query-string form are logged too, as failures.
    expect((await me.put('/prod-api/system/user/profile/updatePwd', { oldPassword: CREATED, newPassword: IN_QUERY })).status).toBe(400);
    const query = await me.request({
      method: 'PUT',
      url: `/prod-api/system/user/profile/updatePwd?oldPassword=${UPDATED}&newPassword=${IN_QUERY}`,
      payload: {},
    });
    expect(query.status).toBe(400);

    const rows = () => t.database.db.select().from(sysOperLog).orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await rows()).map((r) => [r.title, r.businessType, r.status]))
      .toEqual([
        ['user', 1, 0],
        ['user', 2, 0],
        ['profile', 2, 0],
        ['profile', 2, 1],
        ['profile', 2, 1],
      ]);
    const logged = await rows();
    expect(logged[0]?.operParam).toContain('"userName":"hidden"');
    expect(logged[0]?.operParam).toContain('"password":"******"');
    expect(logged[1]?.operParam).toContain(`"userId":${userId}`);
    expect(logged[4]?.operUrl).toBe('/prod-api/system/user/profile/updatePwd?oldPassword=******&newPassword=******');
    for (const row of logged) {
      const text = [row.operParam, row.jsonResult, row.operUrl, row.errorMsg].join('\n');
      for (const secret of [CREATED, RESET, UPDATED, IN_QUERY]) expect(text, `${row.title} ${row.operUrl}`).not.toContain(secret);
    }
  });
});

describe('the operation log loses no row', () => {
  const noticeRows = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'notice')).orderBy(sysOperLog.operId);

  it('keeps the row of a request whose body is nested thousands deep', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const before = (await noticeRows()).length;
    const res = await admin.request({
      method: 'POST',
      url: '/prod-api/system/notice',
      headers: { 'content-type': 'application/json' },
      payload: `{"noticeType":"1","noticeTitle":${deep}}`,
    });
    expect(res.status).toBe(400);
    const rows = await noticeRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.status).toBe(1);
    expect(rows.at(-1)?.operParam).toContain('{…}');
  });

  it('keeps the row of a refusal whose message echoes a NUL the caller sent, without the NUL', async () => {
    const rows = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'user')).orderBy(sysOperLog.operId);
    const before = (await rows()).length;
    const res = await admin.request({ method: 'POST', url: '/prod-api/system/user/export?orderByColumn=user%00Name' });
    expect(res.status).toBe(400);
    const after = await rows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.status).toBe(1);
    expect(after.at(-1)?.errorMsg).not.toContain('\u0000');
  });

  it('writes the row before the handler runs, so a write that committed has its row even if the answer never leaves', async () => {
    const database = await freshDatabase();
    const app = Fastify();
    app.decorate('db', database.db);
    await app.register(operationLog);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.post('/prod-api/probe', { config: { log: { title: 'probe', businessType: BusinessType.INSERT } } }, async () => {
      entered();
      await held;
      return { code: 200, msg: 'ok' };
    });
    try {
      const answer = app.inject({ method: 'POST', url: '/prod-api/probe', payload: { name: 'x' } });
      await inHandler;
      // The handler has written (or is writing) and not answered: the row is already there.
      const during = await database.db.select().from(sysOperLog);
      expect(during).toHaveLength(1);
      expect(during[0]).toMatchObject({ title: 'probe', status: 1, errorMsg: translate('zh', 'operLog.unfinished') });
      expect(during[0]?.operParam).toBe('{"name":"x"}');
      release();
      expect((await answer).statusCode).toBe(200);
      const after = await database.db.select().from(sysOperLog);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ title: 'probe', status: 0, errorMsg: '', jsonResult: '{"code":200,"msg":"ok"}' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
