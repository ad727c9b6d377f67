import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsRelease } from '../../../db/schema';
import { type TestUser, userWith } from '../../content/content-test-kit';
import { created, createProject, WORK_PERMS } from '../project/project-test-kit';

let t: TestApp;
let admin: Caller;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
let projectId = 0;
let otherProject = 0;

// A 403 names the object whose grant level is missing (the level depends on the call).
const denied = { code: 403, msg: 'No relevant permissions', denied: { object: 'project' } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  owner = await userWith(t, 'relowner', WORK_PERMS);
  reader = await userWith(t, 'relreader', WORK_PERMS);
  outsider = await userWith(t, 'reloutsid', WORK_PERMS);
  projectId = await createProject(owner.caller, 'Release project', { secrecy: true });
  otherProject = await createProject(owner.caller, 'Other project');
  await owner.caller.post('/prod-api/ccms/project/permission', { projectId, granteeType: 'user', granteeId: reader.userId, level: 'read' });
});
afterAll(() => t.close());

describe('releases', () => {
  it('creates, lists, reads, updates and deletes a release of a project', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/release', {
      projectId,
      title: 'R1',
      description: 'first',
      beginDate: '2025-01-01',
      endDate: '2025-02-01',
    });
    expect((await reader.caller.get(`/prod-api/ccms/release/${id}`)).body.data).toMatchObject({
      id,
      projectId,
      projectTitle: 'Release project',
      title: 'R1',
      status: '0',
      rowVersion: 1,
      createBy: 'relowner',
    });
    const list = await reader.caller.get('/prod-api/ccms/release/list', { projectId });
    expect(list.body).toMatchObject({ total: 1, rows: [{ id, title: 'R1' }] });
    const put = await owner.caller.put('/prod-api/ccms/release', { id, projectId, title: 'R1.1', status: '1', rowVersion: 1 });
    expect(put.body.code, put.raw).toBe(200);
    expect((await owner.caller.get(`/prod-api/ccms/release/${id}`)).body.data).toMatchObject({ title: 'R1.1', status: '1', rowVersion: 2 });
    expect((await owner.caller.delete(`/prod-api/ccms/release/${id}`)).body.code).toBe(200);
    expect((await owner.caller.get('/prod-api/ccms/release/list', { projectId })).body.total).toBe(0);
    expect((await admin.get(`/prod-api/ccms/release/${id}`)).status).toBe(404);
  });

  it('validates: title, dates, duplicates; nothing written', async () => {
    const before = (await t.database.db.select({ n: count() }).from(ccmsRelease))[0]?.n;
    expect((await owner.caller.post('/prod-api/ccms/release', { projectId, title: ' ' })).body).toEqual({ code: 400, msg: 'Title is required' });
    expect((await owner.caller.post('/prod-api/ccms/release', { projectId, title: 'D', beginDate: '2025-02-02', endDate: '2025-02-01' })).body).toEqual({
      code: 400,
      msg: 'End date must not be before the begin date',
    });
    await created(owner.caller, '/prod-api/ccms/release', { projectId, title: 'Same' });
    expect((await owner.caller.post('/prod-api/ccms/release', { projectId, title: 'Same' })).body).toEqual({ code: 400, msg: 'Release "Same" already exists' });
    // Another project may use the title.
    await created(owner.caller, '/prod-api/ccms/release', { projectId: otherProject, title: 'Same' });
    expect((await t.database.db.select({ n: count() }).from(ccmsRelease))[0]?.n).toBe((before ?? 0) + 2);
  });

  it('answers "Project mismatch" when the body names another project', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/release', { projectId, title: 'Mismatch' });
    const res = await owner.caller.put('/prod-api/ccms/release', { id, projectId: otherProject, title: 'Moved', rowVersion: 1 });
    expect(res.body).toEqual({ code: 400, msg: 'Project mismatch, please note' });
    expect((await owner.caller.get(`/prod-api/ccms/release/${id}`)).body.data).toMatchObject({ projectId, title: 'Mismatch' });
  });

  it('lets readers read, writers write, and hides a secret project from others', async () => {
    expect((await reader.caller.post('/prod-api/ccms/release', { projectId, title: 'By reader' })).body).toMatchObject(denied);
    const id = await created(owner.caller, '/prod-api/ccms/release', { projectId, title: 'Guarded' });
    expect((await reader.caller.delete(`/prod-api/ccms/release/${id}`)).body).toMatchObject(denied);
    expect((await outsider.caller.get(`/prod-api/ccms/release/${id}`)).body).toMatchObject(denied);
    const outsiderList = await outsider.caller.get('/prod-api/ccms/release/list', { projectId });
    expect(outsiderList.body.total).toBe(0);
    await owner.caller.post('/prod-api/ccms/project/permission', { projectId, granteeType: 'user', granteeId: reader.userId, level: 'write' });
    expect((await reader.caller.post('/prod-api/ccms/release', { projectId, title: 'By reader' })).body.code).toBe(200);
  });

  it('answers 409 to a stale save and keeps the other change', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/release', { projectId, title: 'Race' });
    expect((await owner.caller.put('/prod-api/ccms/release', { id, projectId, title: 'Race A', rowVersion: 1 })).body.code).toBe(200);
    const stale = await admin.put('/prod-api/ccms/release', { id, projectId, title: 'Race B', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await owner.caller.get(`/prod-api/ccms/release/${id}`)).body.data.title).toBe('Race A');
  });

  it('exports releases', async () => {
    const res = await owner.caller.post('/prod-api/ccms/release/export', { projectId });
    expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
