/**
 * The seeded job roles walk their work on a real database, and nothing more: each role's allowed and
 * refused steps.
 * Over 400 lines: the roles walk one shared project, library and publication; each server test file gets
 * its own database (migrate and seed), so a split would cost suite time and build that world again.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { JOB_ROLES, jobRolePerms } from '@ccms/contracts/system/job-roles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../src/db/schema';
import { seedJobRoles } from '../src/db/seed/job-roles';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, userWith } from '../src/modules/content/content-test-kit';
import { hashPassword } from '../src/platform/auth/password';
import { useDeliveryServers, validateConnection } from './delivery-servers';
import { useGitServer } from './git-server';
import { type Caller, createTestApp, type Reply, type TestApp } from './harness';

/**
 * Least rights, proved by walking: a user holding only one seeded job role does that job's core
 * calls through the API, and a call outside the role is refused with 403 naming the permission it
 * lacks. The library is granted to each job role at the level its work needs; the publish level
 * publishes and delivers without changing content. One app, one library, one project; the walks
 * run in order (plan, write, review, translate, publish, read), then the publish level alone.
 */
const remote = useGitServer();
const servers = useDeliveryServers();
let t: TestApp;
let admin: Caller;
const as: Record<string, Caller> = {};
const ids: Record<string, number> = {};
let libraryId = 0;
let projectId = 0;
let planId = 0;
let writingTask = 0;
let outputId = 0;
let connectionId = 0;
let configId = 0;
let publicationId = 0;
let deliverableId = 0;
const api = (p: string) => `/prod-api${p}`;
const json = { 'content-type': 'application/json' };

