import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith, userWith } from '../../../../test/callers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProjectGrant, ccmsWorkItem, ccmsWorkItemFilter } from '../../../db/schema';
import { createItem, grant, makeProject, userIdOf, WORK_ITEM_PERMS } from './work-item-test-kit';

let t: TestApp;
let alice: Caller;
let bob: Caller;
let aliceId: number;
let project: number;
let other: number;

const QUERY = '/prod-api/ccms/workitem/query';

beforeAll(async () => {
  t = await createTestApp();
  alice = await callerWith(t, 'qalice', WORK_ITEM_PERMS);
  bob = await callerWith(t, 'qbob', WORK_ITEM_PERMS);
  aliceId = await userIdOf(t, 'qalice');
  project = await makeProject(t, 'Query project');
  other = await makeProject(t, 'Other project');
  for (const id of [aliceId, await userIdOf(t, 'qbob')]) {
    await grant(t, project, id, 'write');
    await grant(t, other, id, 'write');
  }
  const items: Record<string, unknown>[] = [
    { workItemType: 'defect', title: 'Torque table wrong', priority: 1, severity: 1, module: 'engine', assigneeId: aliceId },
    { workItemType: 'defect', title: 'Torque figure blurry', priority: 2, severity: 3, module: 'engine', assigneeId: aliceId },
    { workItemType: 'defect', title: 'Torque note 100%_done', priority: 3, severity: 2, module: 'engine' },
    { workItemType: 'defect', title: 'Wiring diagram', priority: 1, severity: 2, module: 'electrical', assigneeId: aliceId },
    { workItemType: 'requirement', title: 'Torque chapter', priority: 1, module: 'engine', assigneeId: aliceId, due: '2031-03-01' },
    { workItemType: 'requirement', title: 'Landing gear', priority: 4, module: 'gear', due: '2031-05-01' },
  ];
  for (const item of items) await createItem(alice, { projectId: project, ...item });
  await createItem(alice, { projectId: other, workItemType: 'defect', title: 'Torque elsewhere', priority: 1, module: 'engine', assigneeId: aliceId });
});
afterAll(() => t.close());

const titles = (res: { body: { rows: { title: string }[] } }) => res.body.rows.map((r) => r.title);
const cond = (field: string, operator: string, value?: unknown) => ({ field, operator, value });

