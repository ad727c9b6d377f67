import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsWorkItem } from '../../../db/schema';
import { createItem, grant, makeProject, userIdOf, WORK_ITEM_PERMS } from '../work-item/work-item-test-kit';

let t: TestApp;
let alice: Caller;
let plain: Caller;
let aliceId: number;
let project: number;

const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await callerWith(t, 'dalice', WORK_ITEM_PERMS);
  plain = await callerWith(t, 'dplain', []);
  aliceId = await userIdOf(t, 'dalice');
  project = await makeProject(t, 'Dashboard project');
  await grant(t, project, aliceId, 'write');
  await makeProject(t, 'Closed project', { status: '1' });
  const hidden = await makeProject(t, 'Hidden project', { secrecy: true });
  await createItem(await t.login(), { projectId: hidden, workItemType: 'defect', title: 'Hidden bug', assigneeId: aliceId });
});
afterAll(() => t.close());

describe('GET /ccms/dashboard', () => {
  it('shows my projects (status 0, visible), my open items and 7 days of trends that move with the work', async () => {
    const before = (await alice.get('/prod-api/ccms/dashboard')).body.data;
    expect(before.trends).toHaveLength(7);
    expect(before.trends.at(-1).day).toBe(dayText(new Date()));
    const titles = before.projects.map((p: { title: string }) => p.title);
    expect(titles).toContain('Dashboard project');
    expect(titles).not.toContain('Closed project');
    expect(titles).not.toContain('Hidden project');
    expect(before.openItems).toEqual([]);

    const a = await createItem(alice, { projectId: project, workItemType: 'defect', title: 'Mine', assigneeId: aliceId, priority: 2 });
    const b = await createItem(alice, { projectId: project, workItemType: 'defect', title: 'Mine too', assigneeId: aliceId, priority: 1 });
    await createItem(alice, { projectId: project, workItemType: 'requirement', title: 'Not mine' });
    await alice.post(`/prod-api/ccms/workitem/${a}/transition`, { action: 'resolve', resolution: 'fixed' });
    await alice.post(`/prod-api/ccms/workitem/${a}/transition`, { action: 'close' });
    // An item made three days ago counts on its own day.
    const old = await createItem(alice, { projectId: project, workItemType: 'defect', title: 'Old' });
    const threeDaysAgo = new Date();
    threeDaysAgo.setDate(threeDaysAgo.getDate() - 3);
    threeDaysAgo.setHours(12, 0, 0, 0);
    await t.database.db.update(ccmsWorkItem).set({ createTime: threeDaysAgo }).where(eq(ccmsWorkItem.workItemId, old));

    const after = (await alice.get('/prod-api/ccms/dashboard')).body.data;
    expect(after.trends.at(-1)).toMatchObject({ created: 3, resolved: 1, closed: 1 });
    expect(after.trends.at(-4)).toMatchObject({ day: dayText(threeDaysAgo), created: 1 });
    expect(after.trends.slice(0, 3).every((d: { created: number }) => d.created === 0)).toBe(true);
    expect(after.openItems.map((i: { workItemId: number }) => i.workItemId)).toEqual([b]);
    expect(after.openItemTotal).toBe(1);
    expect(after.projects.find((p: { title: string }) => p.title === 'Dashboard project').openItems).toBe(3);
  });

  it('is open to any signed-in user, showing only what they may see', async () => {
    const res = await plain.get('/prod-api/ccms/dashboard');
    expect(res.body.code).toBe(200);
    expect(res.body.data.openItems).toEqual([]);
    expect(res.body.data.trends.every((d: { created: number }) => d.created === 0)).toBe(true);
    expect((await t.anonymous.get('/prod-api/ccms/dashboard')).status).toBe(401);
  });
});
