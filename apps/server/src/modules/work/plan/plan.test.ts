import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
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
  owner = await userWith(t, 'planowner', WORK_PERMS);
  reader = await userWith(t, 'planread', WORK_PERMS);
  outsider = await userWith(t, 'planout', WORK_PERMS);
  projectId = await createProject(owner.caller, 'Plan project');
  otherProject = await createProject(owner.caller, 'Other plan project');
  await owner.caller.post('/prod-api/ccms/project/permission', { projectId, granteeType: 'user', granteeId: reader.userId, level: 'read' });
});
afterAll(() => t.close());

describe('plans', () => {
  it('creates a plan with every field, lists, updates and deletes it', async () => {
    const releaseId = await created(owner.caller, '/prod-api/ccms/release', { projectId, title: 'Rel' });
    const id = await created(owner.caller, '/prod-api/ccms/plan', {
      projectId,
      title: 'Plan A',
      branch: 'main',
      releaseId,
      description: 'd',
      beginDate: '2025-01-01',
      dueDate: '2025-03-01',
      reviewerId: reader.userId,
      reviewRule: 'one',
      notice: true,
      noticeType: 'email',
    });
    expect((await reader.caller.get(`/prod-api/ccms/plan/${id}`)).body.data).toMatchObject({
      id,
      projectId,
      projectTitle: 'Plan project',
      title: 'Plan A',
      releaseId,
      releaseTitle: 'Rel',
      ownerId: owner.userId,
      ownerName: 'planowner nick',
      reviewerName: 'planread nick',
      reviewRule: 'one',
      status: 'notStarted',
      enable: true,
      notice: true,
      noticeType: 'email',
      progress: 0,
      rowVersion: 1,
    });
    expect((await reader.caller.get('/prod-api/ccms/plan/list', { projectId })).body).toMatchObject({ total: 1, rows: [{ id, title: 'Plan A' }] });
    const put = await owner.caller.put('/prod-api/ccms/plan', { id, projectId, title: 'Plan A2', status: 'inProgress', rowVersion: 1 });
    expect(put.body.code, put.raw).toBe(200);
    expect((await owner.caller.get(`/prod-api/ccms/plan/${id}`)).body.data).toMatchObject({
      title: 'Plan A2',
      status: 'inProgress',
      rowVersion: 2,
      releaseId: null,
    });
    expect((await owner.caller.delete(`/prod-api/ccms/plan/${id}`)).body.code).toBe(200);
    expect((await admin.get(`/prod-api/ccms/plan/${id}`)).status).toBe(404);
  });

  it('enables and disables a plan', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Toggle' });
    expect((await owner.caller.put('/prod-api/ccms/plan/enable', { id, enable: false })).body.code).toBe(200);
    expect((await owner.caller.get(`/prod-api/ccms/plan/${id}`)).body.data.enable).toBe(false);
    expect((await owner.caller.get('/prod-api/ccms/plan/list', { projectId, enable: 'false' })).body.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await reader.caller.put('/prod-api/ccms/plan/enable', { id, enable: true })).body).toMatchObject(denied);
    expect((await owner.caller.put('/prod-api/ccms/plan/enable', { id, enable: true })).body.code).toBe(200);
    expect((await owner.caller.get(`/prod-api/ccms/plan/${id}`)).body.data.enable).toBe(true);
  });

  it('computes progress from its tasks', async () => {
    const planId = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Progress' });
    const a = await created(owner.caller, '/prod-api/ccms/task', { projectId, planId, title: 'T1' });
    await created(owner.caller, '/prod-api/ccms/task', { projectId, planId, title: 'T2' });
    expect((await owner.caller.get(`/prod-api/ccms/plan/${planId}`)).body.data).toMatchObject({ progress: 0, tasksTotal: 2, tasksCompleted: 0 });
    await owner.caller.put('/prod-api/ccms/task/progress', { id: a, rowVersion: 1, status: 'completed', effortCompleted: 1 });
    expect((await owner.caller.get(`/prod-api/ccms/plan/${planId}`)).body.data).toMatchObject({ progress: 50, tasksTotal: 2, tasksCompleted: 1 });
  });

  it('validates fields and refuses a release of another project', async () => {
    expect((await owner.caller.post('/prod-api/ccms/plan', { projectId, title: '' })).body).toEqual({ code: 400, msg: 'Title is required' });
    expect((await owner.caller.post('/prod-api/ccms/plan', { projectId, title: 'Dates', beginDate: '2025-02-02', dueDate: '2025-01-01' })).body).toEqual({
      code: 400,
      msg: 'Due date must not be before the begin date',
    });
    expect((await owner.caller.post('/prod-api/ccms/plan', { projectId, title: 'S', status: 'done' })).body.code).toBe(400);
    const foreign = await created(owner.caller, '/prod-api/ccms/release', { projectId: otherProject, title: 'Foreign' });
    expect((await owner.caller.post('/prod-api/ccms/plan', { projectId, title: 'Mixed', releaseId: foreign })).body).toEqual({
      code: 400,
      msg: 'Project mismatch, please note',
    });
    const id = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Stay' });
    expect((await owner.caller.put('/prod-api/ccms/plan', { id, projectId: otherProject, title: 'Stay', rowVersion: 1 })).body).toEqual({
      code: 400,
      msg: 'Project mismatch, please note',
    });
    expect((await owner.caller.get('/prod-api/ccms/plan/list', { projectId, title: 'Mixed' })).body.total).toBe(0);
  });

  it('lets readers read and writers write; others see nothing of a project without a level', async () => {
    expect((await reader.caller.post('/prod-api/ccms/plan', { projectId, title: 'By reader' })).body).toMatchObject(denied);
    const id = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Guarded plan' });
    expect((await reader.caller.put('/prod-api/ccms/plan', { id, projectId, title: 'x', rowVersion: 1 })).body).toMatchObject(denied);
    expect((await outsider.caller.get(`/prod-api/ccms/plan/${id}`)).body).toMatchObject(denied);
    expect((await outsider.caller.get('/prod-api/ccms/plan/list', { projectId })).body.total).toBe(0);
    await owner.caller.post('/prod-api/ccms/project/member', { projectId, userIds: [outsider.userId] });
    expect((await outsider.caller.put('/prod-api/ccms/plan', { id, projectId, title: 'By member', rowVersion: 1 })).body.code).toBe(200);
  });

  it('answers 409 to a stale save and keeps the other change', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Race plan' });
    expect((await owner.caller.put('/prod-api/ccms/plan', { id, projectId, title: 'Race plan A', rowVersion: 1 })).body.code).toBe(200);
    expect((await admin.put('/prod-api/ccms/plan', { id, projectId, title: 'Race plan B', rowVersion: 1 })).status).toBe(409);
    expect((await owner.caller.get(`/prod-api/ccms/plan/${id}`)).body.data.title).toBe('Race plan A');
  });

  it("exports plans with sheet name, headings and value labels in the caller's language", async () => {
    await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Exported plan', status: 'inProgress', enable: false });
    const sheetOf = async (lang: 'zh' | 'en') => {
      const res = await owner.caller.request({
        method: 'POST',
        url: '/prod-api/ccms/plan/export',
        payload: { projectId },
        headers: { 'accept-language': lang },
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const heads = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const column = (heading: string) => heads.indexOf(heading) + 1;
      const row = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(column(lang === 'en' ? 'Title' : '标题')).text === 'Exported plan');
      const cell = (heading: string) => row?.getCell(column(heading)).text;
      return { name: sheet.name, cell };
    };
    const en = await sheetOf('en');
    expect(en.name).toBe('Plans');
    expect([en.cell('Status'), en.cell('Enabled')]).toEqual(['In progress', 'Closed']);
    const zh = await sheetOf('zh');
    expect(zh.name).toBe('计划');
    expect([zh.cell('状态'), zh.cell('启用')]).toEqual(['进行中', '停用']);
  });
});
