import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsWorkItem, ccmsWorkItemHistory, sysOperLog } from '../../../db/schema';
import { createItem, grant, makeProject, userIdOf, WORK_ITEM_PERMS } from './work-item-test-kit';

let t: TestApp;
let admin: Caller;
let writer: Caller;
let reader: Caller;
let outsider: Caller;
let viewer: Caller;
let writerId: number;
let readerId: number;
let project: number;
let other: number;
let secret: number;
let open: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  writer = await callerWith(t, 'wiwriter', WORK_ITEM_PERMS);
  reader = await callerWith(t, 'wireader', WORK_ITEM_PERMS);
  outsider = await callerWith(t, 'wioutside', WORK_ITEM_PERMS);
  viewer = await callerWith(t, 'wiviewer', ['ccms:workitem:list', 'ccms:workitem:query', 'ccms:workitem:edit']);
  writerId = await userIdOf(t, 'wiwriter');
  readerId = await userIdOf(t, 'wireader');
  project = await makeProject(t, 'Manual A');
  other = await makeProject(t, 'Manual B');
  secret = await makeProject(t, 'Secret C', { secrecy: true });
  open = await makeProject(t, 'Public D', { isPublic: true });
  await grant(t, project, writerId, 'write');
  await grant(t, other, writerId, 'write');
  await grant(t, project, readerId, 'read');
  await grant(t, project, await userIdOf(t, 'wiviewer'), 'write');
});
afterAll(() => t.close());

const db = () => t.database.db;
const itemRow = async (id: number) => (await db().select().from(ccmsWorkItem).where(eq(ccmsWorkItem.workItemId, id)))[0];
const historyRows = async (id: number) =>
  db().select().from(ccmsWorkItemHistory).where(eq(ccmsWorkItemHistory.workItemId, id)).orderBy(ccmsWorkItemHistory.seq);
const itemCount = async () => (await db().select().from(ccmsWorkItem)).length;

