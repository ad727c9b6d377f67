import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysNotice, sysNoticeRead, sysOperLog } from '../../../db/schema';

let t: TestApp;
let admin: Caller;
let plain: Caller;
let other: Caller;

const notices = () => t.database.db.select().from(sysNotice).orderBy(sysNotice.noticeId);
const titled = async (noticeTitle: string) => (await t.database.db.select().from(sysNotice).where(eq(sysNotice.noticeTitle, noticeTitle)))[0];
const add = async (noticeTitle: string, extra: Record<string, string> = {}) => {
  const res = await admin.post('/prod-api/system/notice', { noticeTitle, noticeType: '1', noticeContent: `<p>${noticeTitle}</p>`, ...extra });
  expect(res.body.code).toBe(200);
  return (await titled(noticeTitle))?.noticeId ?? 0;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  plain = await callerWith(t, 'plain', []);
  other = await callerWith(t, 'other', []);
});
afterAll(() => t.close());

describe('/system/notice CRUD', () => {
  it('creates, lists, edits and deletes a notice, writing the operation log', async () => {
    const noticeId = await add('系统维护通知', { noticeType: '2', remark: 'maintenance' });
    expect(await titled('系统维护通知')).toMatchObject({ noticeType: '2', status: '0', createBy: 'admin', noticeContent: '<p>系统维护通知</p>' });
    const list = await admin.get('/prod-api/system/notice/list', { noticeTitle: '维护' });
    expect(list.body).toMatchObject({ total: 1, rows: [{ noticeId, noticeTitle: '系统维护通知' }] });
    expect((await admin.get('/prod-api/system/notice/list', { noticeType: '1', noticeTitle: '维护' })).body.total).toBe(0);
    expect((await admin.get('/prod-api/system/notice/list', { createBy: 'adm' })).body.total).toBeGreaterThan(0);
    const put = await admin.put('/prod-api/system/notice', { noticeId, noticeTitle: '系统升级通知', noticeType: '2', noticeContent: '<p>v2</p>', status: '1' });
    expect(put.body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/notice/${noticeId}`)).body.data).toMatchObject({ noticeTitle: '系统升级通知', status: '1', updateBy: 'admin' });
    expect((await admin.delete(`/prod-api/system/notice/${noticeId}`)).body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/notice/${noticeId}`)).status).toBe(404);
    // The operation log row is written after the response is sent: wait for it.
    const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'notice')).orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await logs()).map((l) => [l.businessType, l.status]))
      .toEqual([
        [1, 0],
        [2, 0],
        [3, 0],
      ]);
  });

  it.each([
    [{ noticeTitle: '', noticeType: '1' }, 'Title is required'],
    [{ noticeTitle: 'X'.repeat(51), noticeType: '1' }, 'Title must be at most 50 characters'],
    [{ noticeTitle: '<script>alert(1)</script>', noticeType: '1' }, 'Title must not contain markup'],
    [{ noticeTitle: 'X', noticeType: '3' }, 'Type must be one of: 1, 2'],
    [{ noticeTitle: 'X' }, 'Type is required'],
    [{ noticeTitle: 'X', noticeType: '1', status: '9' }, 'Status must be one of: 0, 1'],
  ])('refuses %j naming the field, changing nothing', async (body, msg) => {
    const before = await notices();
    const res = await admin.post('/prod-api/system/notice', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await notices()).toEqual(before);
  });

  it('answers 404 for a missing notice on read, edit and mark', async () => {
    expect((await admin.get('/prod-api/system/notice/99999')).status).toBe(404);
    expect((await admin.put('/prod-api/system/notice', { noticeId: 99999, noticeTitle: 'X', noticeType: '1' })).status).toBe(404);
    expect((await plain.put('/prod-api/system/notice/read/99999')).status).toBe(404);
  });
});