describe('condition query', () => {
  it('filters with three conditions joined by AND, sorted and paged on the server', async () => {
    const body = {
      projectId: project,
      conditions: [cond('title', 'contains', 'torque'), cond('module', 'eq', 'engine'), cond('priority', 'le', 2)],
      logic: 'and',
      orderByColumn: 'priority',
      isAsc: 'desc',
    };
    const all = await alice.post(QUERY, body);
    expect(all.body).toMatchObject({ code: 200, total: 3 });
    expect(titles(all)).toEqual(['Torque figure blurry', 'Torque chapter', 'Torque table wrong']);
    const page2 = await alice.post(QUERY, { ...body, pageNum: 2, pageSize: 2 });
    expect(page2.body.total).toBe(3);
    expect(titles(page2)).toEqual(['Torque table wrong']);
  });

  it('joins with OR, restricts to a type, and reads every project the caller may read when none is named', async () => {
    const res = await alice.post(QUERY, {
      conditions: [cond('module', 'eq', 'electrical'), cond('due', 'gt', '2031-04-01')],
      logic: 'or',
      orderByColumn: 'title',
      isAsc: 'asc',
    });
    expect(titles(res)).toEqual(['Landing gear', 'Wiring diagram']);
    const defects = await alice.post(QUERY, { workItemType: 'defect', conditions: [cond('title', 'contains', 'Torque')], orderByColumn: 'workItemId' });
    expect(titles(defects)).toEqual(['Torque table wrong', 'Torque figure blurry', 'Torque note 100%_done', 'Torque elsewhere']);
  });

  it('supports in, between, empty, ne (keeping unassigned) and matches LIKE characters literally', async () => {
    const sorted = { projectId: project, orderByColumn: 'workItemId', isAsc: 'asc' };
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('module', 'in', ['gear', 'electrical'])] }))).toEqual([
      'Wiring diagram',
      'Landing gear',
    ]);
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('severity', 'between', [2, 2])] }))).toEqual([
      'Torque note 100%_done',
      'Wiring diagram',
    ]);
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('assigneeId', 'empty')] }))).toEqual(['Torque note 100%_done', 'Landing gear']);
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('assigneeId', 'ne', aliceId)] }))).toEqual(['Torque note 100%_done', 'Landing gear']);
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('title', 'contains', '100%_')] }))).toEqual(['Torque note 100%_done']);
    expect(titles(await alice.post(QUERY, { ...sorted, conditions: [cond('title', 'contains', '%')] }))).toEqual(['Torque note 100%_done']);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await alice.post(QUERY, { ...sorted, conditions: [cond('createTime', 'eq', day)] })).body.total).toBe(6);
    expect((await alice.post(QUERY, { ...sorted, conditions: [cond('createTime', 'lt', day)] })).body.total).toBe(0);
  });

  it('answers one project only to a caller with a level on it, whether its page has rows or not', async () => {
    const carol = await userWith(t, 'qcarol', WORK_ITEM_PERMS);
    const torque = { projectId: project, conditions: [cond('title', 'contains', 'torque')], logic: 'and' };
    const none = { projectId: project, conditions: [cond('title', 'contains', 'nothing like this')], logic: 'and' };
    for (const body of [torque, none]) {
      const res = await carol.caller.post(QUERY, body);
      expect(res.status).toBe(403);
      expect(res.body.denied?.level).toBe('read');
    }
    // Read through a grant to one of her roles.
    await t.database.db.insert(ccmsProjectGrant).values({ projectId: project, granteeType: 'role', granteeId: carol.roleId, level: 'read' });
    const granted = await carol.caller.post(QUERY, torque);
    expect(granted.body).toMatchObject({ code: 200, total: 4 });
    expect(granted.body.rows.every((r: { myLevel: string; actions: string[] }) => r.myLevel === 'read' && r.actions.length === 0)).toBe(true);
    expect((await carol.caller.post(QUERY, none)).body).toMatchObject({ code: 200, total: 0, rows: [] });
    await t.database.db.delete(ccmsProjectGrant).where(eq(ccmsProjectGrant.granteeId, carol.roleId));
    expect((await carol.caller.post(QUERY, torque)).status).toBe(403);
  });

  it('takes up to 10 conditions and refuses the 11th with a clear message, saving nothing', async () => {
    const ten = Array.from({ length: 10 }, () => cond('title', 'contains', 'Torque'));
    expect((await alice.post(QUERY, { projectId: project, conditions: ten })).body).toMatchObject({ code: 200, total: 4 });
    const eleven = [...ten, cond('priority', 'eq', 1)];
    const res = await alice.post(QUERY, { projectId: project, conditions: eleven });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('At most 10 filter conditions are allowed (Conditions)');
    expect(res.body.rows).toBeUndefined();
    const zh = await callerFor(t.app, alice.token, 'zh').post(QUERY, { projectId: project, conditions: eleven });
    expect(zh.body.msg).toBe('最多只能设置 10 个筛选条件（条件）');
    const saved = await alice.post('/prod-api/ccms/workitem/filter', { name: 'too many', conditions: eleven });
    expect(saved.body.msg).toBe('At most 10 filter conditions are allowed (Conditions)');
    expect(await t.database.db.select().from(ccmsWorkItemFilter)).toEqual([]);
  });

  it.each([
    [cond('password', 'eq', 'x'), /^Field of item 1 must be one of: workItemId, title, /],
    [cond('title', 'gt', 'x'), /^Condition 1: operator "greater than" does not apply to field "Title"$/],
    [cond('priority', 'eq', 'high'), /^Condition 1: the value of field "Priority" does not suit operator "equals"$/],
    [cond('priority', 'in', 1), /^Condition 1: the value of field "Priority" does not suit operator "is one of"$/],
    [cond('due', 'between', ['2031-01-01']), /^Condition 1: the value of field "Due" does not suit operator "between"$/],
    [cond('status', 'eq', 'open'), /^Condition 1: the value of field "Status" does not suit operator "equals"$/],
    [cond('due', 'eq', "2031-01-01' OR 1=1"), /^Condition 1: the value of field "Due" does not suit operator "equals"$/],
  ])('refuses %j naming the condition', async (c, msg) => {
    const res = await alice.post(QUERY, { projectId: project, conditions: [c] });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });

  it("names the field and the operator in the caller's words, zh and en", async () => {
    const zh = await callerFor(t.app, alice.token, 'zh').post(QUERY, { projectId: project, conditions: [cond('priority', 'eq', 'high')] });
    expect(zh.body.msg).toBe('第 1 个条件：字段“优先级”的值不适用于运算符“等于”');
  });

  it('refuses a sort column outside the allowlist', async () => {
    const res = await alice.post(QUERY, { projectId: project, orderByColumn: 'description; drop table ccms_work_item' });
    expect(res.body.msg).toBe('Cannot sort by description; drop table ccms_work_item');
    expect((await t.database.db.select().from(ccmsWorkItem)).length).toBe(7);
  });

  it('treats a hostile value as text', async () => {
    const res = await alice.post(QUERY, { projectId: project, conditions: [cond('title', 'eq', "x' OR '1'='1")] });
    expect(res.body).toMatchObject({ code: 200, total: 0 });
  });
});

