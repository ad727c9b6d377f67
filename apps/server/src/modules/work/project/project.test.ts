import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProject, ccmsProjectGrant } from '../../../db/schema';
import { type TestUser, userWith } from '../../content/content-test-kit';
import { createProject, projectBody, WORK_PERMS } from './project-test-kit';

let t: TestApp;
let admin: Caller;
let author: TestUser;
let reader: TestUser;
let outsider: TestUser;

const projectRows = async () => (await t.database.db.select({ n: count() }).from(ccmsProject))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  author = await userWith(t, 'pauthor', WORK_PERMS);
  reader = await userWith(t, 'preader', WORK_PERMS);
  outsider = await userWith(t, 'poutside', WORK_PERMS);
  const cat = await admin.post('/prod-api/ccms/project/dictData/add', { name: 'Manual', value: 'manual', sort: 1 });
  expect(cat.body.code, cat.raw).toBe(200);
});
afterAll(() => t.close());

describe('projects: create, read, update, close, reopen, delete', () => {
  it('runs the life cycle of a project', async () => {
    const res = await author.caller.post(
      '/prod-api/ccms/project',
      projectBody('Manual A320', { category: 'manual', beginDate: '2025-01-01', endDate: '2025-06-30' }),
    );
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    const id: number = res.body.data.id;

    const detail = (await author.caller.get(`/prod-api/ccms/project/${id}`)).body.data;
    expect(detail).toMatchObject({
      id,
      title: 'Manual A320',
      status: '0',
      category: 'manual',
      categoryName: 'Manual',
      ownerId: author.userId,
      ownerName: 'pauthor nick',
      beginDate: '2025-01-01',
      endDate: '2025-06-30',
      projectBranch: 'main',
      myLevel: 'owner',
      rowVersion: 1,
    });
    // The creator owns the project.
    const grants = await t.database.db.select().from(ccmsProjectGrant).where(eq(ccmsProjectGrant.projectId, id));
    expect(grants).toMatchObject([{ granteeType: 'user', granteeId: author.userId, level: 'owner' }]);

    // The top bar reads open projects as rows with id and title.
    const open = await author.caller.get('/prod-api/ccms/project/list', { status: '0' });
    expect(open.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ id, title: 'Manual A320' })]));

    const put = await author.caller.put('/prod-api/ccms/project', {
      ...projectBody('Manual A320 rev', { category: 'manual' }),
      id,
      rowVersion: 1,
      status: '1',
    });
    expect(put.body, put.raw).toMatchObject({ code: 200 });
    const closed = (await author.caller.get(`/prod-api/ccms/project/${id}`)).body.data;
    expect(closed).toMatchObject({ title: 'Manual A320 rev', status: '1', rowVersion: 2 });
    expect((await author.caller.get('/prod-api/ccms/project/list', { status: '0' })).body.rows.map((r: { id: number }) => r.id)).not.toContain(id);

    // reAdd reopens a closed project, and only a closed one.
    expect((await author.caller.put('/prod-api/ccms/project/reAdd', { id })).body.code).toBe(200);
    expect((await author.caller.get(`/prod-api/ccms/project/${id}`)).body.data.status).toBe('0');
    const again = await author.caller.put('/prod-api/ccms/project/reAdd', { id });
    expect(again.body).toEqual({ code: 400, msg: 'Only a closed project can be reopened' });

    expect((await author.caller.delete(`/prod-api/ccms/project/${id}`)).body.code).toBe(200);
    expect((await author.caller.get(`/prod-api/ccms/project/${id}`)).body).toEqual({ code: 403, msg: 'No relevant permissions' });
    expect((await admin.get(`/prod-api/ccms/project/${id}`)).status).toBe(404);
    // The title is free again.
    await createProject(author.caller, 'Manual A320 rev');
  });

  it('lets an owner be chosen, and offers users for the owner select', async () => {
    const id = await createProject(author.caller, 'Owned by reader', { ownerId: reader.userId });
    expect((await reader.caller.get(`/prod-api/ccms/project/${id}`)).body.data).toMatchObject({ ownerId: reader.userId, myLevel: 'owner' });
    const all = await author.caller.get('/prod-api/ccms/project/listUserForOption');
    expect(all.body.data.map((u: { userName: string }) => u.userName)).toEqual(expect.arrayContaining(['admin', 'pauthor', 'preader']));
    const some = await author.caller.get('/prod-api/ccms/project/listUserForOptionByStr', { userStr: 'read' });
    expect(some.body.data.map((u: { userName: string }) => u.userName)).toEqual(['preader']);
    expect((await author.caller.get('/prod-api/ccms/project/user/list', { keyword: 'pauth' })).body.data).toEqual([
      { userId: author.userId, userName: 'pauthor', nickName: 'pauthor nick' },
    ]);
    expect((await author.caller.get('/prod-api/ccms/project/role/list')).body.data.map((r: { roleKey: string }) => r.roleKey)).toContain('admin');
  });

  it('exports the visible projects as a workbook', async () => {
    const res = await author.caller.post('/prod-api/ccms/project/export', {});
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('project validation', () => {
  it('refuses bad input with a message naming the field and writes nothing', async () => {
    const before = await projectRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ version: '' }, 'Version is required'],
      [{ sourceBranch: '' }, 'Source branch is required'],
      [{ useOriginBranch: false, projectBranch: '' }, 'Project branch is required'],
      [{ beginDate: '2025-05-02', endDate: '2025-05-01' }, 'End date must not be before the begin date'],
      [{ category: 'nosuch' }, 'Category "nosuch" is not in the project category dictionary'],
      [{ updateSchedule: 'weekly' }, 'Scheduled update must be one of: minutes, hour, day, never'],
    ];
    for (const [extra, msg] of cases) {
      const res = await author.caller.post('/prod-api/ccms/project', projectBody('Invalid one', extra));
      expect(res.body, JSON.stringify(extra)).toEqual({ code: 400, msg });
    }
    await createProject(author.caller, 'Unique title');
    const dup = await author.caller.post('/prod-api/ccms/project', projectBody('Unique title'));
    expect(dup.body).toEqual({ code: 400, msg: 'Project "Unique title" already exists' });
    expect(await projectRows()).toBe(before + 1);
  });

  it('names the end date in Chinese too', async () => {
    const zh = callerFor(t.app, author.caller.token, 'zh');
    const res = await zh.post('/prod-api/ccms/project', projectBody('日期', { beginDate: '2025-05-02', endDate: '2025-05-01' }));
    expect(res.body).toEqual({ code: 400, msg: '结束日期不能早于开始日期' });
  });

  it('refuses an edit with an end before the begin and keeps the row', async () => {
    const id = await createProject(author.caller, 'Dates kept', { beginDate: '2025-01-01', endDate: '2025-02-01' });
    const res = await author.caller.put('/prod-api/ccms/project', {
      ...projectBody('Dates kept', { beginDate: '2025-03-01', endDate: '2025-02-01' }),
      id,
      rowVersion: 1,
    });
    expect(res.body).toEqual({ code: 400, msg: 'End date must not be before the begin date' });
    expect((await author.caller.get(`/prod-api/ccms/project/${id}`)).body.data).toMatchObject({
      beginDate: '2025-01-01',
      endDate: '2025-02-01',
      rowVersion: 1,
    });
  });
});

