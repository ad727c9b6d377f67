import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysDictData, sysDictType, sysOperLog } from '../../../db/schema';
import { SEED_DICTS } from '../../../db/seed/dicts';

let t: TestApp;
let admin: Caller;
let plain: Caller;

const snapshot = async () => ({
  types: await t.database.db.select().from(sysDictType).orderBy(sysDictType.dictId),
  data: await t.database.db.select().from(sysDictData).orderBy(sysDictData.dictCode),
});
const typeRow = async (dictType: string) => (await t.database.db.select().from(sysDictType).where(eq(sysDictType.dictType, dictType)))[0];
const dataRow = async (dictType: string, dictValue: string) =>
  (await t.database.db.select().from(sysDictData).where(eq(sysDictData.dictType, dictType))).find((r) => r.dictValue === dictValue);
const items = async (caller: Caller, dictType: string, lang = 'en') =>
  (await caller.request({ method: 'GET', url: `/prod-api/system/dict/data/type/${dictType}`, headers: { 'accept-language': lang } })).body.data;

/** Posts to an export and reads the workbook's rows as text (the harness reply keeps no raw bytes). */
async function download(caller: Caller, url: string, payload: unknown, contentType = 'application/json') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as string,
    headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en', 'content-type': contentType },
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type']), rows };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  plain = await callerWith(t, 'plain', []);
});
afterAll(() => t.close());

describe('GET /system/dict/data/type/{type}', () => {
  it("answers the enabled items in order, labelled in the caller's language, to any signed-in user", async () => {
    const en = await items(plain, 'sys_normal_disable');
    expect(en).toEqual([
      expect.objectContaining({ dictValue: '0', dictLabel: 'Normal', dictLabelZh: '正常', dictLabelEn: 'Normal', listClass: 'primary', cssClass: '' }),
      expect.objectContaining({ dictValue: '1', dictLabel: 'Disabled', dictLabelZh: '停用', dictLabelEn: 'Disabled', listClass: 'danger' }),
    ]);
    expect((await items(plain, 'sys_normal_disable', 'zh')).map((i: { dictLabel: string }) => i.dictLabel)).toEqual(['正常', '停用']);
    expect(await items(plain, 'no_such_type')).toEqual([]);
    expect((await t.anonymous.get('/prod-api/system/dict/data/type/sys_normal_disable')).status).toBe(401);
  });

  it('seeds the dictionaries the menu and notice screens use', async () => {
    for (const type of ['sys_show_hide', 'sys_normal_disable', 'sys_menu_type', 'sys_notice_type', 'sys_notice_status', 'sys_yes_no']) {
      expect((await items(plain, type)).length, type).toBeGreaterThan(1);
    }
    expect(Object.keys(SEED_DICTS)).toContain('ccms_library_type');
  });

  it('shows a data change at once: add, relabel, disable, delete', async () => {
    const add = await admin.post('/prod-api/system/dict/data', {
      dictType: 'sys_user_sex',
      dictLabel: '其他',
      dictLabelEn: 'Other',
      dictValue: '3',
      dictSort: 9,
      listClass: 'info',
    });
    expect(add.body.code).toBe(200);
    expect((await items(plain, 'sys_user_sex')).at(-1)).toMatchObject({ dictValue: '3', dictLabel: 'Other', listClass: 'info' });
    const row = await dataRow('sys_user_sex', '3');
    const dictCode = row?.dictCode ?? 0;
    const edit = { dictCode, dictType: 'sys_user_sex', dictLabel: '其它', dictLabelEn: '', dictValue: '3', dictSort: 0 };
    expect((await admin.put('/prod-api/system/dict/data', edit)).body.code).toBe(200);
    // No English label: the Chinese one stands in; sort 0 moves it first.
    expect((await items(plain, 'sys_user_sex'))[0]).toMatchObject({ dictValue: '3', dictLabel: '其它', dictLabelEn: '' });
    expect((await admin.put('/prod-api/system/dict/data', { ...edit, status: '1' })).body.code).toBe(200);
    expect((await items(plain, 'sys_user_sex')).map((i: { dictValue: string }) => i.dictValue)).toEqual(['0', '1', '2']);
    expect((await admin.delete(`/prod-api/system/dict/data/${dictCode}`)).body.code).toBe(200);
    expect(await dataRow('sys_user_sex', '3')).toBeUndefined();
  });
});

