import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysOperLog, sysUser } from '../src/db/schema';
import { multipart, workbook } from '../src/modules/system/user/test-fixtures';
import { type Caller, createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.database.db.update(sysConfig).set({ configValue: 'init123' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
});
afterAll(() => t.close());

describe('a user import is all or nothing', () => {
  it('leaves no imported user behind when the import dies midway, and still logs the attempt', async () => {
    // The database refuses the 150th user, as a crash in the middle of the import would stop it.
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_name = 'atom_boom' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON sys_user FOR EACH ROW EXECUTE FUNCTION refuse_boom()`);
    const rows: (string | number | null)[][] = [['User name', 'Nickname']];
    for (let i = 0; i < 300; i++) rows.push([i === 150 ? 'atom_boom' : `atom_${i}`, `Atom ${i}`]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'users.xlsx', content: await workbook(rows) }]);
    const logsBefore = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'user'));

    const res = await admin.request({ method: 'POST', url: '/prod-api/system/user/importData', payload, headers });
    expect(res.status).toBe(500);
    const imported = await t.database.db.select({ userName: sysUser.userName }).from(sysUser).where(like(sysUser.userName, 'atom_%'));
    expect(imported).toEqual([]);
    const logsAfter = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'user'));
    expect(logsAfter).toHaveLength(logsBefore.length + 1);
    expect(logsAfter.at(-1)).toMatchObject({ businessType: 6, status: 1 });

    await t.database.db.execute(sql`DROP TRIGGER refuse_boom ON sys_user`);
    const again = await admin.request({ method: 'POST', url: '/prod-api/system/user/importData', payload, headers });
    expect(again.body).toMatchObject({ code: 200, data: { successCount: 300, failureCount: 0 } });
    const all = await t.database.db
      .select({ userName: sysUser.userName })
      .from(sysUser)
      .where(inArray(sysUser.userName, ['atom_0', 'atom_150', 'atom_boom', 'atom_299']));
    expect(all.map((u) => u.userName).sort()).toEqual(['atom_0', 'atom_299', 'atom_boom']);
  });

  it('refuses a second row that claims a name, phone or email an earlier row of the same sheet took', async () => {
    const file = await workbook([
      ['User name', 'Nickname', 'Phone', 'Email'],
      ['dup_a', 'A', '13700000001', 'a@dup.example'],
      ['dup_a', 'A again', '', ''],
      ['dup_b', 'B', '13700000001', ''],
      ['dup_c', 'C', '', 'a@dup.example'],
    ]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'users.xlsx', content: file }]);
    const res = await admin.request({ method: 'POST', url: '/prod-api/system/user/importData', payload, headers });
    expect(res.body.code).toBe(601);
    expect(res.body.data.rows.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false, false]);
    const made = await t.database.db.select({ userName: sysUser.userName }).from(sysUser).where(like(sysUser.userName, 'dup_%'));
    expect(made).toEqual([{ userName: 'dup_a' }]);
  });
});
