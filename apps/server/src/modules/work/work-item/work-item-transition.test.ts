import { allowedActions, statesOf, WORK_ITEM_ACTIONS, type WorkItemType } from '@ccms/contracts/work/work-item-states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsWorkItem, ccmsWorkItemComment, ccmsWorkItemHistory } from '../../../db/schema';
import { createItem, grant, makeProject, userIdOf, WORK_ITEM_PERMS } from './work-item-test-kit';

let t: TestApp;
let writer: Caller;
let tester: Caller;
let writerId: number;
let testerId: number;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  writer = await callerWith(t, 'stwriter', WORK_ITEM_PERMS);
  tester = await callerWith(t, 'sttester', WORK_ITEM_PERMS);
  writerId = await userIdOf(t, 'stwriter');
  testerId = await userIdOf(t, 'sttester');
  project = await makeProject(t, 'State machines');
  await grant(t, project, writerId, 'write');
  await grant(t, project, testerId, 'write');
});
afterAll(() => t.close());

const row = async (id: number) => (await t.database.db.select().from(ccmsWorkItem).where(eq(ccmsWorkItem.workItemId, id)))[0];
const act = (c: Caller, id: number, action: string, extra: Record<string, unknown> = {}) =>
  c.post(`/prod-api/ccms/workitem/${id}/transition`, { action, ...extra });
/** What each action needs to be complete. */
const NEEDS: Record<string, Record<string, string>> = { resolve: { resolution: 'fixed' }, close: { closeReason: 'done' } };

describe('requirement state machine (ZenTao story)', () => {
  it('walks draft → reviewing → draft (clarify) → reviewing → active → changing → reviewing → closed (reject) → active → closed (close, done)', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Story' });
    const steps: [string, Record<string, unknown>, string][] = [
      ['submitReview', {}, 'reviewing'],
      ['reviewClarify', {}, 'draft'],
      ['submitReview', {}, 'reviewing'],
      ['reviewPass', {}, 'active'],
      ['change', {}, 'changing'],
      ['submitReview', {}, 'reviewing'],
      ['reviewReject', {}, 'closed'],
      ['activate', {}, 'active'],
      ['close', { closeReason: 'done' }, 'closed'],
    ];
    for (const [action, extra, to] of steps) {
      const res = await act(writer, id, action, extra);
      expect(res.body, action).toMatchObject({ code: 200 });
      expect((await row(id))?.status, action).toBe(to);
    }
    expect(await row(id)).toMatchObject({ closeReason: 'done', closerId: writerId, progress: 100, rowVersion: steps.length + 1 });
    const history = await t.database.db.select().from(ccmsWorkItemHistory).where(eq(ccmsWorkItemHistory.workItemId, id)).orderBy(ccmsWorkItemHistory.seq);
    const statusRows = history.filter((h) => h.changeField === 'status' && h.changeType !== 'create');
    expect(statusRows.map((h) => [h.changeType, h.beforeValue, h.afterValue])).toEqual([
      ['submitReview', 'draft', 'reviewing'],
      ['reviewClarify', 'reviewing', 'draft'],
      ['submitReview', 'draft', 'reviewing'],
      ['reviewPass', 'reviewing', 'active'],
      ['change', 'active', 'changing'],
      ['submitReview', 'changing', 'reviewing'],
      ['reviewReject', 'reviewing', 'closed'],
      ['activate', 'closed', 'active'],
      ['close', 'active', 'closed'],
    ]);
    expect(history.find((h) => h.changeType === 'reviewReject' && h.changeField === 'closeReason')?.afterValue).toBe('reject');
  });

  it('refuses what ZenTao refuses, with a clear message, changing nothing', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Draft story' });
    const res = await act(writer, id, 'reviewPass');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Requirement "Draft story" is draft: "Pass review" is not allowed');
    const zh = await act(callerFor(t.app, writer.token, 'zh'), id, 'close', { closeReason: 'done' });
    expect(zh.body.msg).toBe('需求“Draft story”当前状态为“草稿”，不能执行“关闭”');
    expect((await act(writer, id, 'resolve', { resolution: 'fixed' })).body.msg).toBe('Requirement "Draft story" is draft: "Resolve" is not allowed');
    expect(await row(id)).toMatchObject({ status: 'draft', rowVersion: 1 });
  });

  it('needs a reason to close', async () => {
    const id = await createItem(writer, { projectId: project, workItemType: 'requirement', title: 'Reasonless' });
    await act(writer, id, 'submitReview');
    await act(writer, id, 'reviewPass');
    const res = await act(writer, id, 'close');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Close reason is required to close a requirement');
    expect((await act(writer, id, 'close', { closeReason: 'later' })).body.msg).toMatch(/^Close reason must be one of: done, /);
    expect((await row(id))?.status).toBe('active');
  });
});

