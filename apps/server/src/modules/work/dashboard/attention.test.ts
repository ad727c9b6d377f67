import { TaskPerm } from '@ccms/contracts/work/task';
import { WorkflowPerm } from '@ccms/contracts/work/workflow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import {
  ccmsCatalogMeta,
  ccmsCatalogTopic,
  ccmsDeliverable,
  ccmsDeliveryReceipt,
  ccmsDocumentOutput,
  ccmsLibrary,
  ccmsLibraryGrant,
  ccmsPlan,
  ccmsProject,
  ccmsProjectMember,
  ccmsPublication,
  ccmsTask,
  ccmsWorkflow,
  ccmsWorkflowApproval,
  ccmsWorkflowVote,
  sysUser,
  sysUserRole,
} from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';
import { makeProject } from '../work-item/work-item-test-kit';

const URL = '/prod-api/ccms/dashboard/attention';
const TEAM_LEAD_ROLE = 8;
const AUTHOR_ROLE = 3;

let t: TestApp;
let admin: Caller;
let lead: Caller;
let writer: Caller;
let leadId: number;
let writerId: number;
let reviewerId: number;
const ids = { a: 0, b: 0, c: 0, libA: 0, libB: 0 };

const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return dayText(d);
};
const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);

/** A user holding one seeded role, signed in. */
async function withRole(userName: string, roleId: number): Promise<{ caller: Caller; userId: number }> {
  const [user] = await t.database.db
    .insert(sysUser)
    .values({ userName, nickName: `${userName} N`, password: await hashPassword('secret123') })
    .returning();
  if (!user) throw new Error('no user');
  await t.database.db.insert(sysUserRole).values({ userId: user.userId, roleId });
  return { caller: await t.login(userName, 'secret123'), userId: user.userId };
}

