import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { type TestUser, userWith } from '../../content/content-test-kit';
import { createProject, WORK_PERMS } from '../project/project-test-kit';

let t: TestApp;
let admin: Caller;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  author = await userWith(t, 'cauthor', WORK_PERMS);
  expect((await admin.post('/prod-api/ccms/project/dictData/add', { name: 'Manual', value: 'manual', sort: 1 })).body.code).toBe(200);
});
afterAll(() => t.close());

describe('project categories', () => {
  it('keeps the dictionary: add, read, edit, delete unless in use', async () => {
    const added = await admin.post('/prod-api/ccms/project/dictData/add', { name: 'Training', value: 'training', sort: 2 });
    const id = added.body.data.id;
    expect((await admin.get(`/prod-api/ccms/project/dictData/${id}`)).body.data).toMatchObject({
      id,
      name: 'Training',
      value: 'training',
      status: '0',
      sort: 2,
    });
    expect((await admin.post('/prod-api/ccms/project/dictData/add', { name: 'Dup', value: 'training' })).body).toEqual({
      code: 400,
      msg: 'Project category value "training" already exists',
    });
    expect((await admin.post('/prod-api/ccms/project/dictData/add', { name: '', value: 'x' })).body).toEqual({ code: 400, msg: 'Name is required' });
    const project = await createProject(author.caller, 'Categorized', { category: 'training' });
    expect((await admin.put('/prod-api/ccms/project/dictData/edit', { id, name: 'Training course', value: 'course', status: '0', sort: 3 })).body.code).toBe(
      200,
    );
    expect((await author.caller.get(`/prod-api/ccms/project/${project}`)).body.data).toMatchObject({ category: 'course', categoryName: 'Training course' });
    const list = await author.caller.get('/prod-api/ccms/project/dictData/list');
    expect(list.body.rows.map((r: { value: string }) => r.value)).toEqual(['manual', 'course']);
    expect((await admin.delete(`/prod-api/ccms/project/dictData/${id}`)).body).toEqual({
      code: 400,
      msg: 'Project category "Training course" is used by projects and cannot be deleted',
    });
    await author.caller.delete(`/prod-api/ccms/project/${project}`);
    expect((await admin.delete(`/prod-api/ccms/project/dictData/${id}`)).body.code).toBe(200);
  });

  it('needs the category permissions to change the dictionary', async () => {
    const res = await author.caller.post('/prod-api/ccms/project/dictData/add', { name: 'N', value: 'n' });
    expect(res.body.code).toBe(200);
    const projectOnly = await userWith(t, 'pcatdeny', ['ccms:project:list']);
    expect((await projectOnly.caller.post('/prod-api/ccms/project/dictData/add', { name: 'M', value: 'm' })).status).toBe(403);
    expect((await projectOnly.caller.get('/prod-api/ccms/project/dictData/list')).body.code).toBe(200);
  });
});
