import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../test/harness';
import { sysOperLog, sysUser } from '../../db/schema';

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