describe('read marks', () => {
  it('counts and lists the latest open unread notices per user, and marks them read one by one or all at once', async () => {
    await t.database.db.delete(sysNotice);
    const first = await add('第一条');
    const second = await add('第二条');
    const closed = await add('已关闭', { status: '1' });
    const unread = await plain.get('/prod-api/system/notice/unread');
    expect(unread.body.data.total).toBe(2);
    expect(unread.body.data.rows.map((r: { noticeId: number }) => r.noticeId)).toEqual([second, first]);
    expect(unread.body.data.rows[0]).toMatchObject({ noticeTitle: '第二条', noticeContent: '<p>第二条</p>', createBy: 'admin' });
    expect((await plain.get('/prod-api/system/notice/unread', { limit: 1 })).body.data).toMatchObject({ total: 2, rows: [{ noticeId: second }] });

    expect((await plain.put(`/prod-api/system/notice/read/${first}`)).body.code).toBe(200);
    expect((await plain.put(`/prod-api/system/notice/read/${first}`)).body.code).toBe(200);
    expect((await plain.get('/prod-api/system/notice/unread')).body.data).toMatchObject({ total: 1, rows: [{ noticeId: second }] });
    // Another user's marks are their own.
    expect((await other.get('/prod-api/system/notice/unread')).body.data.total).toBe(2);

    expect((await plain.put('/prod-api/system/notice/readAll')).body.code).toBe(200);
    expect((await plain.get('/prod-api/system/notice/unread')).body.data).toEqual({ total: 0, rows: [] });
    const marks = await t.database.db
      .select()
      .from(sysNoticeRead)
      .where(inArray(sysNoticeRead.noticeId, [first, second, closed]));
    expect(marks.map((m) => m.noticeId).sort()).toEqual([first, second].sort());
    // Read marks are writes too: each one is in the operation log under the reader's name.
    const readLogs = () =>
      t.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.title, 'notice'), eq(sysOperLog.operName, 'plain'), eq(sysOperLog.status, 0)))
        .orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await readLogs()).map((l) => [l.requestMethod, l.operUrl, l.businessType, l.status]))
      .toEqual([
        ['PUT', `/prod-api/system/notice/read/${first}`, 2, 0],
        ['PUT', `/prod-api/system/notice/read/${first}`, 2, 0],
        ['PUT', '/prod-api/system/notice/readAll', 2, 0],
      ]);

    // Reopening the closed notice makes it unread again; deleting a notice drops its marks.
    await admin.put('/prod-api/system/notice', { noticeId: closed, noticeTitle: '已关闭', noticeType: '1', status: '0' });
    expect((await plain.get('/prod-api/system/notice/unread')).body.data.total).toBe(1);
    expect((await admin.delete(`/prod-api/system/notice/${first},${second}`)).body.code).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(sysNoticeRead)
        .where(inArray(sysNoticeRead.noticeId, [first, second])),
    ).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.anonymous.get('/prod-api/system/notice/unread')).status).toBe(401);
    expect((await t.anonymous.put('/prod-api/system/notice/readAll')).status).toBe(401);
  });
});

