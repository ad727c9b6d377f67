import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsPlan, ccmsReleaseLog } from '../../../db/schema';
import { grant, makeProject, userIdOf, WORK_ITEM_PERMS } from '../work-item/work-item-test-kit';

let t: TestApp;
let writer: Caller;
let reader: Caller;
let outsider: Caller;
let project: number;
let other: number;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  writer = await callerWith(t, 'rlwriter', WORK_ITEM_PERMS);
  reader = await callerWith(t, 'rlreader', WORK_ITEM_PERMS);
  outsider = await callerWith(t, 'rloutside', WORK_ITEM_PERMS);
  project = await makeProject(t, 'Release log project');
  other = await makeProject(t, 'Another');
  await grant(t, project, await userIdOf(t, 'rlwriter'), 'write');
  await grant(t, other, await userIdOf(t, 'rlwriter'), 'write');
  await grant(t, project, await userIdOf(t, 'rlreader'), 'read');
  const [plan] = await t.database.db.insert(ccmsPlan).values({ projectId: project, title: 'Spring plan' }).returning();
  if (!plan) throw new Error('plan not created');
  planId = plan.planId;
});
afterAll(() => t.close());

const count = async () => (await t.database.db.select().from(ccmsReleaseLog)).length;

describe('/ccms/releaseLog', () => {
  it('adds entries numbered per project, copying the plan title, and lists, edits and deletes them', async () => {
    const a = await writer.post('/prod-api/ccms/releaseLog', {
      projectId: project,
      planId,
      version: '1.0',
      commitComment: 'first cut',
      archive: 'manual-1.0.zip',
      status: 'success',
    });
    expect(a.body.code).toBe(200);
    await writer.post('/prod-api/ccms/releaseLog', { projectId: project, planTitle: 'Hotfix', version: '1.0.1' });
    await writer.post('/prod-api/ccms/releaseLog', { projectId: other, planTitle: 'Other', version: '9' });

    const list = await reader.get('/prod-api/ccms/releaseLog/list', { projectId: project, orderByColumn: 'index', isAsc: 'asc' });
    expect(list.body.total).toBe(2);
    expect(
      list.body.rows.map((r: { index: number; planTitle: string; version: string; status: string; createBy: string }) => [
        r.index,
        r.planTitle,
        r.version,
        r.status,
        r.createBy,
      ]),
    ).toEqual([
      [1, 'Spring plan', '1.0', 'success', 'rlwriter'],
      [2, 'Hotfix', '1.0.1', 'notStarted', 'rlwriter'],
    ]);
    const logId = a.body.data.logId;
    expect((await reader.get(`/prod-api/ccms/releaseLog/${logId}`)).body.data).toMatchObject({
      index: 1,
      archive: 'manual-1.0.zip',
      commitComment: 'first cut',
    });
    expect((await reader.get(`/prod-api/ccms/releaseLog/${logId}`, { projectId: other })).body.msg).toBe('Project mismatch, please note');

    expect((await writer.put('/prod-api/ccms/releaseLog', { logId, projectId: project, planId, version: '1.0', status: 'fail' })).body.code).toBe(200);
    expect((await t.database.db.select().from(ccmsReleaseLog).where(eq(ccmsReleaseLog.logId, logId)))[0]).toMatchObject({
      status: 'fail',
      updateBy: 'rlwriter',
    });
    expect((await writer.delete(`/prod-api/ccms/releaseLog/${logId}`)).body.code).toBe(200);
    expect((await reader.get('/prod-api/ccms/releaseLog/list', { projectId: project })).body.total).toBe(1);
    // Numbers are not reused after a delete.
    await writer.post('/prod-api/ccms/releaseLog', { projectId: project, version: '1.1' });
    expect((await reader.get('/prod-api/ccms/releaseLog/list', { projectId: project, orderByColumn: 'index', isAsc: 'desc' })).body.rows[0].index).toBe(3);
  });

  it('refuses a plan of another project, a missing version and a reader, writing nothing', async () => {
    const before = await count();
    expect((await writer.post('/prod-api/ccms/releaseLog', { projectId: other, planId, version: '2' })).body.msg).toBe('Plan: the plan is not in this project');
    expect((await writer.post('/prod-api/ccms/releaseLog', { projectId: project, version: '' })).body.msg).toBe('Version is required');
    const denied = await reader.post('/prod-api/ccms/releaseLog', { projectId: project, version: '3' });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('No relevant permissions');
    expect(await count()).toBe(before);
  });

  it('shows an outsider nothing of a project they have no level on', async () => {
    expect((await outsider.get('/prod-api/ccms/releaseLog/list')).body.total).toBe(0);
    expect((await outsider.get('/prod-api/ccms/releaseLog/list', { projectId: project })).body.msg).toBe('No relevant permissions');
  });

  it('exports the list as a workbook', async () => {
    const res = await writer.request({ method: 'POST', url: '/prod-api/ccms/releaseLog/export', payload: { projectId: project } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(4).text).toBe('Commit comment');
    expect(sheet?.rowCount).toBe(3);
  });
});
