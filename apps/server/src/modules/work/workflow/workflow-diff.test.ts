import path from 'node:path';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { TaskPerm } from '@ccms/contracts/work/task';
import { WorkflowPerm } from '@ccms/contracts/work/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { ccmsProjectMember } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../../content/content-test-kit';
import { created, createProject } from '../project/project-test-kit';

const PERMS = [WorkflowPerm.query, WorkflowPerm.act, TaskPerm.query, 'ccms:topic:list', 'ccms:topic:query', TopicEditorPerm.open, TopicEditorPerm.edit];
const concept = (id: string, body: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
    `<concept id="${id}">`,
    `  <title>Topic ${id}</title>`,
    '  <conbody>',
    body,
    '  </conbody>',
    '</concept>',
    '',
  ].join('\n');
const BODY = '    <p id="p1">Open the valve slowly.</p>\n    <p id="p2">Check the pressure.</p>';
const TOPICS = ['approved', 'forked'];
const pathOf = (id: string) => `topics/${id}.dita`;
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
let reviewer: TestUser;
let outsider: TestUser;
let noPerm: TestUser;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('wfdiff', { files: { 'maps/guide.ditamap': MAP, ...Object.fromEntries(TOPICS.map((id) => [pathOf(id), concept(id, BODY)])) } });
  admin = await t.login();
  writer = await userWith(t, 'dwriter', PERMS);
  reviewer = await userWith(t, 'dreviewer', PERMS);
  outsider = await userWith(t, 'doutsider', PERMS);
  noPerm = await userWith(t, 'dnoperm', ['ccms:topic:list']);
  const res = await admin.post('/prod-api/ccms/library', libraryBody('wfdiff', remote().url('wfdiff')));
  libraryId = res.body.data.libraryId;
  for (const u of [writer, reviewer, outsider, noPerm]) await grant(t, libraryId, 'user', u.userId, 'write');
  expect((await admin.get('/prod-api/ccms/topic/list', { libraryId })).body.total).toBe(TOPICS.length);
});
afterAll(async () => {
  await t?.close();
});

/** A project (writer and reviewer members, rule "one"), a plan on `branch` and a completed writing task covering `paths`. */
async function planOver(name: string, paths: string[], branch = '') {
  const projectId = await createProject(admin, `diff ${name}`);
  const people = { writerId: writer.userId, writeReviewerId: reviewer.userId, translatorId: writer.userId, translateReviewerId: reviewer.userId };
  const configured = await admin.put('/prod-api/ccms/project/config', { projectId, ...people, existTranslate: false, reviewRule: 'one' });
  expect(configured.body.code, configured.raw).toBe(200);
  await t.database.db.insert(ccmsProjectMember).values([writer, reviewer, noPerm].map((u) => ({ projectId, userId: u.userId })));
  const planId = await created(admin, '/prod-api/ccms/plan', {
    projectId,
    title: `plan ${name}`,
    libraryId,
    reviewerId: reviewer.userId,
    ...(branch ? { branch } : {}),
  });
  const taskId = await created(admin, '/prod-api/ccms/task', {
    projectId,
    planId,
    title: `write ${name}`,
    category: 'writing',
    writerId: writer.userId,
    assigneeId: writer.userId,
    status: 'completed',
  });
  const covered = await admin.put('/prod-api/ccms/workflow/task-content', { taskId, items: paths.map((p) => ({ kind: 'topic', path: p })) });
  expect(covered.body.code, covered.raw).toBe(200);
  return planId;
}

const act = async (c: Caller, action: string, planId: number) => {
  const res = await c.post(`/prod-api/ccms/workflow/${action}`, { planId });
  expect(res.body.code, `${action}: ${res.raw}`).toBe(200);
  return res.body.data;
};
const diffOf = (c: Caller, planId: number, path: string, lang = 'en') =>
  c.request({ method: 'GET', url: `/prod-api/ccms/workflow/${planId}/diff?${new URLSearchParams({ path })}`, headers: { 'accept-language': lang } });

async function save(c: Caller, path: string, edit: (xml: string) => string, branch?: string) {
  const open = (await c.get('/prod-api/ccms/topic-editor/open', { libraryId, path, ...(branch ? { branch } : {}) })).body.data;
  const saved = await c.put('/prod-api/ccms/topic-editor/save', {
    libraryId,
    path,
    ...(branch ? { branch } : {}),
    content: edit(open.content),
    baseCommit: open.baseCommit,
    baseBlob: open.baseBlob,
  });
  expect(saved.body.code, saved.raw).toBe(200);
  return saved.body.data.commit as string;
}

