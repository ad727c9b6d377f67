import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsProjectConfig } from '../../../db/schema';
import { type TestUser, userWith } from '../../content/content-test-kit';
import { createProject, WORK_PERMS } from '../project/project-test-kit';

let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let projectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWith(t, 'cfgowner', WORK_PERMS);
  writer = await userWith(t, 'cfgwriter', WORK_PERMS);
  projectId = await createProject(owner.caller, 'Configured');
  await owner.caller.post('/prod-api/ccms/project/permission', { projectId, granteeType: 'user', granteeId: writer.userId, level: 'write' });
});
afterAll(() => t.close());

const full = () => ({
  projectId,
  writerId: writer.userId,
  writeReviewerId: owner.userId,
  translatorId: writer.userId,
  translateReviewerId: owner.userId,
  notice: true,
  noticeType: 'email',
  reviewRule: 'one',
  existTranslate: true,
});

describe('project config', () => {
  it('starts unconfigured, saves, and reads back', async () => {
    expect((await writer.caller.get(`/prod-api/ccms/project/config/${projectId}`)).body.data).toMatchObject({ configured: false, writerId: null });
    expect((await owner.caller.put('/prod-api/ccms/project/config', full())).body.code).toBe(200);
    expect((await writer.caller.get(`/prod-api/ccms/project/config/${projectId}`)).body.data).toEqual({ ...full(), configured: true });
    expect((await owner.caller.put('/prod-api/ccms/project/config', { ...full(), reviewRule: 'all', noticeType: 'system' })).body.code).toBe(200);
    expect((await owner.caller.get(`/prod-api/ccms/project/config/${projectId}`)).body.data).toMatchObject({ reviewRule: 'all', noticeType: 'system' });
  });

  it('requires the four people, in both languages, and writes nothing', async () => {
    const other = await createProject(owner.caller, 'Unconfigured');
    // The spec's words: "writer, writer reviewer, translator, translator reviewer must be selected".
    const people = { writerId: 'Writer', writeReviewerId: 'Writer reviewer', translatorId: 'Translator', translateReviewerId: 'Translator reviewer' };
    for (const [field, label] of Object.entries(people)) {
      const res = await owner.caller.put('/prod-api/ccms/project/config', { ...full(), projectId: other, [field]: null });
      expect(res.body).toEqual({ code: 400, msg: `${label} must be selected` });
    }
    const zh = callerFor(t.app, owner.caller.token, 'zh');
    expect((await zh.put('/prod-api/ccms/project/config', { ...full(), projectId: other, writerId: undefined })).body).toEqual({
      code: 400,
      msg: '必须选择编写人',
    });
    expect((await owner.caller.put('/prod-api/ccms/project/config', { ...full(), projectId: other, noticeType: 'sms' })).body.code).toBe(400);
    const rows = await t.database.db.select().from(ccmsProjectConfig);
    expect(rows.map((r) => r.projectId)).toEqual([projectId]);
  });

  it('lets a writer read it but not change it', async () => {
    expect((await writer.caller.put('/prod-api/ccms/project/config', full())).body).toEqual({
      code: 403,
      msg: 'No relevant permissions',
      denied: { level: 'admin', object: 'project' },
    });
  });
});