const concept = (id: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="${id}" xml:lang="en-US">
  <title>Topic ${id}</title>
  <conbody>
    <p id="p1">${text}</p>
  </conbody>
</concept>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map xml:lang="en-US"><title>Pump manual</title>
  <topicref href="topics/seal.dita"/>
</map>
`;

/** The call answers 200 in the envelope (the body printed when not). */
async function ok(res: Promise<Reply>): Promise<Reply> {
  const r = await res;
  expect(r.body?.code, r.raw).toBe(200);
  return r;
}

/** The call is refused by the permission check, which names the permission strings that would do. */
async function refused(res: Promise<Reply>, perms: string[]) {
  const r = await res;
  expect(r.status, r.raw).toBe(403);
  expect(r.body.denied?.permissions?.map((p: { perms: string }) => p.perms)).toEqual(perms);
}

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('pump', {
    files: { 'pump.ditamap': MAP, 'topics/seal.dita': concept('seal', 'Fit the seal.'), 'all.ditaval': '<val/>\n' },
  });
  admin = await t.login();
  const db = t.database.db;
  // One user per job role, holding that seeded role only.
  for (const role of JOB_ROLES) {
    const [user] = await db
      .insert(sysUser)
      .values({ userName: role.roleKey.slice(0, 10), nickName: role.en, password: await hashPassword('secret123'), deptId: 103 })
      .returning();
    if (!user) throw new Error('user not created');
    await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
    ids[role.roleKey] = user.userId;
    as[role.roleKey] = await t.login(user.userName, 'secret123');
  }
  libraryId = (await ok(admin.post(api('/ccms/library'), libraryBody('pump', remote().url('pump'))))).body.data.libraryId;
  await libraryPrepared(admin, libraryId);
  // Each job role gets the library at the level its work needs, through the grants API.
  for (const role of JOB_ROLES) {
    await ok(admin.post(api('/ccms/library/permission'), { libraryId, granteeType: 'role', granteeId: role.roleId, level: role.libraryLevel }));
  }
  await ok(admin.post(api('/ccms/library/publishConfig'), { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' }));
  configId = (await admin.get(api('/ccms/library/publishConfig/list'), { libraryId })).body.data[0].configId;
  const s = servers().sftp;
  await mkdir(path.join(s.root, 'incoming'), { recursive: true });
  const connection = await ok(
    admin.post(api('/ccms/connection'), {
      name: 'drop',
      type: 'sftp',
      host: '127.0.0.1',
      port: s.port,
      remotePath: '/incoming',
      credential: { type: 'password', name: 'drop', username: s.username, password: s.password },
    }),
  );
  connectionId = connection.body.data.connectionId;
  expect((await validateConnection(admin, connectionId)).state).toBe('success');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the seeded job roles', () => {
  it('are there in Chinese and English, each holding exactly the permissions of its activities', async () => {
    const db = t.database.db;
    const roles = await db
      .select()
      .from(sysRole)
      .where(
        inArray(
          sysRole.roleKey,
          JOB_ROLES.map((r) => r.roleKey),
        ),
      );
    expect(roles.map((r) => `${r.roleId} ${r.roleKey} ${r.roleName} ${r.remark}`).sort()).toEqual(
      JOB_ROLES.map((r) => `${r.roleId} ${r.roleKey} ${r.zh} ${r.en}`).sort(),
    );
    for (const role of JOB_ROLES) {
      const held = await db
        .select({ perms: sysMenu.perms })
        .from(sysRoleMenu)
        .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
        .where(eq(sysRoleMenu.roleId, role.roleId));
      const perms = [...new Set(held.flatMap((m) => (m.perms ? [m.perms] : [])))].sort();
      expect(perms, role.roleKey).toEqual(jobRolePerms(role).sort());
      // What the user's session carries is that, and nothing else.
      const info = await as[role.roleKey]?.get(api('/getInfo'));
      expect([...(info?.body.permissions ?? [])].sort(), role.roleKey).toEqual(jobRolePerms(role).sort());
    }
  });

  it('are added once to an install that lacks them, and never again (a deleted one stays deleted)', async () => {
    const db = t.database.db;
    // An install from before the job roles: the reader role is not there.
    const reader = JOB_ROLES.find((r) => r.roleKey === 'reader');
    if (!reader) throw new Error('reader role expected');
    const menusOf = async (roleId: number) => (await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((m) => m.menuId).sort();
    const seededMenus = await menusOf(reader.roleId);
    await db.delete(sysUserRole).where(eq(sysUserRole.roleId, reader.roleId));
    await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, reader.roleId));
    await db.delete(sysRole).where(eq(sysRole.roleId, reader.roleId));
    const before = (await db.select().from(sysRole)).length;
    await seedJobRoles(db);
    await seedJobRoles(db);
    expect((await db.select().from(sysRole)).length).toBe(before + 1);
    const [added] = await db.select().from(sysRole).where(eq(sysRole.roleKey, 'reader'));
    expect(added).toMatchObject({ roleId: reader.roleId, roleName: '读者', remark: 'Reader', delFlag: '0' });
    expect(await menusOf(reader.roleId)).toEqual(seededMenus);
    await db.insert(sysUserRole).values({ userId: ids.reader ?? 0, roleId: reader.roleId });
    // A job role an administrator deleted stays deleted.
    await db.update(sysRole).set({ delFlag: '2' }).where(eq(sysRole.roleKey, 'reader'));
    await seedJobRoles(db);
    expect((await db.select().from(sysRole).where(eq(sysRole.roleKey, 'reader'))).map((r) => r.delFlag)).toEqual(['2']);
    await db.update(sysRole).set({ delFlag: '0' }).where(eq(sysRole.roleKey, 'reader'));
  });
});

describe('each job role walks its work, and nothing more', () => {
  it('team lead: projects, members, config, plans, tasks, the workflow and the dashboard; not the library grants nor topics', async () => {
    const lead = as.teamLead as Caller;
    const project = await ok(
      lead.post(api('/ccms/project'), { title: 'Pump manual', name: 'pump', version: '1.0', sourceBranch: 'main', useOriginBranch: true }),
    );
    projectId = project.body.data.id;
    for (const [key, projectRole] of [
      ['author', 'writer'],
      ['reviewer', 'reviewer'],
      ['translator', 'translator'],
    ] as const) {
      await ok(lead.post(api('/ccms/project/member'), { projectId, userIds: [ids[key]], projectRole }));
    }
    await ok(
      lead.put(api('/ccms/project/config'), {
        projectId,
        writerId: ids.author,
        writeReviewerId: ids.reviewer,
        translatorId: ids.translator,
        translateReviewerId: ids.reviewer,
        existTranslate: false,
        reviewRule: 'one',
      }),
    );
    planId = (await ok(lead.post(api('/ccms/plan'), { projectId, title: 'First edition', libraryId, reviewerId: ids.reviewer }))).body.data.id;
    const task = await ok(
      lead.post(api('/ccms/task'), {
        projectId,
        planId,
        title: 'Write the seal topic',
        category: 'writing',
        writerId: ids.author,
        assigneeId: ids.author,
        status: 'inProgress',
      }),
    );
    writingTask = task.body.data.id;
    await ok(lead.put(api('/ccms/workflow/task-content'), { taskId: writingTask, items: [{ kind: 'topic', path: 'topics/seal.dita' }] }));
    await ok(lead.post(api('/ccms/workflow/activate'), { planId }));
    await ok(lead.get(api('/ccms/dashboard')));
    await ok(lead.get(api('/ccms/task/list'), { projectId }));
    await refused(lead.post(api('/ccms/library/permission'), { libraryId, granteeType: 'all', granteeId: 0, level: 'write' }), ['ccms:library:edit']);
    await refused(lead.put(api('/ccms/topic-editor/save'), { libraryId, path: 'topics/seal.dita', content: '', baseCommit: '', baseBlob: '' }), [
      'ccms:topic:edit',
    ]);
  });

  it('author: opens and saves a topic, completes the task and initiates the review; cannot publish or plan', async () => {
    const author = as.author as Caller;
    const doc = (await ok(author.get(api('/ccms/topic-editor/open'), { libraryId, path: 'topics/seal.dita' }))).body.data as {
      content: string;
      baseCommit: string;
      baseBlob: string;
      canWrite: boolean;
    };
    expect(doc.canWrite).toBe(true);
    await ok(
      author.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: json,
        payload: {
          libraryId,
          path: 'topics/seal.dita',
          content: doc.content.replace('Fit the seal.', 'Fit the new seal.'),
          baseCommit: doc.baseCommit,
          baseBlob: doc.baseBlob,
        },
      }),
    );
    expect(await remote().show('pump', 'main', 'topics/seal.dita')).toContain('Fit the new seal.');
    const mine = (await ok(author.get(api(`/ccms/task/${writingTask}`)))).body.data as { rowVersion: number };
    await ok(author.put(api('/ccms/task/progress'), { id: writingTask, rowVersion: mine.rowVersion, status: 'completed', effortCompleted: 1 }));
    const wf = await ok(author.post(api('/ccms/workflow/initiate'), { planId }));
    expect(wf.body.data).toMatchObject({ stage: 'editApproval', approvalState: 'initiated' });
    await refused(author.post(api('/ccms/output/publish'), { documentId: 1, configIds: [configId] }), ['ccms:publication:publish', 'ccms:document:publish']);
    await refused(author.post(api('/ccms/project'), { title: 'Mine', name: 'mine', version: '1', sourceBranch: 'main', useOriginBranch: true }), [
      'ccms:project:add',
    ]);
  });

  it('reviewer: reads the topic, comments and approves; cannot change the topic', async () => {
    const reviewer = as.reviewer as Caller;
    const doc = (await ok(reviewer.get(api('/ccms/topic-editor/open'), { libraryId, path: 'topics/seal.dita' }))).body.data as {
      content: string;
      baseCommit: string;
      baseBlob: string;
      canWrite: boolean;
    };
    expect(doc.canWrite).toBe(false);
    await ok(reviewer.post(api('/ccms/review-comment'), { libraryId, path: 'topics/seal.dita', elementId: 'p1', quote: 'Fit', body: 'Which seal?' }));
    expect((await ok(reviewer.get(api('/ccms/review-comment/list'), { planId }))).body.rows).toHaveLength(1);
    const wf = await ok(reviewer.post(api('/ccms/workflow/approve'), { planId }));
    expect(wf.body.data).toMatchObject({ stage: 'end' });
    await refused(
      reviewer.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: json,
        payload: { libraryId, path: 'topics/seal.dita', content: doc.content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
      }),
      ['ccms:topic:edit'],
    );
  });

  it('translator: exports the document as XLIFF and imports it translated; cannot edit topics or publish', async () => {
    const translator = as.translator as Caller;
    const docs = await ok(translator.get(api('/ccms/document/list'), { libraryId }));
    const documentId = (docs.body.rows as { path: string; documentId: number }[]).find((d) => d.path === 'pump.ditamap')?.documentId;
    const exported = await translator.get(api('/ccms/translation/export'), { documentId: documentId ?? 0, targetLang: 'zh-CN' });
    expect(exported.status, exported.raw).toBe(200);
    const translated = exported.raw.replace(
      /<segment state="initial"><source>([\s\S]*?)<\/source><\/segment>/g,
      (_w, src: string) => `<segment state="translated"><source>${src}</source><target>译：${src}</target></segment>`,
    );
    const imported = await ok(translator.post(api('/ccms/translation/import'), { xliff: translated }));
    expect(imported.body.data).toMatchObject({ targetLang: 'zh-CN', paths: expect.arrayContaining(['zh-CN/topics/seal.dita']) });
    await refused(translator.put(api('/ccms/topic-editor/save'), { libraryId, path: 'topics/seal.dita', content: '', baseCommit: '', baseBlob: '' }), [
      'ccms:topic:edit',
    ]);
    await refused(translator.post(api('/ccms/publication'), {}), ['ccms:publication:add']);
  });

  it('publisher: reads the publish configs, defines a publication, publishes and delivers; cannot change content', async () => {
    const publisher = as.publisher as Caller;
    const configs = await ok(publisher.get(api('/ccms/library/publishConfig/list'), { libraryId }));
    expect((configs.body.data as { configName: string }[]).map((c) => c.configName)).toEqual(['web']);
    const publication = await ok(
      publisher.post(api('/ccms/publication'), { libraryId, name: 'Pump manual', branch: 'main', ditaMap: 'pump.ditamap', ditaVal: 'all.ditaval' }),
    );
    publicationId = publication.body.data.publicationId;
    const queued = await ok(publisher.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] }));
    outputId = (queued.body.data as { outputId: number }[])[0]?.outputId ?? 0;
    let status = '';
    for (let i = 0; i < 600 && !['success', 'fail', 'canceled'].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await publisher.get(api(`/ccms/output/${outputId}`))).body.data?.status;
    }
    expect(status).toBe('success');
    const deliverable = await ok(
      publisher.post(api('/ccms/deliverable'), { name: 'pump-web', publicationId, configId, connectionId, filePath: 'pump', fileName: 'pump.zip' }),
    );
    deliverableId = deliverable.body.data.deliverableId;
    await ok(publisher.post(api(`/ccms/deliverable/${deliverableId}/deliver`), {}));
    let receipt: { status: string } | undefined;
    for (let i = 0; i < 600 && !['success', 'fail'].includes(receipt?.status ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 50));
      receipt = (await publisher.get(api(`/ccms/deliverable/${deliverableId}/receipts`))).body.rows?.[0];
    }
    expect(receipt?.status).toBe('success');
    await refused(publisher.put(api('/ccms/topic-editor/save'), { libraryId, path: 'topics/seal.dita', content: '', baseCommit: '', baseBlob: '' }), [
      'ccms:topic:edit',
    ]);
    await refused(publisher.post(api('/ccms/explorer/folder'), { libraryId, path: 'new' }), ['ccms:explorer:add']);
  }, 60_000);

  it('reader: finds the published manual in the document center and downloads it; cannot save a topic or publish', async () => {
    const reader = as.reader as Caller;
    const center = await ok(reader.get(api('/ccms/mxView/list')));
    expect((center.body.rows as { outputId: number; title: string }[]).map((r) => [r.outputId, r.title])).toEqual([[outputId, 'Pump manual']]);
    const zip = await reader.get(api(`/ccms/output/${outputId}/zip`));
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    await ok(reader.get(api('/ccms/topic/list'), { libraryId }));
    const save = await reader.put(api('/ccms/topic-editor/save'), { libraryId, path: 'topics/seal.dita', content: '', baseCommit: '', baseBlob: '' });
    expect(save.body).toEqual({
      code: 403,
      msg: 'The current operation has no permission',
      denied: { permissions: [{ perms: 'ccms:topic:edit', name: 'Topics › Edit topic' }] },
    });
    await refused(reader.post(api('/ccms/output/publish'), { publicationId: 1, configIds: [configId] }), ['ccms:publication:publish', 'ccms:document:publish']);
  });
});

describe('the publish level on a library', () => {
  /** Every right of writing and publishing: only the library level decides. */
  const EVERYTHING = [
    'ccms:library:query',
    'ccms:topic:list',
    'ccms:topic:query',
    'ccms:topic:edit',
    'ccms:explorer:list',
    'ccms:explorer:add',
    'ccms:document:list',
    'ccms:document:edit',
    'ccms:document:publish',
    'ccms:publication:list',
    'ccms:publication:query',
    'ccms:publication:add',
    'ccms:publication:edit',
    'ccms:publication:publish',
    'ccms:deliverable:list',
    'ccms:deliverable:query',
    'ccms:deliverable:deliver',
  ];

  it('publishes, manages outputs and delivers, but changes no content: each refusal names the write level', async () => {
    const pub = await userWith(t, 'publvl', EVERYTHING);
    await grant(t, libraryId, 'user', pub.userId, 'publish');
    const library = (await ok(pub.caller.get(api(`/ccms/library/${libraryId}`)))).body.data;
    expect(library).toMatchObject({ myLevel: 'publish', abilities: { read: true, publish: true, write: false, configure: false } });

    await ok(
      pub.caller.put(api('/ccms/publication'), {
        publicationId,
        libraryId,
        name: 'Pump manual',
        branch: 'main',
        ditaMap: 'pump.ditamap',
        ditaVal: 'all.ditaval',
      }),
    );
    const queued = await ok(pub.caller.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] }));
    const mine = queued.body.data[0].outputId;
    await ok(pub.caller.put(api(`/ccms/output/${mine}/cancel`)));
    await ok(pub.caller.delete(api(`/ccms/output/${mine}`)));
    await ok(pub.caller.post(api(`/ccms/deliverable/${deliverableId}/deliver`), { outputId }));

    const doc = (await ok(pub.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: 'topics/seal.dita' }))).body.data;
    expect(doc.canWrite).toBe(false);
    const before = await remote().log('pump', 'main');
    const needsWrite = { code: 403, msg: 'No relevant permissions', denied: { level: 'write', object: 'library' } };
    const save = await pub.caller.request({
      method: 'PUT',
      url: api('/ccms/topic-editor/save'),
      headers: json,
      payload: { libraryId, path: 'topics/seal.dita', content: doc.content.replace('seal', 'gasket'), baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
    });
    expect(save.body).toEqual(needsWrite);
    expect((await pub.caller.post(api('/ccms/explorer/folder'), { libraryId, path: 'drafts', message: 'Drafts' })).body).toEqual(needsWrite);
    const full = await pub.caller.post(api(`/ccms/catalog/reindex?libraryId=${libraryId}&full=true`));
    expect(full.body).toMatchObject({ code: 403, denied: { level: 'write', object: 'library' } });
    expect(await remote().log('pump', 'main')).toEqual(before);
    // In Chinese the same refusal.
    const zh = await pub.caller.request({
      method: 'POST',
      url: api('/ccms/explorer/folder'),
      payload: { libraryId, path: 'drafts', message: 'Drafts' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body).toEqual({ ...needsWrite, msg: '没有相关权限' });
  });

  it('is needed to publish or deliver: a reader of the library is refused, naming the publish level', async () => {
    const reader = await userWith(t, 'readlvl', EVERYTHING);
    await grant(t, libraryId, 'user', reader.userId, 'read');
    const needsPublish = { code: 403, msg: 'No relevant permissions', denied: { level: 'publish', object: 'library' } };
    expect((await reader.caller.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] })).body).toEqual(needsPublish);
    expect((await reader.caller.post(api(`/ccms/deliverable/${deliverableId}/deliver`), {})).body).toEqual(needsPublish);
    expect((await reader.caller.delete(api(`/ccms/output/${outputId}`))).body).toEqual(needsPublish);
    // Reading stays: the publications and the outputs of the library.
    await ok(reader.caller.get(api('/ccms/output/list'), { publicationId }));
  });

  it('is offered by the grants and stored as given', async () => {
    const grants = (await ok(admin.get(api('/ccms/library/permission/list'), { libraryId }))).body;
    const rows = (grants.data ?? grants.rows) as { granteeType: string; granteeId: number; level: string }[];
    expect(rows.find((g) => g.granteeType === 'role' && g.granteeId === 6)?.level).toBe('publish');
    const bad = await admin.post(api('/ccms/library/permission'), { libraryId, granteeType: 'all', granteeId: 0, level: 'printer' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('Level');
  });
});
