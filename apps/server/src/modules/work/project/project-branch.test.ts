import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProject, sysJob } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody } from '../../content/content-test-kit';
import { createProject, projectBody } from './project-test-kit';

const remote = useGitServer();
let t: TestApp;
let admin: Caller;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await allowLoopbackRemotes(t);
  await remote().createRepo('manuals', { files: { 'topics/a.dita': '<topic id="a">one</topic>\n', 'maps/m.ditamap': '<map/>\n' } });
  const res = await admin.post('/prod-api/ccms/library', libraryBody('manuals', remote().url('manuals')));
  expect(res.body.code, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
});
afterAll(() => t.close());

const runUpdate = async () =>
  t.app.jobs.handler('project.updateBranches')?.run({}, { db: t.database.db, storage: t.app.storage, log: t.app.log, jobId: null, jobName: 'update' });
const projectRow = async (id: number) => (await t.database.db.select().from(ccmsProject).where(eq(ccmsProject.projectId, id)))[0];
const head = async (branch: string) => (await remote().log('manuals', branch))[0]?.hash;

describe('project branches on the library remote', () => {
  it('is updated on schedule on a new installation: the seed enables the update job every 10 minutes', async () => {
    const jobs = await t.database.db.select().from(sysJob).where(eq(sysJob.invokeTarget, 'project.updateBranches'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ cronExpression: '0 0/10 * * * ?', status: '0' });
    expect(t.app.jobs.handler('project.updateBranches')?.check(jobs[0]?.invokeParams)).toBeNull();
  });

  it('creates the project branch from the source branch and lists both', async () => {
    const id = await createProject(admin, 'Branch project', { libraryId, sourceBranch: 'main', projectBranch: 'project/a320', useOriginBranch: false });
    expect(await remote().show('manuals', 'project/a320', 'topics/a.dita')).toBe('<topic id="a">one</topic>\n');
    expect(await head('project/a320')).toBe(await head('main'));
    const branches = await admin.get('/prod-api/ccms/project/listBranch', { projectId: id });
    expect(branches.body.data).toMatchObject([
      { name: 'main', kind: 'source', exists: true },
      { name: 'project/a320', kind: 'project', exists: true },
    ]);
    expect((await admin.get(`/prod-api/ccms/project/${id}`)).body.data).toMatchObject({ libraryId, libraryName: 'manuals', projectBranch: 'project/a320' });
  });

  it('works on the origin branch without creating one', async () => {
    const id = await createProject(admin, 'Origin project', { libraryId, sourceBranch: 'main', projectBranch: 'unused', useOriginBranch: true });
    expect(await remote().show('manuals', 'unused', 'topics/a.dita')).toBeNull();
    expect((await admin.get('/prod-api/ccms/project/listBranch', { projectId: id })).body.data).toMatchObject([{ name: 'main', kind: 'source', exists: true }]);
  });

  it('refuses a source branch the library does not have, and writes nothing', async () => {
    const res = await admin.post(
      '/prod-api/ccms/project',
      projectBody('No source', { libraryId, sourceBranch: 'nosuch', projectBranch: 'project/x', useOriginBranch: false }),
    );
    expect(res.body).toEqual({ code: 400, msg: 'Branch or commit "nosuch" does not exist' });
    expect((await admin.get('/prod-api/ccms/project/list', { title: 'No source' })).body.total).toBe(0);
  });

  it('merges the source branch into the project branch on schedule, and reports a conflict without pushing', async () => {
    const id = await createProject(admin, 'Scheduled', {
      libraryId,
      sourceBranch: 'main',
      projectBranch: 'project/sched',
      useOriginBranch: false,
      updateSchedule: 'hour',
    });
    const never = await createProject(admin, 'Never updated', { libraryId, sourceBranch: 'main', projectBranch: 'project/never', useOriginBranch: false });
    // Work on both branches: a project edit and a new source topic merge cleanly.
    await remote().commit('manuals', 'project/sched', { 'topics/p.dita': '<topic id="p"/>\n' }, 'project work');
    await remote().commit('manuals', 'main', { 'topics/b.dita': '<topic id="b"/>\n' }, 'source work');
    const neverHead = await head('project/never');

    const first = await runUpdate();
    expect(first).toMatchObject({ key: 'job.result.projectsUpdated', params: { ok: 1, conflict: 0, failed: 0, total: 1 } });
    expect(await remote().show('manuals', 'project/sched', 'topics/b.dita')).toBe('<topic id="b"/>\n');
    expect(await remote().show('manuals', 'project/sched', 'topics/p.dita')).toBe('<topic id="p"/>\n');
    expect(await head('project/never')).toBe(neverHead);
    const after = await projectRow(id);
    expect(after?.lastUpdateResult).toMatch(/^ok: [0-9a-f]{12}$/);
    expect(after?.lastUpdateTime).toBeInstanceOf(Date);
    expect((await projectRow(never))?.lastUpdateTime).toBeNull();

    // Not due again within the hour.
    await remote().commit('manuals', 'main', { 'topics/c.dita': '<topic id="c"/>\n' }, 'more source work');
    expect(await runUpdate()).toMatchObject({ params: { total: 0 } });
    expect(await remote().show('manuals', 'project/sched', 'topics/c.dita')).toBeNull();

    // Both sides change the same line: a conflict, nothing pushed, the path recorded.
    await remote().commit('manuals', 'project/sched', { 'topics/a.dita': '<topic id="a">project</topic>\n' }, 'project edit');
    await remote().commit('manuals', 'main', { 'topics/a.dita': '<topic id="a">source</topic>\n' }, 'source edit');
    const before = await head('project/sched');
    await t.database.db.update(ccmsProject).set({ lastUpdateTime: null }).where(eq(ccmsProject.projectId, id));
    expect(await runUpdate()).toMatchObject({ params: { ok: 0, conflict: 1, total: 1 } });
    expect(await head('project/sched')).toBe(before);
    expect((await projectRow(id))?.lastUpdateResult).toBe('conflict: topics/a.dita');
    expect((await admin.get(`/prod-api/ccms/project/${id}`)).body.data.lastUpdateResult).toBe('conflict: topics/a.dita');
  });
});