describe('work item create and read', () => {
  it('creates a requirement in draft and a defect active, with every field of the spec in the detail', async () => {
    const req = await createItem(writer, {
      projectId: project,
      workItemType: 'requirement',
      title: 'Describe the hydraulic pump',
      priority: 2,
      assigneeId: writerId,
      cc: [readerId],
      begin: '2030-01-01',
      due: '2030-02-01',
      effort: 10,
      effortCompleted: 4,
      businessValue: 'high',
    });
    const res = await writer.get(`/prod-api/ccms/workitem/${req}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      workItemType: 'requirement',
      status: 'draft',
      priority: 2,
      severity: 3,
      projectTitle: 'Manual A',
      assigneeName: 'wiwriter',
      cc: [readerId],
      ccNames: ['wireader'],
      remain: 6,
      exceed: 0,
      rowVersion: 1,
      createBy: 'wiwriter',
      myLevel: 'write',
      actions: ['submitReview'],
    });
    for (const field of [
      'verityTime',
      'inProcessTime',
      'baselineClose',
      'versionTest',
      'testFocus',
      'originphase',
      'sourcephase',
      'confidential',
      'archived',
    ]) {
      expect(res.body.data, field).toHaveProperty(field);
    }
    const defect = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Pump figure missing', severity: 1 });
    expect((await writer.get(`/prod-api/ccms/workitem/${defect}`)).body.data).toMatchObject({ status: 'active', actions: ['resolve'] });
    const history = await historyRows(req);
    expect(history.map((h) => h.changeField)).toEqual(expect.arrayContaining(['workItemType', 'status', 'title', 'priority', 'assigneeId', 'cc']));
    expect(history.find((h) => h.changeField === 'assigneeId')).toMatchObject({ changeType: 'create', beforeValue: '', afterValue: 'wiwriter' });
    expect(history.map((h) => h.seq)).toEqual(history.map((_, i) => i + 1));
    const logs = await db().select().from(sysOperLog).where(eq(sysOperLog.title, 'workitem'));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [{ workItemType: 'defect', title: '' }, 'Title is required'],
    [{ workItemType: 'bug', title: 'x' }, 'Type must be one of: requirement, defect'],
    [{ workItemType: 'defect', title: 'x', priority: 9 }, 'Priority must not be greater than 4'],
    [{ workItemType: 'defect', title: 'x', begin: '2030-02-01', due: '2030-01-01' }, 'Due must not be before the begin date'],
    [{ workItemType: 'defect', title: 'x', due: '1 May' }, 'Due is not in a valid format'],
    [{ workItemType: 'defect', title: 'x', assigneeId: 99999 }, 'Assignee: user 99999 does not exist'],
    [{ workItemType: 'defect', title: 'x', parentId: 99999 }, 'Parent: the parent must be a requirement of the same project'],
  ])('refuses %j naming the field, writing nothing', async (body, msg) => {
    const before = await itemCount();
    const res = await writer.post('/prod-api/ccms/workitem', { projectId: project, ...body });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await itemCount()).toBe(before);
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const zh = callerFor(t.app, writer.token, 'zh');
    expect((await zh.post('/prod-api/ccms/workitem', { projectId: project, workItemType: 'defect', title: '' })).body.msg).toBe('标题不能为空');
  });
});

describe('edits', () => {
  it('writes one history row per changed field (five fields, five rows) in the same change', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Five fields', module: 'A' });
    const before = (await historyRows(id)).length;
    const res = await writer.put('/prod-api/ccms/workitem', {
      workItemId: id,
      projectId: project,
      rowVersion: 1,
      title: 'Five fields changed',
      priority: 1,
      module: 'B',
      assigneeId: readerId,
      description: 'now described',
      version: undefined,
    });
    expect(res.body).toMatchObject({ code: 200 });
    const rows = (await historyRows(id)).slice(before);
    expect(rows.map((r) => [r.seq, r.changeType, r.changeField, r.beforeValue, r.afterValue])).toEqual([
      [before + 1, 'edit', 'title', 'Five fields', 'Five fields changed'],
      [before + 2, 'edit', 'priority', '3', '1'],
      [before + 3, 'edit', 'module', 'A', 'B'],
      [before + 4, 'edit', 'assigneeId', '', 'wireader'],
      [before + 5, 'edit', 'description', '', 'now described'],
    ]);
    expect(rows.every((r) => r.changeBy === 'wiwriter' && r.changeTime.getTime() === rows[0]?.changeTime.getTime())).toBe(true);
    const row = await itemRow(id);
    expect(row).toMatchObject({ title: 'Five fields changed', priority: 1, rowVersion: 2, updateBy: 'wiwriter' });
    const api = await writer.get(`/prod-api/ccms/workitem/${id}/history`);
    expect(api.body.data.at(-1)).toMatchObject({ index: before + 5, changeField: 'description', changeBy: 'wiwriter', afterValue: 'now described' });
  });

  it('answers 409 to a save with a stale rowVersion and loses nothing', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Race' });
    const first = await writer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, title: 'Race (mine)' });
    expect(first.body.code).toBe(200);
    const historyBefore = (await historyRows(id)).length;
    const second = await viewer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, title: 'Race (theirs)', module: 'X' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('Work item "Race (mine)" was changed by wiwriter meanwhile; reload it and make your change again');
    expect(await itemRow(id)).toMatchObject({ title: 'Race (mine)', module: '', rowVersion: 2 });
    expect((await historyRows(id)).length).toBe(historyBefore);
    // With the fresh version the second save goes through.
    expect((await viewer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 2, module: 'X' })).body.code).toBe(200);
  });

  it('of two saves racing on one version, exactly one wins', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Simultaneous' });
    const [a, b] = await Promise.all([
      writer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, os: 'Linux' }),
      viewer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, os: 'Windows' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'Linux' : 'Windows';
    expect(await itemRow(id)).toMatchObject({ os: winner, rowVersion: 2 });
  });

  it('keeps remain and exceed following effort', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Effort', effort: 4 });
    await writer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, effortCompleted: 6 });
    expect(await itemRow(id)).toMatchObject({ remain: 0, exceed: 2 });
  });

  it('refuses an edit naming another project: "Project mismatch, please note"', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Mismatch' });
    const res = await writer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: other, rowVersion: 1, title: 'moved?' });
    expect(res.body.msg).toBe('Project mismatch, please note');
    expect((await writer.get(`/prod-api/ccms/workitem/${id}`, { projectId: other })).body.msg).toBe('Project mismatch, please note');
    expect((await itemRow(id))?.title).toBe('Mismatch');
  });
});

describe('sub-requirements', () => {
  it('hangs requirements under a requirement of the same project only, without cycles', async () => {
    const parent = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Parent' });
    const childId = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Child', parentId: parent });
    const grandchild = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Grandchild', parentId: childId });
    expect((await writer.get(`/prod-api/ccms/workitem/${childId}`)).body.data).toMatchObject({ parentId: parent, parentTitle: 'Parent', childCount: 1 });
    const children = await writer.get('/prod-api/ccms/workitem/list', { projectId: project, parentId: parent });
    expect(children.body.rows.map((r: { title: string }) => r.title)).toEqual(['Child']);

    const defect = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Not a parent' });
    const elsewhere = await createItem(writer, { projectId: other, workItemType: 'requirement', title: 'Elsewhere' });
    for (const parentId of [defect, elsewhere]) {
      const res = await writer.post('/prod-api/ccms/workitem', { projectId: project, workItemType: 'requirement', title: 'Bad child', parentId });
      expect(res.body.msg).toBe('Parent: the parent must be a requirement of the same project');
    }
    const cycle = await writer.put('/prod-api/ccms/workitem', { workItemId: parent, projectId: project, rowVersion: 1, parentId: grandchild });
    expect(cycle.body.msg).toBe('Parent: a requirement cannot be its own parent or a parent of its parents');
    const refused = await writer.delete(`/prod-api/ccms/workitem/${parent}`);
    expect(refused.body.msg).toBe('Requirement "Parent" has sub-requirements; delete them first');
    expect((await itemRow(parent))?.delFlag).toBe('0');
    expect((await writer.delete(`/prod-api/ccms/workitem/${parent},${childId},${grandchild}`)).body.code).toBe(200);
    expect((await writer.get(`/prod-api/ccms/workitem/${parent}`)).status).toBe(404);
    expect((await historyRows(parent)).at(-1)).toMatchObject({ changeType: 'delete', changeField: 'delFlag', afterValue: '1' });
  });
});

describe('project levels and secrecy', () => {
  let item: number;
  let secretItem: number;
  let publicItem: number;
  beforeAll(async () => {
    item = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Levels' });
    secretItem = await createItem(admin, { projectId: secret, workItemType: 'defect', title: 'Classified' });
    publicItem = await createItem(admin, { projectId: open, workItemType: 'defect', title: 'Everyone reads' });
  });

  it('lets a reader read and refuses them changes with "No relevant permissions", changing nothing', async () => {
    expect((await reader.get(`/prod-api/ccms/workitem/${item}`)).body.data).toMatchObject({ myLevel: 'read', actions: [] });
    for (const res of [
      await reader.put('/prod-api/ccms/workitem', { workItemId: item, projectId: project, rowVersion: 1, title: 'hijack' }),
      await reader.post(`/prod-api/ccms/workitem/${item}/transition`, { action: 'resolve', resolution: 'fixed' }),
      await reader.post('/prod-api/ccms/workitem', { projectId: project, workItemType: 'defect', title: 'reader bug' }),
      await reader.delete(`/prod-api/ccms/workitem/${item}`),
      await reader.post(`/prod-api/ccms/workitem/${item}/comment`, { content: 'hi' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('No relevant permissions');
    }
    expect(await itemRow(item)).toMatchObject({ title: 'Levels', status: 'active', delFlag: '0' });
  });

  it('hides a secret project from callers without a level, in lists and details', async () => {
    const res = await writer.get(`/prod-api/ccms/workitem/${secretItem}`);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('No relevant permissions');
    const list = await writer.post('/prod-api/ccms/workitem/query', { conditions: [] });
    const titles = list.body.rows.map((r: { title: string }) => r.title);
    expect(titles).toContain('Levels');
    expect(titles).not.toContain('Classified');
    expect((await writer.get('/prod-api/ccms/workitem/list', { projectId: secret })).body.msg).toBe('No relevant permissions');
    expect((await admin.get(`/prod-api/ccms/workitem/${secretItem}`)).body.data.title).toBe('Classified');
    await grant(t, secret, await userIdOf(t, 'wioutside'), 'read');
    expect((await outsider.get(`/prod-api/ccms/workitem/${secretItem}`)).body.data.title).toBe('Classified');
  });

  it('lets everyone read a public project, and nobody without a level write to it', async () => {
    expect((await outsider.get(`/prod-api/ccms/workitem/${publicItem}`)).body.data).toMatchObject({ myLevel: 'read' });
    expect((await outsider.post(`/prod-api/ccms/workitem/${publicItem}/transition`, { action: 'resolve', resolution: 'fixed' })).status).toBe(403);
    expect((await outsider.get(`/prod-api/ccms/workitem/${item}`)).body.msg).toBe('No relevant permissions');
  });

  it('needs the permission string: without ccms:workitem:add the create is refused', async () => {
    const before = await itemCount();
    const res = await viewer.post('/prod-api/ccms/workitem', { projectId: project, workItemType: 'defect', title: 'no add perm' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The current operation has no permission');
    expect(await itemCount()).toBe(before);
    expect((await viewer.get(`/prod-api/ccms/workitem/${item}`)).body.code).toBe(200);
  });
});

describe('export', () => {
  it('writes the matching items to a workbook in the caller language, conditions posted as a form', async () => {
    await createItem(writer, { projectId: other, workItemType: 'defect', title: 'Export me', priority: 1 });
    const form = new URLSearchParams({
      projectId: String(other),
      conditions: JSON.stringify([{ field: 'title', operator: 'contains', value: 'Export' }]),
    });
    const res = await writer.request({
      method: 'POST',
      url: '/prod-api/ccms/workitem/export',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).text).toBe('Title');
    expect(sheet?.getRow(2).getCell(3).text).toBe('Export me');
    expect(sheet?.getRow(2).getCell(4).text).toBe('active');
    expect(sheet?.rowCount).toBe(2);
  });
});