describe('workflow: what changed in a covered item', () => {
  it('compares the branch head with the last approved revision: unchanged right after the approval, the edit once the writer saves', async () => {
    const planId = await planOver('approved', [pathOf('approved')]);
    await act(admin, 'activate', planId);
    await act(writer.caller, 'initiate', planId);
    const approvedCommit = (await act(reviewer.caller, 'approve', planId)).content[0].approvedCommit;

    const same = await diffOf(reviewer.caller, planId, pathOf('approved'));
    expect(same.body.code, same.raw).toBe(200);
    expect(same.body.data).toMatchObject({
      state: 'unchanged',
      kind: 'topic',
      base: { source: 'approval', commit: approvedCommit, approvedBy: 'dreviewer' },
      head: { commit: approvedCommit },
    });

    const edited = await save(writer.caller, pathOf('approved'), (xml) => xml.replace('Open the valve slowly.', 'Open the valve very slowly.'));
    const rendered = await threadTasksDone('content', 'dita');
    const res = await diffOf(reviewer.caller, planId, pathOf('approved'));
    // Both revisions rendered on a content thread, not on the request loop.
    expect(await threadTasksDone('content', 'dita')).toBe(rendered + 2);
    expect(res.body.code, res.raw).toBe(200);
    const diff = res.body.data;
    expect(diff).toMatchObject({
      state: 'changed',
      branch: 'main',
      base: { source: 'approval', commit: approvedCommit },
      head: { commit: edited, author: 'dwriter nick' },
    });
    expect(diff.head.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(diff.before.xml).toContain('Open the valve slowly.');
    expect(diff.after.xml).toContain('Open the valve very slowly.');
    // Rendered as a reader sees it: the paragraphs as HTML, no XML markup.
    expect(diff.before.html).toMatch(/<p[^>]*>Open the valve slowly\.<\/p>/);
    expect(diff.after.html).toMatch(/<p[^>]*>Open the valve very slowly\.<\/p>/);
    expect(diff.after.html).not.toContain('<conbody');
  });

  it("never approved: compares with the plan's base (where its branch forked); a file new on the branch is all inserted", async () => {
    const bare = path.join(remote().root, 'wfdiff.git');
    const forkedAt = (await git(['--git-dir', bare, 'rev-parse', 'main'])).trim();
    await git(['--git-dir', bare, 'branch', 'wfdiff-draft', 'main']);
    const added = concept('added', '    <p>A brand new procedure.</p>');
    await remote().commit('wfdiff', 'wfdiff-draft', { [pathOf('added')]: added }, 'Add a topic');
    const planId = await planOver('forked', [pathOf('forked'), pathOf('added')], 'wfdiff-draft');
    await save(writer.caller, pathOf('forked'), (xml) => xml.replace('Check the pressure.', 'Check the pressure twice.'), 'wfdiff-draft');

    const forked = (await diffOf(reviewer.caller, planId, pathOf('forked'))).body;
    expect(forked.code, JSON.stringify(forked)).toBe(200);
    expect(forked.data).toMatchObject({
      state: 'changed',
      branch: 'wfdiff-draft',
      base: { source: 'planBase', commit: forkedAt, approvedBy: '', approveTime: null },
    });
    expect(forked.data.after.html).toContain('Check the pressure twice.');

    const fresh = (await diffOf(reviewer.caller, planId, pathOf('added'))).body;
    expect(fresh.code, JSON.stringify(fresh)).toBe(200);
    expect(fresh.data).toMatchObject({ state: 'new', base: { source: 'planBase', commit: forkedAt }, before: { xml: '', html: '' } });
    expect(fresh.data.after.html).toContain('A brand new procedure.');
  });

  it('an item the plan does not cover is refused by name in the caller’s language; without the permission or the project, no content', async () => {
    const planId = await planOver('refusals', [pathOf('approved')]);
    const en = await diffOf(reviewer.caller, planId, 'topics/nowhere.dita');
    expect(en.body).toMatchObject({ code: 404, msg: '"topics/nowhere.dita" (path) is not content plan "plan refusals" covers' });
    const zh = await diffOf(reviewer.caller, planId, 'topics/nowhere.dita', 'zh');
    expect(zh.body).toMatchObject({ code: 404, msg: '“topics/nowhere.dita”（path）不是计划“plan refusals”覆盖的内容' });
    const empty = await diffOf(reviewer.caller, planId, '  ');
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toBe('Path is required');

    // Allowed: a project member with the permission; denied: without the permission, or outside the project.
    expect((await diffOf(reviewer.caller, planId, pathOf('approved'))).body.code).toBe(200);
    const denied = await diffOf(noPerm.caller, planId, pathOf('approved'));
    expect(denied.body).toMatchObject({ code: 403 });
    expect(denied.body.data).toBeUndefined();
    const stranger = await diffOf(outsider.caller, planId, pathOf('approved'));
    expect(stranger.body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    expect(stranger.body.data).toBeUndefined();
  });
});