describe('what the screens read after an edit', () => {
  it('shows a relabelled seeded item at once in both languages, with no cache refresh needed', async () => {
    const row = await dataRow('sys_show_hide', '1');
    if (!row) throw new Error('seeded sys_show_hide item missing');
    const { createBy: _c, createTime: _t, updateBy: _u, updateTime: _ut, ...body } = row;
    const before = { zh: await items(plain, 'sys_show_hide', 'zh'), en: await items(plain, 'sys_show_hide') };
    expect((await admin.put('/prod-api/system/dict/data', { ...body, dictLabel: '隐藏起来', dictLabelEn: 'Concealed' })).body.code).toBe(200);
    const label = (list: { dictValue: string; dictLabel: string }[]) => list.find((i) => i.dictValue === '1')?.dictLabel;
    expect(label(await items(plain, 'sys_show_hide'))).toBe('Concealed');
    expect(label(await items(plain, 'sys_show_hide', 'zh'))).toBe('隐藏起来');
    expect(label(before.en)).not.toBe('Concealed');
    // The other item is untouched.
    expect((await items(plain, 'sys_show_hide')).find((i: { dictValue: string }) => i.dictValue === '0')).toEqual(
      before.en.find((i: { dictValue: string }) => i.dictValue === '0'),
    );
    expect((await admin.put('/prod-api/system/dict/data', body)).body.code).toBe(200);
    expect(await items(plain, 'sys_show_hide', 'zh')).toEqual(before.zh);
  });
});

describe('/system/dict/type', () => {
  it('lists with paging, filters and sort, and answers one type or 404', async () => {
    const page = await admin.get('/prod-api/system/dict/type/list', { pageNum: 1, pageSize: 3, orderByColumn: 'dictType', isAsc: 'asc' });
    expect(page.body.total).toBe(Object.keys(SEED_DICTS).length);
    expect(page.body.rows).toHaveLength(3);
    expect(page.body.rows[0].dictType).toBe('ccms_document_status');
    expect((await admin.get('/prod-api/system/dict/type/list', { dictType: 'sys_notice' })).body.total).toBe(2);
    expect((await admin.get('/prod-api/system/dict/type/list', { dictName: '通知' })).body.total).toBe(2);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get('/prod-api/system/dict/type/list', { 'params[beginTime]': '2000-01-01', 'params[endTime]': dayAfter })).body.total).toBeGreaterThan(
      5,
    );
    expect((await admin.get('/prod-api/system/dict/type/list', { 'params[beginTime]': '2999-01-01' })).body.total).toBe(0);
    const bad = await admin.get('/prod-api/system/dict/type/list', { 'params[beginTime]': 'yesterday' });
    expect(bad.body).toEqual({ code: 400, msg: 'Start time is not in a valid format' });
    const one = page.body.rows[0];
    expect((await admin.get(`/prod-api/system/dict/type/${one.dictId}`)).body.data).toMatchObject({ dictType: 'ccms_document_status' });
    expect((await admin.get('/prod-api/system/dict/type/99999')).status).toBe(404);
  });

  it('answers every type for selects, to any signed-in user', async () => {
    const res = await plain.get('/prod-api/system/dict/type/optionselect');
    expect(res.body.data).toHaveLength(Object.keys(SEED_DICTS).length);
  });

  it('creates, renames (carrying its data along) and deletes a type, writing the operation log', async () => {
    expect((await admin.post('/prod-api/system/dict/type', { dictName: '优先级', dictType: 'ccms_priority', remark: 'work items' })).body.code).toBe(200);
    const type = await typeRow('ccms_priority');
    expect(type).toMatchObject({ dictName: '优先级', status: '0', createBy: 'admin', remark: 'work items' });
    for (const [dictValue, dictLabel, dictLabelEn] of [
      ['high', '高', 'High'],
      ['low', '低', 'Low'],
    ]) {
      expect((await admin.post('/prod-api/system/dict/data', { dictType: 'ccms_priority', dictValue, dictLabel, dictLabelEn })).body.code).toBe(200);
    }
    const dictId = type?.dictId ?? 0;
    expect((await admin.put('/prod-api/system/dict/type', { dictId, dictName: '工作项优先级', dictType: 'ccms_work_priority' })).body.code).toBe(200);
    expect(await typeRow('ccms_priority')).toBeUndefined();
    expect((await items(plain, 'ccms_work_priority')).map((i: { dictLabel: string }) => i.dictLabel)).toEqual(['High', 'Low']);
    expect(await items(plain, 'ccms_priority')).toEqual([]);

    const refused = await admin.delete(`/prod-api/system/dict/type/${dictId}`);
    expect(refused.body).toEqual({ code: 400, msg: 'Dictionary "工作项优先级" has data and cannot be deleted' });
    const codes = (await t.database.db.select().from(sysDictData).where(eq(sysDictData.dictType, 'ccms_work_priority'))).map((r) => r.dictCode);
    expect((await admin.delete(`/prod-api/system/dict/data/${codes.join(',')}`)).body.code).toBe(200);
    expect((await admin.delete(`/prod-api/system/dict/type/${dictId}`)).body.code).toBe(200);
    expect(await typeRow('ccms_work_priority')).toBeUndefined();
    // The operation log row is written after the response is sent: wait for it.
    const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'dict type')).orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await logs()).map((l) => [l.businessType, l.status]))
      .toEqual([
        [1, 0],
        [2, 0],
        [3, 1],
        [3, 0],
      ]);
  });

  it('deletes nothing when one of several types still has data', async () => {
    await admin.post('/prod-api/system/dict/type', { dictName: '空', dictType: 'ccms_empty' });
    const empty = await typeRow('ccms_empty');
    const used = await typeRow('sys_yes_no');
    const before = await snapshot();
    const res = await admin.delete(`/prod-api/system/dict/type/${empty?.dictId},${used?.dictId}`);
    expect(res.body.msg).toBe('Dictionary "系统是否" has data and cannot be deleted');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ dictName: '', dictType: 'ccms_x' }, 'Dictionary name is required'],
    [{ dictName: 'X', dictType: '' }, 'Dictionary type is required'],
    [{ dictName: 'X', dictType: 'Bad-Type' }, 'Dictionary type must start with a lower-case letter and hold only lower-case letters, digits and underscores'],
    [{ dictName: 'X', dictType: `a${'b'.repeat(100)}` }, 'Dictionary type must be at most 100 characters'],
    [{ dictName: 'X', dictType: 'ccms_x', status: '2' }, 'Status must be one of: 0, 1'],
    [{ dictName: '重复', dictType: 'sys_yes_no' }, 'Cannot save dictionary "重复": dictionary type "sys_yes_no" already exists'],
  ])('refuses the type %j naming the problem, changing nothing', async (body, msg) => {
    const before = await snapshot();
    const res = await admin.post('/prod-api/system/dict/type', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses renaming a type onto another one, changing nothing', async () => {
    const type = await typeRow('sys_user_sex');
    const before = await snapshot();
    const res = await admin.put('/prod-api/system/dict/type', { dictId: type?.dictId, dictName: '用户性别', dictType: 'sys_yes_no' });
    expect(res.body.msg).toBe('Cannot save dictionary "用户性别": dictionary type "sys_yes_no" already exists');
    expect(await snapshot()).toEqual(before);
  });

  it('refreshes the cache (nothing is cached) and exports the filtered types as a workbook', async () => {
    expect((await admin.delete('/prod-api/system/dict/type/refreshCache')).body).toEqual({ code: 200, msg: 'Operation succeeded' });
    const res = await download(admin, '/prod-api/system/dict/type/export', { dictType: 'sys_notice' });
    expect(res.contentType).toContain('spreadsheetml');
    expect(res.rows[0]).toEqual(['ID', 'Name', 'Type', 'Status', 'Remark', 'Created']);
    expect(res.rows.slice(1).map((r) => [r[2], r[3]])).toEqual([
      ['sys_notice_type', 'Normal'],
      ['sys_notice_status', 'Normal'],
    ]);
  });
});