describe('project permission levels', () => {
  it('allows each level what it may do and denies the rest', async () => {
    const id = await createProject(author.caller, 'Levels');
    const edit = (who: Caller, title: string, rowVersion: number) => who.put('/prod-api/ccms/project', { ...projectBody(title), id, rowVersion });
    const grant = (who: Caller, level: string, granteeId = reader.userId, granteeType = 'user') =>
      who.post('/prod-api/ccms/project/permission', { projectId: id, granteeType, granteeId, level });
    /** The refusal names the level the project needs. */
    const denied = (level: string) => ({ code: 403, msg: 'No relevant permissions', denied: { level, object: 'project' } });

    // Not secret: visible without a grant, but nothing more.
    expect((await reader.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBeNull();
    expect((await edit(reader.caller, 'Levels x', 1)).body).toEqual(denied('admin'));
    expect((await reader.caller.get(`/prod-api/ccms/project/listUser/${id}`)).body).toEqual(denied('read'));
    expect((await grant(reader.caller, 'read')).body).toEqual(denied('admin'));

    expect((await grant(author.caller, 'read')).body.code).toBe(200);
    expect((await reader.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBe('read');
    expect((await reader.caller.get(`/prod-api/ccms/project/listUser/${id}`)).body.code).toBe(200);
    expect((await edit(reader.caller, 'Levels x', 1)).body).toEqual(denied('admin'));

    expect((await grant(author.caller, 'write')).body.code).toBe(200);
    expect((await reader.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBe('write');
    expect((await edit(reader.caller, 'Levels x', 1)).body).toEqual(denied('admin'));
    expect((await reader.caller.delete(`/prod-api/ccms/project/${id}`)).body).toEqual(denied('admin'));

    expect((await grant(author.caller, 'admin')).body.code).toBe(200);
    expect((await edit(reader.caller, 'Levels x', 1)).body.code).toBe(200);
    // An admin manages grants below owner, never ownership.
    expect((await grant(reader.caller, 'read', outsider.userId)).body.code).toBe(200);
    expect((await grant(reader.caller, 'owner', outsider.userId)).body).toEqual(denied('owner'));
    const list = (await reader.caller.get('/prod-api/ccms/project/permission/list', { projectId: id })).body.data;
    const ownerGrant = list.find((g: { level: string }) => g.level === 'owner');
    expect(ownerGrant).toMatchObject({ granteeId: author.userId, granteeName: 'pauthor' });
    expect((await reader.caller.delete(`/prod-api/ccms/project/permission/${ownerGrant.grantId}`)).body).toEqual(denied('owner'));
    expect((await grant(author.caller, 'owner', outsider.userId)).body.code).toBe(200);
    expect((await outsider.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBe('owner');

    // A role grant and a grant to everyone reach the caller too.
    const roleProject = await createProject(author.caller, 'Role grant');
    await author.caller.post('/prod-api/ccms/project/permission', { projectId: roleProject, granteeType: 'role', granteeId: reader.roleId, level: 'write' });
    expect((await reader.caller.get(`/prod-api/ccms/project/${roleProject}`)).body.data.myLevel).toBe('write');
    await author.caller.post('/prod-api/ccms/project/permission', { projectId: roleProject, granteeType: 'all', granteeId: 0, level: 'read' });
    expect((await outsider.caller.get(`/prod-api/ccms/project/${roleProject}`)).body.data.myLevel).toBe('read');
    const grantRows = (await author.caller.get('/prod-api/ccms/project/permission/list', { projectId: roleProject })).body.data;
    const all = grantRows.find((g: { granteeType: string }) => g.granteeType === 'all');
    expect((await author.caller.delete(`/prod-api/ccms/project/permission/${all.grantId}`)).body.code).toBe(200);
    expect((await outsider.caller.get(`/prod-api/ccms/project/${roleProject}`)).body.data.myLevel).toBeNull();
  });

  it('refuses the routes to a user without the permission string', async () => {
    const listOnly = await userWith(t, 'plistonly', ['ccms:project:list']);
    const res = await listOnly.caller.post('/prod-api/ccms/project', projectBody('Not allowed'));
    expect(res.body).toEqual({
      code: 403,
      msg: 'The current operation has no permission',
      denied: { permissions: [{ perms: 'ccms:project:add', name: 'Project › Add project' }] },
    });
    expect((await listOnly.caller.get('/prod-api/ccms/project/list')).body.code).toBe(200);
  });
});

describe('abilities in project responses', () => {
  const none = { read: false, publish: false, write: false, configure: false, remove: false, grantOwner: false };
  const readOnly = { ...none, read: true };
  const writes = { ...readOnly, publish: true, write: true };
  const configures = { ...writes, configure: true, remove: true };
  const owns = { ...configures, grantOwner: true };

  it('answer the grants (user, role, all, none) on detail and list rows, and match what the server allows', async () => {
    const byUser = await userWith(t, 'abuser', WORK_PERMS);
    const byRole = await userWith(t, 'abrole', WORK_PERMS);
    const byAll = await userWith(t, 'aball', WORK_PERMS);
    const id = await createProject(author.caller, 'Abilities', { secrecy: true });
    const grant = (granteeType: string, granteeId: number, level: string) =>
      author.caller.post('/prod-api/ccms/project/permission', { projectId: id, granteeType, granteeId, level });
    expect((await grant('user', byUser.userId, 'admin')).body.code).toBe(200);
    expect((await grant('role', byRole.roleId, 'write')).body.code).toBe(200);

    const detail = async (who: Caller) => (await who.get(`/prod-api/ccms/project/${id}`)).body;
    const row = async (who: Caller) =>
      (await who.get('/prod-api/ccms/project/list', { pageSize: 100 })).body.rows.find((r: { id: number }) => r.id === id) ?? null;
    let plans = 0;
    /** What the server lets the caller do, tried route by route. */
    const allowed = async (who: Caller) => ({
      read: (await who.get(`/prod-api/ccms/project/listUser/${id}`)).status === 200,
      write: (await who.post('/prod-api/ccms/plan', { projectId: id, title: `Ability check ${++plans}` })).body.code === 200,
      configure: (await who.get('/prod-api/ccms/project/permission/list', { projectId: id })).status === 200,
    });

    const expected: [string, Caller, typeof none][] = [
      ['owner', author.caller, owns],
      ['system admin', admin, owns],
      ['user grant admin', byUser.caller, configures],
      ['role grant write', byRole.caller, writes],
    ];
    for (const [who, caller, abilities] of expected) {
      expect((await detail(caller)).data.abilities, who).toEqual(abilities);
      expect((await row(caller)).abilities, who).toEqual(abilities);
      expect(await allowed(caller), who).toEqual({ read: abilities.read, write: abilities.write, configure: abilities.configure });
    }
    // Denied beyond the abilities: an admin grant hands out no ownership; a writer deletes nothing.
    expect(
      (await byUser.caller.post('/prod-api/ccms/project/permission', { projectId: id, granteeType: 'user', granteeId: byAll.userId, level: 'owner' })).body,
    ).toEqual({ code: 403, msg: 'No relevant permissions', denied: { level: 'owner', object: 'project' } });
    expect((await byRole.caller.delete(`/prod-api/ccms/project/${id}`)).body).toEqual({
      code: 403,
      msg: 'No relevant permissions',
      denied: { level: 'admin', object: 'project' },
    });

    // No grant on a secret project: neither in the list nor readable.
    expect(await row(byAll.caller)).toBeNull();
    expect(await detail(byAll.caller)).toEqual({ code: 403, msg: 'No relevant permissions' });
    expect(await allowed(byAll.caller)).toEqual({ read: false, write: false, configure: false });

    // A grant to all reaches everyone signed in.
    expect((await grant('all', 0, 'read')).body.code).toBe(200);
    expect((await detail(byAll.caller)).data).toMatchObject({ myLevel: 'read', abilities: readOnly });
    expect((await row(byAll.caller)).abilities).toEqual(readOnly);
    expect(await allowed(byAll.caller)).toEqual({ read: true, write: false, configure: false });
    // The strongest grant wins: the role's write over everyone's read.
    expect((await detail(byRole.caller)).data.abilities).toEqual(writes);

    // Visible but no level: a project that is not secret shows, with no abilities.
    const open = await createProject(author.caller, 'Abilities open');
    expect((await byAll.caller.get(`/prod-api/ccms/project/${open}`)).body.data).toMatchObject({ myLevel: null, abilities: none });
  });
});

describe('secrecy and public flags', () => {
  it('hides a secret project from everyone without a level, in lists and detail', async () => {
    const id = await createProject(author.caller, 'Secret one', { secrecy: true });
    const ids = async (who: Caller) => (await who.get('/prod-api/ccms/project/list', { pageSize: 100 })).body.rows.map((r: { id: number }) => r.id);
    expect(await ids(author.caller)).toContain(id);
    expect(await ids(admin)).toContain(id);
    expect(await ids(outsider.caller)).not.toContain(id);
    expect((await outsider.caller.get(`/prod-api/ccms/project/${id}`)).body).toEqual({ code: 403, msg: 'No relevant permissions' });
    expect((await outsider.caller.get('/prod-api/ccms/project/progress', { id })).body.code).toBe(403);

    // A member sees it and writes.
    expect((await author.caller.post('/prod-api/ccms/project/member', { projectId: id, userIds: [outsider.userId], projectRole: 'writer' })).body.code).toBe(
      200,
    );
    expect(await ids(outsider.caller)).toContain(id);
    expect((await outsider.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBe('write');
    const members = (await author.caller.get(`/prod-api/ccms/project/listUser/${id}`)).body.data;
    expect(members).toMatchObject([{ userId: outsider.userId, userName: 'poutside', projectRole: 'writer' }]);
    expect((await author.caller.delete(`/prod-api/ccms/project/member/${members[0].memberId}`)).body.code).toBe(200);
    expect(await ids(outsider.caller)).not.toContain(id);
  });

  it('lets every signed-in user read a public project', async () => {
    const id = await createProject(author.caller, 'Public one', { public: true });
    expect((await outsider.caller.get(`/prod-api/ccms/project/${id}`)).body.data.myLevel).toBe('read');
    const hidden = await createProject(author.caller, 'Secret and public', { public: true, secrecy: true });
    expect((await outsider.caller.get(`/prod-api/ccms/project/${hidden}`)).body.code).toBe(403);
  });
});

describe('concurrent edits', () => {
  it('answers 409 to a save with a stale rowVersion and keeps the other change', async () => {
    const id = await createProject(author.caller, 'Concurrent');
    const first = await author.caller.put('/prod-api/ccms/project', { ...projectBody('Concurrent', { risk: 'first' }), id, rowVersion: 1 });
    expect(first.body.code).toBe(200);
    const second = await admin.put('/prod-api/ccms/project', { ...projectBody('Concurrent', { risk: 'second' }), id, rowVersion: 1 });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(409);
    expect((await author.caller.get(`/prod-api/ccms/project/${id}`)).body.data).toMatchObject({ risk: 'first', rowVersion: 2 });
  });
});
