import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsTask } from '../../../db/schema';
import { type TestUser, userWith } from '../../content/content-test-kit';
import { created, createProject, WORK_PERMS } from '../project/project-test-kit';

let t: TestApp;
let admin: Caller;
let owner: TestUser;
let assignee: TestUser;
let outsider: TestUser;
let projectId = 0;
let otherProject = 0;

// A 403 names the object whose grant level is missing (the level depends on the call).
const denied = { code: 403, msg: 'No relevant permissions', denied: { object: 'project' } };
const refused = { code: 400, msg: 'Under the current plan status, deleting tasks is not allowed.' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  owner = await userWith(t, 'taskowner', WORK_PERMS);
  assignee = await userWith(t, 'tasker', ['ccms:myTask:list']);
  outsider = await userWith(t, 'taskout', WORK_PERMS);
  projectId = await createProject(owner.caller, 'Task project', { secrecy: true });
  otherProject = await createProject(owner.caller, 'Other task project');
});
afterAll(() => t.close());

const task = async (id: number) => (await owner.caller.get(`/prod-api/ccms/task/${id}`)).body.data;

describe('tasks', () => {
  it('keeps remain and exceed consistent with effort and completed effort', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/task', {
      projectId,
      title: 'Write chapter 1',
      category: 'writing',
      assigneeId: assignee.userId,
      writerId: owner.userId,
      effort: 8,
      effortCompleted: 3,
      // Sent values are ignored: the server computes them.
      remain: 100,
      exceed: 100,
    });
    expect(await task(id)).toMatchObject({
      id,
      projectTitle: 'Task project',
      status: 'new',
      assigneeName: 'tasker nick',
      writerName: 'taskowner nick',
      effort: 8,
      effortCompleted: 3,
      remain: 5,
      exceed: 0,
    });
    expect(
      (await owner.caller.put('/prod-api/ccms/task', { id, projectId, title: 'Write chapter 1', effort: 8, effortCompleted: 10.5, rowVersion: 1 })).body.code,
    ).toBe(200);
    expect(await task(id)).toMatchObject({ effort: 8, effortCompleted: 10.5, remain: 0, exceed: 2.5, rowVersion: 2 });
    // Progress keeps them consistent too.
    await owner.caller.put('/prod-api/ccms/task/progress', { id, rowVersion: 2, status: 'inProgress', effortCompleted: 7.25 });
    expect(await task(id)).toMatchObject({ status: 'inProgress', effortCompleted: 7.25, remain: 0.75, exceed: 0 });
    const [row] = await t.database.db.select().from(ccmsTask).where(eq(ccmsTask.taskId, id));
    expect(row).toMatchObject({ remain: 0.75, exceed: 0 });
    expect((await owner.caller.post('/prod-api/ccms/task', { projectId, title: 'Neg', effort: -1 })).body).toEqual({
      code: 400,
      msg: 'Effort (h) must not be less than 0',
    });
    expect((await owner.caller.post('/prod-api/ccms/task', { projectId, title: 'Bad', status: 'done' })).body.msg).toBe(
      'Status must be one of: new, notStarted, inProgress, completed',
    );
  });

  it('refuses deleting a task while its plan is disabled, completed or closed', async () => {
    const planId = await created(owner.caller, '/prod-api/ccms/plan', { projectId, title: 'Delete rule' });
    const make = (title: string) => created(owner.caller, '/prod-api/ccms/task', { projectId, planId, title });
    const setPlan = async (fields: Record<string, unknown>) => {
      const plan = (await owner.caller.get(`/prod-api/ccms/plan/${planId}`)).body.data;
      const res = await owner.caller.put('/prod-api/ccms/plan', { id: planId, projectId, title: plan.title, rowVersion: plan.rowVersion, ...fields });
      expect(res.body.code, res.raw).toBe(200);
    };
    const a = await make('A');
    expect((await owner.caller.delete(`/prod-api/ccms/task/${a}`)).body.code).toBe(200);

    const b = await make('B');
    await owner.caller.put('/prod-api/ccms/plan/enable', { id: planId, enable: false });
    expect((await owner.caller.delete(`/prod-api/ccms/task/${b}`)).body).toEqual(refused);
    const zh = callerFor(t.app, owner.caller.token, 'zh');
    expect((await zh.delete(`/prod-api/ccms/task/${b}`)).body).toEqual({ code: 400, msg: '当前计划状态下，不允许删除任务。' });
    await owner.caller.put('/prod-api/ccms/plan/enable', { id: planId, enable: true });

    for (const status of ['completed', 'closed']) {
      await setPlan({ status, enable: true });
      expect((await owner.caller.delete(`/prod-api/ccms/task/${b}`)).body, status).toEqual(refused);
      expect((await task(b)).title).toBe('B');
    }
    await setPlan({ status: 'inProgress', enable: true });
    expect((await owner.caller.delete(`/prod-api/ccms/task/${b}`)).body.code).toBe(200);
    expect((await admin.get(`/prod-api/ccms/task/${b}`)).status).toBe(404);
  });

  it('answers "Project mismatch" for a plan of another project', async () => {
    const foreignPlan = await created(owner.caller, '/prod-api/ccms/plan', { projectId: otherProject, title: 'Foreign plan' });
    expect((await owner.caller.post('/prod-api/ccms/task', { projectId, planId: foreignPlan, title: 'Mixed' })).body).toEqual({
      code: 400,
      msg: 'Project mismatch, please note',
    });
    const id = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Stays' });
    expect((await owner.caller.put('/prod-api/ccms/task', { id, projectId: otherProject, title: 'Stays', rowVersion: 1 })).body).toEqual({
      code: 400,
      msg: 'Project mismatch, please note',
    });
    expect((await task(id)).projectId).toBe(projectId);
  });

  it('shows my tasks and lets the assignee report progress on them only', async () => {
    const mine = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Mine', assigneeId: assignee.userId, effort: 2 });
    const notMine = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Not mine' });
    const list = await assignee.caller.get('/prod-api/ccms/task/mine');
    expect(list.body.rows.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['Mine']));
    expect(list.body.rows.map((r: { title: string }) => r.title)).not.toContain('Not mine');
    expect((await assignee.caller.get(`/prod-api/ccms/task/${mine}`)).body.data.title).toBe('Mine');
    expect((await assignee.caller.put('/prod-api/ccms/task/progress', { id: mine, rowVersion: 1, status: 'completed', effortCompleted: 3 })).body.code).toBe(
      200,
    );
    expect(await task(mine)).toMatchObject({ status: 'completed', exceed: 1, remain: 0 });
    expect((await assignee.caller.put('/prod-api/ccms/task/progress', { id: notMine, rowVersion: 1, status: 'completed', effortCompleted: 1 })).body).toEqual({
      code: 403,
      msg: 'No relevant permissions',
    });
    // My tasks does not open the task list or editing.
    expect((await assignee.caller.get('/prod-api/ccms/task/list')).status).toBe(403);
    expect((await assignee.caller.put('/prod-api/ccms/task', { id: mine, projectId, title: 'x', rowVersion: 2 })).status).toBe(403);
  });

  it('hides tasks of a secret project from users without a level', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Hidden task' });
    expect((await outsider.caller.get(`/prod-api/ccms/task/${id}`)).body).toMatchObject(denied);
    expect((await outsider.caller.get('/prod-api/ccms/task/list', { projectId })).body.total).toBe(0);
    expect((await outsider.caller.delete(`/prod-api/ccms/task/${id}`)).body).toMatchObject(denied);
    expect((await outsider.caller.post('/prod-api/ccms/task', { projectId, title: 'Intruder' })).body).toMatchObject(denied);
  });

  it('feeds the project progress: share of tasks completed', async () => {
    const p = await createProject(owner.caller, 'Progress project');
    const one = await created(owner.caller, '/prod-api/ccms/task', { projectId: p, title: 'one' });
    await created(owner.caller, '/prod-api/ccms/task', { projectId: p, title: 'two' });
    await created(owner.caller, '/prod-api/ccms/task', { projectId: p, title: 'three' });
    await created(owner.caller, '/prod-api/ccms/task', { projectId: p, title: 'four' });
    expect((await owner.caller.get('/prod-api/ccms/project/progress', { id: p })).body.data).toMatchObject({ tasksTotal: 4, tasksCompleted: 0, percent: 0 });
    await owner.caller.put('/prod-api/ccms/task/progress', { id: one, rowVersion: 1, status: 'completed', effortCompleted: 0 });
    expect((await owner.caller.get('/prod-api/ccms/project/progress', { id: p })).body.data).toMatchObject({ tasksTotal: 4, tasksCompleted: 1, percent: 25 });
  });

  it('answers 409 to a stale save and keeps the other change', async () => {
    const id = await created(owner.caller, '/prod-api/ccms/task', { projectId, title: 'Race task' });
    expect((await owner.caller.put('/prod-api/ccms/task', { id, projectId, title: 'Race task A', rowVersion: 1 })).body.code).toBe(200);
    const stale = await admin.put('/prod-api/ccms/task', { id, projectId, title: 'Race task B', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await admin.put('/prod-api/ccms/task/progress', { id, rowVersion: 1, status: 'completed', effortCompleted: 0 })).status).toBe(409);
    expect(await task(id)).toMatchObject({ title: 'Race task A', status: 'new' });
  });

  it('exports tasks', async () => {
    expect((await owner.caller.post('/prod-api/ccms/task/export', { projectId })).bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