describe('/system/dict/data', () => {
  it('lists a type with paging and label filter, and answers one item or 404', async () => {
    const res = await admin.get('/prod-api/system/dict/data/list', { dictType: 'sys_oper_type', pageSize: 4 });
    expect(res.body.total).toBe(9);
    expect(res.body.rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(['0', '1', '2', '3']);
    expect((await admin.get('/prod-api/system/dict/data/list', { dictType: 'sys_oper_type', dictLabel: 'Force' })).body.rows[0].dictLabel).toBe('强退');
    const code = res.body.rows[0].dictCode;
    expect((await admin.get(`/prod-api/system/dict/data/${code}`)).body.data).toMatchObject({ dictType: 'sys_oper_type', dictLabelEn: 'Other' });
    expect((await admin.get('/prod-api/system/dict/data/99999')).status).toBe(404);
  });

  it.each([
    [{ dictType: 'sys_yes_no', dictLabel: '', dictValue: 'M' }, 'Label is required'],
    [{ dictType: 'sys_yes_no', dictLabel: 'X', dictValue: '' }, 'Value is required'],
    [{ dictType: 'sys_yes_no', dictLabel: 'X', dictValue: 'M', isDefault: 'maybe' }, 'Default must be one of: Y, N'],
    [{ dictType: 'sys_yes_no', dictLabel: 'X', dictValue: 'M', dictSort: -1 }, 'Sort must not be less than 0'],
    [{ dictType: 'no_such_type', dictLabel: 'X', dictValue: 'M' }, 'Dictionary type: dictionary type "no_such_type" does not exist'],
    [{ dictType: 'sys_yes_no', dictLabel: 'X', dictValue: 'Y' }, 'dictValue "Y" already exists in dictionary "sys_yes_no"'],
  ])('refuses the item %j naming the problem, changing nothing', async (body, msg) => {
    const before = await snapshot();
    const res = await admin.post('/prod-api/system/dict/data', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await snapshot()).toEqual(before);
  });

  it('exports the items of a type, posted as form fields the way the RuoYi web does', async () => {
    const res = await download(admin, '/prod-api/system/dict/data/export', 'dictType=sys_yes_no&pageNum=1&pageSize=10', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    const rows = res.rows;
    expect(rows[0]).toContain('Label (en)');
    expect(rows.slice(1).map((r) => r[4])).toEqual(['Y', 'N']);
  });
});

describe('permissions', () => {
  it('lets system:dict:list list and refuses the rest', async () => {
    const reader = await callerWith(t, 'dictread', ['system:dict:list']);
    expect((await reader.get('/prod-api/system/dict/type/list')).body.code).toBe(200);
    expect((await reader.get('/prod-api/system/dict/data/list', { dictType: 'sys_yes_no' })).body.code).toBe(200);
    const before = await snapshot();
    const type = await typeRow('sys_yes_no');
    const item = await dataRow('sys_yes_no', 'Y');
    for (const res of [
      await reader.get(`/prod-api/system/dict/type/${type?.dictId}`),
      await reader.get(`/prod-api/system/dict/data/${item?.dictCode}`),
      await reader.post('/prod-api/system/dict/type', { dictName: 'X', dictType: 'ccms_nope' }),
      await reader.put('/prod-api/system/dict/type', { dictId: type?.dictId, dictName: 'X', dictType: 'sys_yes_no' }),
      await reader.delete(`/prod-api/system/dict/type/${type?.dictId}`),
      await reader.delete('/prod-api/system/dict/type/refreshCache'),
      await reader.post('/prod-api/system/dict/type/export', {}),
      await reader.post('/prod-api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'X', dictValue: 'M' }),
      await reader.put('/prod-api/system/dict/data', { dictCode: item?.dictCode, dictType: 'sys_yes_no', dictLabel: 'X', dictValue: 'Y' }),
      await reader.delete(`/prod-api/system/dict/data/${item?.dictCode}`),
      await reader.post('/prod-api/system/dict/data/export', {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('The current operation has no permission');
    }
    expect(await snapshot()).toEqual(before);
    expect((await plain.get('/prod-api/system/dict/type/list')).status).toBe(403);
  });

  it('lets each other permission do its one thing', async () => {
    const writer = await callerWith(t, 'dictwrite', ['system:dict:query', 'system:dict:add', 'system:dict:edit', 'system:dict:remove', 'system:dict:export']);
    expect((await writer.post('/prod-api/system/dict/type', { dictName: '临时', dictType: 'ccms_tmp' })).body.code).toBe(200);
    const type = await typeRow('ccms_tmp');
    expect((await writer.get(`/prod-api/system/dict/type/${type?.dictId}`)).body.code).toBe(200);
    expect((await writer.put('/prod-api/system/dict/type', { dictId: type?.dictId, dictName: '临时2', dictType: 'ccms_tmp' })).body.code).toBe(200);
    expect((await writer.post('/prod-api/system/dict/data', { dictType: 'ccms_tmp', dictLabel: 'A', dictValue: 'a' })).body.code).toBe(200);
    const item = await dataRow('ccms_tmp', 'a');
    expect((await writer.get(`/prod-api/system/dict/data/${item?.dictCode}`)).body.code).toBe(200);
    expect((await writer.put('/prod-api/system/dict/data', { dictCode: item?.dictCode, dictType: 'ccms_tmp', dictLabel: 'B', dictValue: 'a' })).body.code).toBe(
      200,
    );
    expect((await writer.post('/prod-api/system/dict/data/export', { dictType: 'ccms_tmp' })).status).toBe(200);
    expect((await writer.delete(`/prod-api/system/dict/data/${item?.dictCode}`)).body.code).toBe(200);
    expect((await writer.delete(`/prod-api/system/dict/type/${type?.dictId}`)).body.code).toBe(200);
    expect((await writer.get('/prod-api/system/dict/type/list')).status).toBe(403);
  });
});
