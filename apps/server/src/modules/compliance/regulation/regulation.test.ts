import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { callerFor, type TestApp } from '../../../../test/harness';
import type { TestUser } from '../../content/content-test-kit';
import { newRegulation, openComplianceWorld } from '../compliance-test-kit';

/** Regulations: the form's checks and a regulation's answer (the compliance world: compliance-test-kit.ts). */
const remote = useGitServer();
let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  ({ t, author } = await openComplianceWorld(remote()));
});
afterAll(async () => {
  await t?.close();
});

describe('regulations', () => {
  let cs25 = 0;

  it('creates a regulation; bad input names the field in the caller language and writes nothing', async () => {
    const zh = callerFor(t.app, author.caller.token, 'zh');
    const bad = await zh.post('/prod-api/ccms/regulation', { name: 'CS-25', title: 'x', organization: 'EASA', revision: '27', issueDate: '24.01.2023' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('发布日期');
    expect(bad.body.msg).toContain('格式不正确');
    const en = await author.caller.post('/prod-api/ccms/regulation', { name: '', title: 'x', organization: 'EASA', revision: '27', issueDate: '2023-01-24' });
    expect(en.body.msg).toBe('Name is required');
    expect((await author.caller.get('/prod-api/ccms/regulation/list')).body.total).toBe(0);

    cs25 = await newRegulation(author.caller, 'CS-25');
    const dup = await author.caller.post('/prod-api/ccms/regulation', {
      name: 'CS-25',
      title: 'x',
      organization: 'EASA',
      revision: 'Amendment 27',
      issueDate: '2023-01-24',
    });
    expect(dup.body.msg).toBe('Regulation "CS-25" revision "Amendment 27" already exists');
    const got = (await author.caller.get(`/prod-api/ccms/regulation/${cs25}`)).body.data;
    expect(got).toMatchObject({ name: 'CS-25', organization: 'EASA', owner: 'author', level: 'owner', latest: true, abilities: { configure: true } });
  });
});