describe('defect state machine (ZenTao bug)', () => {
  it('resolves with a resolution back to the reporter, is reactivated (counted) and closed', async () => {
    const id = await createItem(tester, { projectId: project, workItemType: 'defect', title: 'Bug', assigneeId: writerId });
    expect((await act(writer, id, 'resolve')).body.msg).toBe('Resolution is required to resolve a defect');
    expect((await act(writer, id, 'resolve', { resolution: 'fixedit' })).body.msg).toBe(
      'Resolution must be one of: fixed, bydesign, duplicate, external, notrepro, postponed, willnotfix',
    );
    expect((await row(id))?.status).toBe('active');

    expect((await act(writer, id, 'resolve', { resolution: 'fixed', versionFix: '1.1', comment: 'Fixed in 1.1' })).body.code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'resolved', resolution: 'fixed', fixerId: writerId, assigneeId: testerId, versionFix: '1.1' });
    expect((await row(id))?.resolved).toBeInstanceOf(Date);
    const comments = await t.database.db.select().from(ccmsWorkItemComment).where(eq(ccmsWorkItemComment.workItemId, id));
    expect(comments.map((c) => c.content)).toEqual(['Fixed in 1.1']);

    expect((await act(tester, id, 'reactivate')).body.code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'active', resolution: '', resolved: null, reactivateCount: 1, assigneeId: writerId });
    await act(writer, id, 'resolve', { resolution: 'bydesign' });
    expect((await act(tester, id, 'close')).body.code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'closed', closerId: testerId });
    expect((await row(id))?.verityTime).toBeInstanceOf(Date);
    expect((await act(tester, id, 'reactivate')).body.code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'active', reactivateCount: 2, closed: null });
  });

  it('refuses closing an active defect and review actions on a defect', async () => {
    const id = await createItem(tester, { projectId: project, workItemType: 'defect', title: 'Open bug' });
    expect((await act(tester, id, 'close')).body.msg).toBe('Defect "Open bug" is active: "Close" is not allowed');
    expect((await act(tester, id, 'submitReview')).body.msg).toBe('Defect "Open bug" is active: "Submit review" is not allowed');
    expect((await act(tester, id, 'reactivate')).status).toBe(400);
    expect(await row(id)).toMatchObject({ status: 'active', rowVersion: 1 });
  });

  it('answers 409 to a transition sent with a stale rowVersion', async () => {
    const id = await createItem(tester, { projectId: project, workItemType: 'defect', title: 'Stale bug' });
    await writer.put('/prod-api/ccms/workitem', { workItemId: id, projectId: project, rowVersion: 1, os: 'Linux' });
    const res = await act(tester, id, 'resolve', { resolution: 'fixed', rowVersion: 1 });
    expect(res.status).toBe(409);
    expect((await row(id))?.status).toBe('active');
  });
});

describe('every state × every action', () => {
  it.each(['requirement', 'defect'] as WorkItemType[])('the server allows exactly what the %s machine in contracts allows', async (type) => {
    const id = await createItem(writer, { projectId: project, workItemType: type, title: `Matrix ${type}` });
    const mismatches: string[] = [];
    for (const state of statesOf(type)) {
      const allowed = allowedActions(type, state);
      for (const action of WORK_ITEM_ACTIONS) {
        await t.database.db.update(ccmsWorkItem).set({ status: state }).where(eq(ccmsWorkItem.workItemId, id));
        const res = await act(writer, id, action, NEEDS[action] ?? {});
        const ok = res.body.code === 200;
        if (ok !== allowed.includes(action)) mismatches.push(`${state} ${action} -> ${res.body.code} ${res.body.msg}`);
        if (!ok) expect((await row(id))?.status).toBe(state);
      }
    }
    expect(mismatches).toEqual([]);
    expect(allowedActions(type, type === 'requirement' ? 'draft' : 'active').length).toBeGreaterThan(0);
  });

  it('offers a writer the allowed actions in the detail, a reader none', async () => {
    const reader = await callerWith(t, 'streader', WORK_ITEM_PERMS);
    await grant(t, project, await userIdOf(t, 'streader'), 'read');
    const id = await createItem(writer, { projectId: project, workItemType: 'defect', title: 'Actions' });
    await act(writer, id, 'resolve', { resolution: 'notrepro' });
    expect((await writer.get(`/prod-api/ccms/workitem/${id}`)).body.data.actions).toEqual(['close', 'reactivate']);
    expect((await reader.get(`/prod-api/ccms/workitem/${id}`)).body.data.actions).toEqual([]);
  });
});
