import path from 'node:path';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { TaskPerm } from '@ccms/contracts/work/task';
import { WorkflowPerm } from '@ccms/contracts/work/workflow';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProjectMember, ccmsTask, ccmsWorkflow } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../../content/content-test-kit';
import { created, createProject } from '../project/project-test-kit';
import { indexedCommit } from './workflow.queries';

const PERMS = [
  WorkflowPerm.query,
  WorkflowPerm.act,
  TaskPerm.mine,
  TaskPerm.query,
  'ccms:topic:list',
  'ccms:topic:query',
  'ccms:topic:edit',
  TopicEditorPerm.open,
  TopicEditorPerm.edit,
  ReviewCommentPerm.list,
  ReviewCommentPerm.add,
];
const TOPICS = ['all', 'one', 'rejected', 'comments', 'cfgone', 'planwins', 'coverage'];
const concept = (id: string, paragraphs: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
    `<concept id="${id}">`,
    `  <title>Topic ${id}</title>`,
    '  <conbody>',
    ...paragraphs,
    '  </conbody>',
    '</concept>',
    '',
  ].join('\n');
const PARAS = ['    <p id="p1">First paragraph.</p>', '    <p id="p2">Second paragraph.</p>', '    <p>No id here.</p>'];
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map><title>Guide</title>
${TOPICS.map((id) => `  <topicref href="../topics/${id}.dita"/>`).join('\n')}
</map>
`;

const remote = useGitServer();
let t: TestApp;
let admin: Caller;
let writer: TestUser;
let rev1: TestUser;
let rev2: TestUser;
let translator: TestUser;
let trReviewer: TestUser;
let libraryId = 0;
const pathOf = (id: string) => `topics/${id}.dita`;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('wf', {
    files: { 'maps/guide.ditamap': MAP, ...Object.fromEntries(TOPICS.map((id) => [pathOf(id), concept(id, PARAS)])) },
  });
  admin = await t.login();
  writer = await userWith(t, 'writer', PERMS);
  rev1 = await userWith(t, 'rev1', PERMS);
  rev2 = await userWith(t, 'rev2', PERMS);
  translator = await userWith(t, 'transl', PERMS);
  trReviewer = await userWith(t, 'trrev', PERMS);
  const res = await admin.post('/prod-api/ccms/library', libraryBody('wf', remote().url('wf')));
  libraryId = res.body.data.libraryId;
  for (const u of [writer, rev1, rev2, translator, trReviewer]) await grant(t, libraryId, 'user', u.userId, 'write');
  const listed = await admin.get('/prod-api/ccms/topic/list', { libraryId });
  expect(listed.body.total, listed.raw).toBe(TOPICS.length);
});
afterAll(async () => {
  await t?.close();
});

/** A project with a config and members, a plan over one topic, a writing (and a translation) task covering it. */
async function planOver(topic: string, opts: { rule?: 'all' | 'one'; configRule?: 'all' | 'one'; translate: boolean; writingStatus?: string }) {
  const projectId = await createProject(admin, `wf ${topic}`);
  const config = {
    projectId,
    writerId: writer.userId,
    writeReviewerId: rev2.userId,
    translatorId: translator.userId,
    translateReviewerId: trReviewer.userId,
    existTranslate: opts.translate,
    ...(opts.configRule ? { reviewRule: opts.configRule } : {}),
  };
  expect((await admin.put('/prod-api/ccms/project/config', config)).body.code).toBe(200);
  const members = [writer, rev1, rev2, translator, trReviewer].map((u) => ({ projectId, userId: u.userId }));
  await t.database.db.insert(ccmsProjectMember).values(members);
  const planId = await created(admin, '/prod-api/ccms/plan', {
    projectId,
    title: `plan ${topic}`,
    libraryId,
    reviewerId: rev1.userId,
    ...(opts.rule ? { reviewRule: opts.rule } : {}),
  });
  const task = (title: string, category: string, userId: number, status: string) =>
    created(admin, '/prod-api/ccms/task', { projectId, planId, title, category, writerId: userId, assigneeId: userId, status });
  const writing = await task(`write ${topic}`, 'writing', writer.userId, opts.writingStatus ?? 'completed');
  const translation = opts.translate ? await task(`translate ${topic}`, 'translation', translator.userId, 'completed') : 0;
  const covered = await admin.put('/prod-api/ccms/workflow/task-content', { taskId: writing, items: [{ kind: 'topic', path: pathOf(topic) }] });
  expect(covered.body.code, covered.raw).toBe(200);
  return { projectId, planId, writing, translation };
}

const act = async (c: Caller, action: string, body: Record<string, unknown>) => {
  const res = await c.post(`/prod-api/ccms/workflow/${action}`, body);
  expect(res.body.code, `${action}: ${res.raw}`).toBe(200);
  return res.body.data;
};
const topicOf = async (id: string) => (await admin.get('/prod-api/ccms/topic/byPath', { libraryId, path: pathOf(id) })).body.data;
/** The events of the in-app notices of a user (delivery does not hold up the action, so they are polled). */
const noticesOf = (c: Caller) => async () =>
  ((await c.get('/prod-api/system/notification/list', { pageSize: 50 })).body.rows ?? []).map((n: { event: string; body: string }) => `${n.event}: ${n.body}`);
const stepStates = (wf: { steps: { stage: string; state: string }[] }) => wf.steps.map((s) => `${s.stage}:${s.state}`);

describe('workflow', () => {
  it('rule "all" with translation: one of two reviewers approving keeps it initiated, both pass it; the translate stages follow', async () => {
    const { planId, writing, translation } = await planOver('all', { rule: 'all', translate: true, writingStatus: 'inProgress' });
    let wf = await act(admin, 'activate', { planId });
    expect(stepStates(wf)).toEqual([
      'start:completed',
      'edit:current',
      'editApproval:pending',
      'translate:pending',
      'translateApproval:pending',
      'end:pending',
    ]);
    expect(wf.steps[1].actors.map((a: { userId: number }) => a.userId)).toEqual([writer.userId]);

    const early = await writer.caller.post('/prod-api/ccms/workflow/initiate', { planId });
    expect(early.body).toMatchObject({ code: 400, msg: expect.stringContaining('write all') });
    expect((await rev1.caller.post('/prod-api/ccms/workflow/initiate', { planId })).body.code).toBe(400);
    const [row] = await t.database.db.select().from(ccmsTask).where(eq(ccmsTask.taskId, writing));
    await writer.caller.put('/prod-api/ccms/task/progress', { id: writing, rowVersion: row?.rowVersion, status: 'completed', effortCompleted: 1 });

    wf = await act(writer.caller, 'initiate', { planId });
    expect(wf).toMatchObject({ stage: 'editApproval', approvalState: 'initiated' });
    expect(wf.steps[2].actors.map((a: { userId: number }) => a.userId).sort()).toEqual([rev1.userId, rev2.userId].sort());
    expect((await topicOf('all')).status).toBe('underReview');
    const waiting = await rev1.caller.get('/prod-api/ccms/workflow/mine');
    expect(waiting.body.data.map((a: { planId: number }) => a.planId)).toContain(planId);
    expect((await writer.caller.get('/prod-api/ccms/workflow/mine')).body.data).toEqual([]);

    wf = await act(rev1.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'editApproval', approvalState: 'initiated' });
    expect((await rev1.caller.post('/prod-api/ccms/workflow/approve', { planId })).body.code).toBe(400);
    expect((await rev1.caller.get('/prod-api/ccms/workflow/mine')).body.data.map((a: { planId: number }) => a.planId)).not.toContain(planId);
    wf = await act(rev2.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'translate', approvalState: 'pending' });
    expect(wf.approvals[0]).toMatchObject({ state: 'passed', stage: 'editApproval' });
    expect((await topicOf('all')).status).toBe('approved');
    expect(wf.content[0].approvedCommit).toMatch(/^[0-9a-f]{40}$/);

    wf = await act(translator.caller, 'initiate', { planId });
    expect(wf).toMatchObject({ stage: 'translateApproval', approvalState: 'initiated' });
    const noReason = await trReviewer.caller.post('/prod-api/ccms/workflow/reject', { planId, reason: '  ' });
    expect(noReason.body).toMatchObject({ code: 400, msg: expect.stringContaining('reason') });
    expect((await admin.get(`/prod-api/ccms/workflow/${planId}`)).body.data).toMatchObject({ stage: 'translateApproval', approvalState: 'initiated' });
    wf = await act(trReviewer.caller, 'reject', { planId, reason: 'Terms are wrong' });
    expect(wf).toMatchObject({ stage: 'translate', approvalState: 'rejected' });
    expect((await topicOf('all')).status).toBe('approved');
    const [reopened] = await t.database.db.select().from(ccmsTask).where(eq(ccmsTask.taskId, translation));
    expect(reopened).toMatchObject({ status: 'inProgress', description: expect.stringContaining('Terms are wrong') });

    await translator.caller.put('/prod-api/ccms/task/progress', { id: translation, rowVersion: reopened?.rowVersion, status: 'completed', effortCompleted: 1 });
    await act(translator.caller, 'initiate', { planId });
    wf = await act(trReviewer.caller, 'approve', { planId });
    expect(wf.stage).toBe('end');
    expect(
      stepStates(wf)
        .slice(0, 5)
        .every((s) => s.endsWith(':completed')),
    ).toBe(true);
    expect(wf.history.map((h: { action: string }) => h.action)).toEqual([
      'activate',
      'initiate',
      'approve',
      'approve',
      'pass',
      'initiate',
      'reject',
      'initiate',
      'approve',
      'pass',
    ]);
  });

  it('a plan without a rule follows the project config\'s: config "one" passes on one approval', async () => {
    const { planId } = await planOver('cfgone', { configRule: 'one', translate: false });
    expect((await admin.get(`/prod-api/ccms/plan/${planId}`)).body.data.reviewRule).toBe('');
    let wf = await act(admin, 'activate', { planId });
    expect(wf).toMatchObject({ reviewRule: 'one', reviewRuleFrom: 'config' });
    wf = await act(writer.caller, 'initiate', { planId });
    expect(wf.approvals[0]).toMatchObject({ rule: 'one', state: 'initiated' });
    wf = await act(rev1.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'end', approvalState: 'passed' });
    expect((await topicOf('cfgone')).status).toBe('approved');
  });

  it('the plan\'s rule wins over the project config\'s: plan "all", config "one" waits for both reviewers', async () => {
    const { planId } = await planOver('planwins', { rule: 'all', configRule: 'one', translate: false });
    let wf = await act(admin, 'activate', { planId });
    expect(wf).toMatchObject({ reviewRule: 'all', reviewRuleFrom: 'plan' });
    await act(writer.caller, 'initiate', { planId });
    wf = await act(rev1.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'editApproval', approvalState: 'initiated' });
    expect((await topicOf('planwins')).status).toBe('underReview');
    wf = await act(rev2.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'end', approvalState: 'passed' });
  });

  it('a task on a project branch the catalogue has not indexed yet covers its content: the branch is indexed first', async () => {
    await git(['--git-dir', path.join(remote().root, 'wf.git'), 'branch', 'wf-draft', 'main']);
    const projectId = await createProject(admin, 'wf draft branch');
    const planId = await created(admin, '/prod-api/ccms/plan', { projectId, title: 'draft plan', libraryId, branch: 'wf-draft', reviewerId: rev1.userId });
    const writing = await created(admin, '/prod-api/ccms/task', {
      projectId,
      planId,
      title: 'write draft',
      category: 'writing',
      writerId: writer.userId,
      assigneeId: writer.userId,
      status: 'inProgress',
    });
    expect(await indexedCommit(t.database.db, libraryId, 'wf-draft')).toBe('');
    const covered = await admin.put('/prod-api/ccms/workflow/task-content', { taskId: writing, items: [{ kind: 'topic', path: pathOf('coverage') }] });
    expect(covered.body.code, covered.raw).toBe(200);
    expect(await indexedCommit(t.database.db, libraryId, 'wf-draft')).toMatch(/^[0-9a-f]{40}$/);
    // Indexed, a path the branch does not hold is still refused by name.
    const bad = await admin.put('/prod-api/ccms/workflow/task-content', { taskId: writing, items: [{ kind: 'topic', path: 'topics/nowhere.dita' }] });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Covered content (items) not found in the plan’s library branch: topics/nowhere.dita' });
  });

  it("a task covers only documents and topics of the plan's library branch; a missing path is refused by name and changes nothing", async () => {
    const { writing } = await planOver('coverage', { translate: false });
    const set = (items: { kind: string; path: string }[], lang = 'en') =>
      admin.request({ method: 'PUT', url: '/prod-api/ccms/workflow/task-content', payload: { taskId: writing, items }, headers: { 'accept-language': lang } });
    const good = await set([
      { kind: 'document', path: 'maps/guide.ditamap' },
      { kind: 'topic', path: pathOf('coverage') },
    ]);
    expect(good.body.code, good.raw).toBe(200);
    const bad = [
      { kind: 'topic', path: 'topics/nowhere.dita' },
      { kind: 'document', path: pathOf('coverage') },
    ];
    expect((await set(bad)).body).toMatchObject({
      code: 400,
      msg: 'Covered content (items) not found in the plan’s library branch: topics/nowhere.dita, topics/coverage.dita',
    });
    expect((await set(bad, 'zh')).body.msg).toBe('覆盖的内容（items）在计划的库分支中不存在：topics/nowhere.dita, topics/coverage.dita');
    const covered = await admin.get(`/prod-api/ccms/workflow/task-content/${writing}`);
    expect(covered.body.data, covered.raw).toEqual([
      { kind: 'document', path: 'maps/guide.ditamap' },
      { kind: 'topic', path: pathOf('coverage') },
    ]);
  });

  it('rule "one" without translation: one approval passes and ends; an edit then makes the topic a draft and keeps the approved revision', async () => {
    const { planId } = await planOver('one', { rule: 'one', translate: false });
    let wf = await act(admin, 'activate', { planId });
    expect(wf.steps.map((s: { stage: string }) => s.stage)).toEqual(['start', 'edit', 'editApproval', 'end']);
    await act(writer.caller, 'initiate', { planId });
    wf = await act(rev2.caller, 'approve', { planId });
    expect(wf).toMatchObject({ stage: 'end', approvalState: 'passed' });
    const approvedCommit = wf.content[0].approvedCommit;
    expect((await topicOf('one')).status).toBe('approved');

    const open = (await writer.caller.get('/prod-api/ccms/topic-editor/open', { libraryId, path: pathOf('one') })).body.data;
    const saved = await writer.caller.put('/prod-api/ccms/topic-editor/save', {
      libraryId,
      path: pathOf('one'),
      content: open.content.replace('First paragraph.', 'First paragraph, edited.'),
      baseCommit: open.baseCommit,
      baseBlob: open.baseBlob,
    });
    expect(saved.body.data, saved.raw).toMatchObject({ status: 'draft', unchanged: false });
    wf = (await admin.get(`/prod-api/ccms/workflow/${planId}`)).body.data;
    expect(wf.content[0]).toMatchObject({ status: 'draft', approvedCommit });
    expect(saved.body.data.commit).not.toBe(approvedCommit);
  });

  it('a reject needs a reason, makes the content a draft and puts the reason on the writer’s task; only reviewers set "approved" by hand', async () => {
    const { planId, writing } = await planOver('rejected', { rule: 'all', translate: false });
    await act(admin, 'activate', { planId });
    await act(writer.caller, 'initiate', { planId });
    const topic = await topicOf('rejected');
    const byHand = await writer.caller.put(`/prod-api/ccms/topic/${topic.topicId}/status`, { status: 'approved' });
    expect(byHand.body).toMatchObject({ code: 400, msg: expect.stringContaining('reviewer') });
    expect((await topicOf('rejected')).status).toBe('underReview');

    const missing = await rev1.caller.post('/prod-api/ccms/workflow/reject', { planId });
    expect(missing.body).toMatchObject({ code: 400, msg: expect.stringContaining('reason') });
    const wf = await act(rev1.caller, 'reject', { planId, reason: 'Second paragraph is unclear' });
    expect(wf).toMatchObject({ stage: 'edit', approvalState: 'rejected' });
    expect(wf.approvals[0]).toMatchObject({ state: 'rejected', reason: 'Second paragraph is unclear' });
    expect((await topicOf('rejected')).status).toBe('draft');
    await expect.poll(noticesOf(rev1.caller)).toContainEqual(expect.stringContaining('approvalWaiting'));
    await expect.poll(noticesOf(writer.caller)).toContainEqual(expect.stringMatching(/^approvalRejected: .*Second paragraph is unclear/));
    const [task] = await t.database.db.select().from(ccmsTask).where(eq(ccmsTask.taskId, writing));
    expect(task).toMatchObject({ status: 'inProgress', description: expect.stringContaining('Second paragraph is unclear') });

    // By hand: the writer may send it to review, only a reviewer of the content may approve it.
    expect((await writer.caller.put(`/prod-api/ccms/topic/${topic.topicId}/status`, { status: 'underReview' })).body.code).toBe(200);
    expect((await writer.caller.put(`/prod-api/ccms/topic/${topic.topicId}/status`, { status: 'approved' })).body.code).toBe(400);
    expect((await rev1.caller.put(`/prod-api/ccms/topic/${topic.topicId}/status`, { status: 'approved' })).body.code).toBe(200);
    const [wfRow] = await t.database.db.select().from(ccmsWorkflow).where(eq(ccmsWorkflow.planId, planId));
    expect(wfRow?.stage).toBe('edit');
  });

  it('review comments: threads with replies and mentions, filters, resolve, the rejected approval linked, re-anchored or outdated after an edit', async () => {
    const { planId } = await planOver('comments', { rule: 'one', translate: false });
    await act(admin, 'activate', { planId });
    const approvalId = (await act(writer.caller, 'initiate', { planId })).approvals[0].approvalId;
    const comment = (body: Record<string, unknown>) => rev1.caller.post('/prod-api/ccms/review-comment', { libraryId, path: pathOf('comments'), ...body });
    const onId = await comment({ elementId: 'p2', rangeStart: 0, rangeEnd: 6, quote: 'Second', body: 'Say more here, @writer' });
    expect(onId.body.code, onId.raw).toBe(200);
    const onPath = await comment({ elementPath: '/concept/conbody[1]/p[3]', quote: 'No id', body: 'Give this one an id' });
    expect(onPath.body.code, onPath.raw).toBe(200);
    const empty = await comment({ elementId: 'p1', body: '  ' });
    expect(empty.body).toMatchObject({ code: 400, msg: expect.stringContaining('body') });
    const reply = await writer.caller.post('/prod-api/ccms/review-comment/reply', { parentId: onId.body.data.id, body: 'Done, @rev1 please look' });
    expect(reply.body.code, reply.raw).toBe(200);
    await act(rev1.caller, 'reject', { planId, reason: 'See the comments' });

    const list = async (q: Record<string, string | number>) => (await admin.get('/prod-api/ccms/review-comment/list', q)).body;
    const byPlan = await list({ planId });
    expect(byPlan.total).toBe(2);
    const thread = byPlan.rows.find((r: { id: number }) => r.id === onId.body.data.id);
    expect(thread).toMatchObject({ approvalId, approvalState: 'rejected', mentions: ['writer'], state: 'open', outdated: false, topicTitle: 'Topic comments' });
    expect(thread.replies).toMatchObject([{ authorName: 'writer', mentions: ['rev1'] }]);
    await expect.poll(noticesOf(writer.caller)).toContainEqual(expect.stringMatching(/^mentioned: .*Say more here/));
    expect((await list({ author: 'writer' })).total).toBe(0);
    expect((await list({ author: 'rev1', topic: 'comments' })).total).toBe(2);

    expect((await writer.caller.put('/prod-api/ccms/review-comment/state', { id: onPath.body.data.id, state: 'resolved' })).body.code).toBe(200);
    expect((await list({ planId, state: 'resolved' })).rows.map((r: { id: number }) => r.id)).toEqual([onPath.body.data.id]);

    const open = (await writer.caller.get('/prod-api/ccms/topic-editor/open', { libraryId, path: pathOf('comments') })).body.data;
    const saved = await writer.caller.put('/prod-api/ccms/topic-editor/save', {
      libraryId,
      path: pathOf('comments'),
      content: open.content.replace('    <p id="p2">Second paragraph.</p>\n', ''),
      baseCommit: open.baseCommit,
      baseBlob: open.baseBlob,
    });
    expect(saved.body.code, saved.raw).toBe(200);
    const after = (await list({ path: pathOf('comments'), libraryId })).rows;
    expect(after.find((r: { id: number }) => r.id === onId.body.data.id)).toMatchObject({ outdated: true });
    expect(after.find((r: { id: number }) => r.id === onPath.body.data.id)).toMatchObject({
      outdated: false,
      elementPath: '/concept/conbody[1]/p[2]',
      rangeStart: 0,
      rangeEnd: 5,
    });
    expect((await list({ state: 'outdated', planId })).total).toBe(1);
  });
});