/** What needs the lead in one project: an overdue task, an open approval, a topic under review, a failed publish and delivery. */
async function seedProjectWork(projectId: number, libraryId: number, tag: string) {
  const db = t.database.db;
  await db.insert(ccmsTask).values([
    { projectId, title: `${tag} late`, status: 'inProgress', assigneeId: writerId, dueDate: daysAgo(3) },
    { projectId, title: `${tag} late but done`, status: 'completed', assigneeId: writerId, dueDate: daysAgo(5) },
    { projectId, title: `${tag} due today`, status: 'new', assigneeId: writerId, dueDate: daysAgo(0) },
  ]);
  const [plan] = await db
    .insert(ccmsPlan)
    .values({ projectId, title: `${tag} plan`, libraryId, branch: 'main' })
    .returning();
  if (!plan) throw new Error('no plan');
  const [wf] = await db.insert(ccmsWorkflow).values({ planId: plan.planId, stage: 'editApproval' }).returning();
  if (!wf) throw new Error('no workflow');
  await db.insert(ccmsWorkflowApproval).values({
    workflowId: wf.workflowId,
    stage: 'editApproval',
    rule: 'all',
    reviewerIds: [reviewerId, writerId],
    initiatedBy: 'writer',
    initiateTime: hoursAgo(30),
  });
  // A decided approval waits for nobody.
  await db.insert(ccmsWorkflowApproval).values({ workflowId: wf.workflowId, stage: 'editApproval', state: 'passed', rule: 'all', reviewerIds: [reviewerId] });
  await db.insert(ccmsCatalogTopic).values({ libraryId, branch: 'main', path: `topics/${tag}.dita`, title: `${tag} topic` });
  await db.insert(ccmsCatalogMeta).values([
    { libraryId, branch: 'main', path: `topics/${tag}.dita`, status: 'underReview', owner: 'writer' },
    { libraryId, branch: 'main', path: `topics/${tag}-draft.dita`, status: 'draft' },
    // Another branch of the library is no project's.
    { libraryId, branch: 'other', path: `topics/${tag}.dita`, status: 'underReview' },
  ]);
  await db.insert(ccmsDocumentOutput).values([
    {
      libraryId,
      branch: 'main',
      path: `${tag}.ditamap`,
      format: 'pdf',
      configId: 1,
      configName: 'print',
      status: 'fail',
      message: `${tag}: engine stopped`,
      createTime: hoursAgo(2),
      createBy: 'writer',
    },
    // Failed, then published again with success: nothing to do.
    {
      libraryId,
      branch: 'main',
      path: `${tag}.ditamap`,
      format: 'html5',
      configId: 2,
      configName: 'web',
      status: 'fail',
      message: 'old',
      createTime: hoursAgo(5),
    },
    { libraryId, branch: 'main', path: `${tag}.ditamap`, format: 'html5', configId: 2, configName: 'web', status: 'success', createTime: hoursAgo(4) },
    // Failed with no reason: its first problem, errors before warnings, says what went wrong.
    {
      libraryId,
      branch: 'main',
      path: `${tag}-empty.ditamap`,
      format: 'html5',
      configId: 2,
      configName: 'web',
      status: 'fail',
      createTime: hoursAgo(3),
      problems: [
        { severity: 'warning', code: 'w', message: 'a warning', file: '', line: 0, column: 0 },
        { severity: 'error', code: 'e', message: `${tag}: topic missing`, file: '', line: 0, column: 0 },
      ],
      problemCounts: { error: 1, warning: 1, info: 0 },
    },
    // Failed long ago: not recent.
    { libraryId, branch: 'main', path: `${tag}-old.ditamap`, format: 'pdf', configId: 1, status: 'fail', message: 'ancient', createTime: hoursAgo(24 * 30) },
  ]);
  const [publication] = await db
    .insert(ccmsPublication)
    .values({ libraryId, name: `${tag} pub`, branch: 'main', ditaMap: `${tag}.ditamap`, ditaVal: '' })
    .returning();
  if (!publication) throw new Error('no publication');
  const [deliverable] = await db
    .insert(ccmsDeliverable)
    .values({ name: `${tag} drop`, publicationId: publication.publicationId, configId: 1, connectionId: 1 })
    .returning();
  if (!deliverable) throw new Error('no deliverable');
  await db.insert(ccmsDeliveryReceipt).values({
    deliverableId: deliverable.deliverableId,
    trigger: 'now',
    status: 'fail',
    error: `${tag}: host key changed`,
    attempts: 4,
    startTime: hoursAgo(1),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.login();
  ({ caller: lead, userId: leadId } = await withRole('alead', TEAM_LEAD_ROLE));
  ({ caller: writer, userId: writerId } = await withRole('awriter', AUTHOR_ROLE));
  ({ userId: reviewerId } = await withRole('areview', AUTHOR_ROLE));
  const libs = await db
    .insert(ccmsLibrary)
    .values([
      { name: 'att-a', libraryType: 'DITA', url: 'https://example.com/a.git', defaultBranch: 'main' },
      { name: 'att-b', libraryType: 'DITA', url: 'https://example.com/b.git', defaultBranch: 'main' },
    ])
    .returning();
  ids.libA = libs[0]?.libraryId ?? 0;
  ids.libB = libs[1]?.libraryId ?? 0;
  // The team lead role reads both libraries, as a lead's role would: the panels are scoped by project, not by library rights.
  for (const libraryId of [ids.libA, ids.libB])
    await db.insert(ccmsLibraryGrant).values({ libraryId, granteeType: 'role', granteeId: TEAM_LEAD_ROLE, level: 'read' });
  // A: the lead manages it; B: someone else's; C: the lead only writes in it.
  ids.a = await makeProject(t, 'Attention A');
  ids.b = await makeProject(t, 'Attention B');
  ids.c = await makeProject(t, 'Attention C');
  await db.update(ccmsProject).set({ libraryId: ids.libA }).where(eq(ccmsProject.projectId, ids.a));
  await db.update(ccmsProject).set({ libraryId: ids.libB }).where(eq(ccmsProject.projectId, ids.b));
  await db.insert(ccmsProjectMember).values([
    { projectId: ids.a, userId: leadId, projectRole: 'manager' },
    { projectId: ids.c, userId: leadId, projectRole: 'writer' },
  ]);
  await seedProjectWork(ids.a, ids.libA, 'alpha');
  await seedProjectWork(ids.b, ids.libB, 'beta');
  await db.insert(ccmsTask).values({ projectId: ids.c, title: 'gamma late', status: 'new', dueDate: daysAgo(9) });
});
afterAll(() => t.close());

describe('GET /ccms/dashboard/attention', () => {
  it("shows a team lead only their project's overdue task, waiting approval, review, failed publish and failed delivery", async () => {
    const res = await lead.get(URL);
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ lead: true, reason: null, allProjects: false, projects: [{ projectId: ids.a, title: 'Attention A' }] });
    const p = data.panels;

    expect(p.overdueTasks).toMatchObject({ omitted: false, total: 1 });
    expect(p.overdueTasks.rows).toEqual([
      expect.objectContaining({
        title: 'alpha late',
        projectId: ids.a,
        projectTitle: 'Attention A',
        assigneeName: 'awriter N',
        dueDate: daysAgo(3),
        daysOverdue: 3,
      }),
    ]);

    expect(p.approvals).toMatchObject({ omitted: false, total: 1 });
    expect(p.approvals.rows[0]).toMatchObject({
      planTitle: 'alpha plan',
      projectId: ids.a,
      stage: 'editApproval',
      waitingOn: ['areview N', 'awriter N'],
      mine: false,
    });

    expect(p.underReview).toMatchObject({ omitted: false, total: 1 });
    expect(p.underReview.rows[0]).toMatchObject({ kind: 'topic', title: 'alpha topic', path: 'topics/alpha.dita', projectId: ids.a, owner: 'writer' });
    expect(p.underReview.rows[0].id).toEqual(expect.any(Number));

    expect(p.failedPublishes).toMatchObject({ omitted: false, total: 2 });
    expect(p.failedPublishes.rows[1]).toMatchObject({ path: 'alpha-empty.ditamap', error: 'alpha: topic missing', errorCount: 1 });
    expect(p.failedPublishes.rows[0]).toMatchObject({
      path: 'alpha.ditamap',
      configName: 'print',
      error: 'alpha: engine stopped',
      libraryName: 'att-a',
      documentId: null,
    });

    expect(p.failedDeliveries).toMatchObject({ omitted: false, total: 1 });
    expect(p.failedDeliveries.rows[0]).toMatchObject({
      deliverableName: 'alpha drop',
      publicationName: 'alpha pub',
      error: 'alpha: host key changed',
      attempts: 4,
    });
  });

  it('moves with the work: a vote shrinks who is waited on, a finished task and a good publish leave the panels', async () => {
    const db = t.database.db;
    const [approval] = await db
      .select()
      .from(ccmsWorkflowApproval)
      .innerJoin(ccmsWorkflow, eq(ccmsWorkflow.workflowId, ccmsWorkflowApproval.workflowId))
      .innerJoin(ccmsPlan, eq(ccmsPlan.planId, ccmsWorkflow.planId))
      .where(and(eq(ccmsPlan.projectId, ids.a), eq(ccmsWorkflowApproval.state, 'initiated')));
    if (!approval) throw new Error('no approval');
    await db.insert(ccmsWorkflowVote).values({ approvalId: approval.ccms_workflow_approval.approvalId, reviewerId, decision: 'approve' });
    await db.update(ccmsTask).set({ status: 'completed' }).where(eq(ccmsTask.title, 'alpha late'));
    await db.insert(ccmsDocumentOutput).values({ libraryId: ids.libA, branch: 'main', path: 'alpha.ditamap', format: 'pdf', configId: 1, status: 'success' });

    const p = (await lead.get(URL)).body.data.panels;
    expect(p.approvals.rows[0].waitingOn).toEqual(['awriter N']);
    expect(p.overdueTasks).toEqual({ omitted: false, total: 0, rows: [] });
    expect(p.failedPublishes.rows.map((r: { path: string }) => r.path)).toEqual(['alpha-empty.ditamap']);
    // Late again, for the tests below.
    await db.update(ccmsTask).set({ status: 'inProgress' }).where(eq(ccmsTask.title, 'alpha late'));
  });

  it('shows an administrator every project', async () => {
    const data = (await admin.get(URL)).body.data;
    expect(data).toMatchObject({ lead: true, allProjects: true, projects: [] });
    const titles = data.panels.overdueTasks.rows.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['beta late', 'gamma late']));
    expect(data.panels.approvals.rows.map((r: { planTitle: string }) => r.planTitle)).toEqual(expect.arrayContaining(['alpha plan', 'beta plan']));
    expect(data.panels.failedPublishes.rows.map((r: { path: string }) => r.path)).toContain('beta.ditamap');
    expect(data.panels.failedDeliveries.rows.map((r: { deliverableName: string }) => r.deliverableName)).toEqual(
      expect.arrayContaining(['alpha drop', 'beta drop']),
    );
    expect(data.panels.underReview.rows.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['alpha topic', 'beta topic']));
  });

  it('gives a writer who leads no project no "Needs you", and says why', async () => {
    const res = await writer.get(URL);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ lead: false, reason: 'notLead', projects: [], allProjects: false, panels: null });
    expect((await t.anonymous.get(URL)).status).toBe(401);
  });

  it('omits a panel whose screen the lead may not open, naming the permission, and shows the rest', async () => {
    const owner = await callerWith(t, 'aowner', [WorkflowPerm.query]);
    const [me] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'aowner'));
    await t.database.db
      .update(ccmsProject)
      .set({ ownerId: me?.userId ?? 0 })
      .where(eq(ccmsProject.projectId, ids.b));
    const p = (await owner.get(URL)).body.data.panels;
    expect(p.overdueTasks).toEqual({ omitted: true, reason: 'noPermission', permissions: [TaskPerm.list] });
    expect(p.failedDeliveries).toMatchObject({ omitted: true, reason: 'noPermission' });
    expect(p.approvals).toMatchObject({ omitted: false, total: 1 });
    expect(p.approvals.rows[0].planTitle).toBe('beta plan');
  });
});