describe('saved filters', () => {
  it('belong to the user who saved them: others neither see nor delete them', async () => {
    const conditions = [cond('title', 'contains', 'Torque'), cond('priority', 'eq', 1)];
    const saved = await alice.post('/prod-api/ccms/workitem/filter', { name: 'Urgent torque', conditions, logic: 'and', projectId: project });
    expect(saved.body.code).toBe(200);
    const filterId = saved.body.data.filterId;
    await bob.post('/prod-api/ccms/workitem/filter', { name: 'Bob only', conditions: [] });

    const mine = await alice.get('/prod-api/ccms/workitem/filter', { projectId: project });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ filterId, name: 'Urgent torque', conditions, logic: 'and', projectId: project, workItemType: null }),
    ]);
    expect((await bob.get('/prod-api/ccms/workitem/filter')).body.data.map((f: { name: string }) => f.name)).toEqual(['Bob only']);
    expect((await alice.get('/prod-api/ccms/workitem/filter', { projectId: other })).body.data).toEqual([]);

    const denied = await bob.delete(`/prod-api/ccms/workitem/filter/${filterId}`);
    expect(denied.status).toBe(404);
    expect((await t.database.db.select().from(ccmsWorkItemFilter).where(eq(ccmsWorkItemFilter.filterId, filterId))).length).toBe(1);

    // Saving the same name again replaces it; the loaded conditions run as saved.
    await alice.post('/prod-api/ccms/workitem/filter', { name: 'Urgent torque', conditions: [cond('title', 'contains', 'Wiring')], projectId: project });
    const [replaced] = (await alice.get('/prod-api/ccms/workitem/filter')).body.data;
    expect(replaced.conditions).toEqual([cond('title', 'contains', 'Wiring')]);
    expect(titles(await alice.post(QUERY, { projectId: project, conditions: replaced.conditions, logic: replaced.logic }))).toEqual(['Wiring diagram']);

    expect((await alice.delete(`/prod-api/ccms/workitem/filter/${replaced.filterId}`)).body.code).toBe(200);
    expect((await alice.get('/prod-api/ccms/workitem/filter')).body.data).toEqual([]);
  });

  it('refuses a filter without a name', async () => {
    const res = await alice.post('/prod-api/ccms/workitem/filter', { name: ' ', conditions: [] });
    expect(res.body.msg).toBe('Name is required');
  });
});

describe('list rows', () => {
  it('carry what a list shows (titles, names, level, actions); the detail carries every field', async () => {
    const res = await alice.post(QUERY, { projectId: project, conditions: [cond('title', 'eq', 'Torque table wrong')], logic: 'and' });
    const [row] = res.body.rows;
    expect(row).toMatchObject({
      title: 'Torque table wrong',
      projectTitle: 'Query project',
      assigneeId: aliceId,
      assigneeName: 'qalice',
      ownerName: '',
      status: 'active',
      myLevel: 'write',
      actions: ['resolve'],
      childCount: 0,
    });
    expect(row).not.toHaveProperty('description');
    expect(row).not.toHaveProperty('ccNames');
    const detail = await alice.get(`/prod-api/ccms/workitem/${row.workItemId}`);
    expect(detail.body.data).toMatchObject({ title: 'Torque table wrong', assigneeName: 'qalice', description: '', ccNames: [] });
  });
});

describe('simple list', () => {
  it('filters by type, status, title, assignee and pages', async () => {
    const res = await alice.get('/prod-api/ccms/workitem/list', {
      projectId: project,
      workItemType: 'defect',
      assigneeId: aliceId,
      title: 'torque',
      pageSize: 1,
    });
    expect(res.body.total).toBe(2);
    expect(res.body.rows).toHaveLength(1);
    expect((await alice.get('/prod-api/ccms/workitem/list', { projectId: project, status: 'draft' })).body.total).toBe(2);
  });
});