describe('permissions', () => {
  it('lets system:notice:list list and refuses the rest', async () => {
    const reader = await callerWith(t, 'noteread', ['system:notice:list']);
    expect((await reader.get('/prod-api/system/notice/list')).body.code).toBe(200);
    const noticeId = await add('权限测试');
    const before = await notices();
    for (const res of [
      await reader.get(`/prod-api/system/notice/${noticeId}`),
      await reader.post('/prod-api/system/notice', { noticeTitle: 'Nope', noticeType: '1' }),
      await reader.put('/prod-api/system/notice', { noticeId, noticeTitle: 'Nope', noticeType: '1' }),
      await reader.delete(`/prod-api/system/notice/${noticeId}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('The current operation has no permission');
    }
    expect(await notices()).toEqual(before);
    expect((await plain.get('/prod-api/system/notice/list')).status).toBe(403);
  });

  it('lets each other permission do its one thing', async () => {
    const writer = await callerWith(t, 'notewrite', ['system:notice:query', 'system:notice:add', 'system:notice:edit', 'system:notice:remove']);
    expect((await writer.post('/prod-api/system/notice', { noticeTitle: '临时', noticeType: '1' })).body.code).toBe(200);
    const noticeId = (await titled('临时'))?.noticeId ?? 0;
    expect((await titled('临时'))?.createBy).toBe('notewrite');
    expect((await writer.get(`/prod-api/system/notice/${noticeId}`)).body.code).toBe(200);
    expect((await writer.put('/prod-api/system/notice', { noticeId, noticeTitle: '临时2', noticeType: '2' })).body.code).toBe(200);
    expect((await writer.delete(`/prod-api/system/notice/${noticeId}`)).body.code).toBe(200);
    expect((await writer.get('/prod-api/system/notice/list')).status).toBe(403);
  });
});

describe('notice HTML', () => {
  it('attack: a notice carrying a script and an event handler is stored without them (the server sanitises too)', async () => {
    const noticeId = await add('带脚本的通知', { noticeContent: '<p onclick="steal()">hi<script>steal()</script><a href="javascript:steal()">x</a></p>' });
    expect((await titled('带脚本的通知'))?.noticeContent).toBe('<p>hi<a>x</a></p>');
    const put = await admin.put('/prod-api/system/notice', {
      noticeId,
      noticeTitle: '带脚本的通知',
      noticeType: '1',
      noticeContent: '<img src=x onerror="steal()">',
      status: '0',
    });
    expect(put.body.code).toBe(200);
    expect((await titled('带脚本的通知'))?.noticeContent).toBe('<img src="x">');
    await admin.delete(`/prod-api/system/notice/${noticeId}`);
  });
});

describe('RuoYi 3.9 header bell: listTop, markRead, markReadAll, readUsers/list', () => {
  it('lists the latest five open notices with read flags and the unread count, and marks them read as the client sends', async () => {
    await t.database.db.delete(sysNotice);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) ids.push(await add(`顶部${n}`));
    await add('已关闭的', { status: '1' });
    const reader = await callerWith(t, 'bellreader', []);
    const top = await reader.get('/prod-api/system/notice/listTop');
    expect(top.status).toBe(200);
    expect(top.body.code).toBe(200);
    expect(top.body.unreadCount).toBe(5);
    expect(top.body.data.map((n: { noticeId: number }) => n.noticeId)).toEqual(ids.slice(1).reverse());
    expect(top.body.data[0]).toMatchObject({ noticeTitle: '顶部6', isRead: false, noticeContent: '<p>顶部6</p>' });

    // markRead: the id as a query parameter (RuoYi's client) or in a JSON body.
    expect((await reader.post(`/prod-api/system/notice/markRead?noticeId=${ids[5]}`)).body.code).toBe(200);
    expect((await reader.post('/prod-api/system/notice/markRead', { noticeId: ids[4] })).body.code).toBe(200);
    const after = await reader.get('/prod-api/system/notice/listTop');
    expect(after.body.unreadCount).toBe(3);
    expect(after.body.data.slice(0, 2).map((n: { isRead: boolean }) => n.isRead)).toEqual([true, true]);
    // markReadAll with a list marks those (a closed or missing id is skipped); without one, all.
    expect((await reader.post(`/prod-api/system/notice/markReadAll?ids=${ids[3]},99999`)).body.code).toBe(200);
    expect((await reader.get('/prod-api/system/notice/listTop')).body.unreadCount).toBe(2);
    expect((await reader.post('/prod-api/system/notice/markReadAll')).body.code).toBe(200);
    expect((await reader.get('/prod-api/system/notice/listTop')).body.unreadCount).toBe(0);
    // Another user's flags are their own.
    expect((await other.get('/prod-api/system/notice/listTop')).body.unreadCount).toBe(5);

    // Who read it: paged, searchable, only with system:notice:list.
    const lister = await callerWith(t, 'readlist', ['system:notice:list']);
    await other.post(`/prod-api/system/notice/markRead?noticeId=${ids[5]}`);
    const readers = await lister.get('/prod-api/system/notice/readUsers/list', { noticeId: ids[5] ?? 0, pageNum: 1, pageSize: 10 });
    expect(readers.body).toMatchObject({ code: 200, total: 2 });
    expect(readers.body.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['bellreader', 'other']);
    expect(readers.body.rows[0]).toEqual(
      expect.objectContaining({ userId: expect.any(Number), nickName: expect.any(String), deptName: expect.any(String), readTime: expect.anything() }),
    );
    const searched = await lister.get('/prod-api/system/notice/readUsers/list', { noticeId: ids[5] ?? 0, searchValue: 'bell' });
    expect(searched.body).toMatchObject({ total: 1, rows: [{ userName: 'bellreader' }] });
    expect((await lister.get('/prod-api/system/notice/readUsers/list', { noticeId: ids[5] ?? 0, pageSize: 1, pageNum: 2 })).body.rows).toHaveLength(1);
    expect((await lister.get('/prod-api/system/notice/readUsers/list', { noticeId: 99999 })).status).toBe(404);
  });

  it('refuses bad input naming the field, writing no mark', async () => {
    const marks = () => t.database.db.select().from(sysNoticeRead);
    const before = await marks();
    const noId = await plain.post('/prod-api/system/notice/markRead');
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toBe('Notice ID is required');
    const badId = await plain.post('/prod-api/system/notice/markRead?noticeId=abc');
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toContain('Notice ID');
    const badList = await plain.post('/prod-api/system/notice/markReadAll?ids=1,,x');
    expect(badList.status).toBe(400);
    expect(badList.body.msg).toBe('IDs is not in a valid format');
    expect((await plain.post('/prod-api/system/notice/markRead?noticeId=99999')).status).toBe(404);
    const lister = await callerWith(t, 'readlist2', ['system:notice:list']);
    const noNotice = await lister.get('/prod-api/system/notice/readUsers/list');
    expect(noNotice.status).toBe(400);
    expect(noNotice.body.msg).toBe('Notice ID is required');
    expect(await marks()).toEqual(before);
  });

  it('needs a signed-in user for the bell and system:notice:list for the readers', async () => {
    expect((await t.anonymous.get('/prod-api/system/notice/listTop')).status).toBe(401);
    expect((await t.anonymous.post('/prod-api/system/notice/markRead?noticeId=1')).status).toBe(401);
    expect((await t.anonymous.post('/prod-api/system/notice/markReadAll')).status).toBe(401);
    const denied = await plain.get('/prod-api/system/notice/readUsers/list', { noticeId: 1 });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('The current operation has no permission');
  });
});
