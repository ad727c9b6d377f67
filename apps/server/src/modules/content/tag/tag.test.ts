import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsTag, ccmsTagAssignment } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { RESOURCE_PERMS, RESOURCE_SEED } from '../graphic/resource-test-kit';
import { tagsOfPaths } from './tag.queries';

const remote = useGitServer();
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;
let otherLibraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('tagged', { files: RESOURCE_SEED });
  await remote().createRepo('other', { files: RESOURCE_SEED });
  const owner = await userWith(t, 'towner', RESOURCE_PERMS);
  writer = await userWith(t, 'twriter', RESOURCE_PERMS);
  reader = await userWith(t, 'treader', RESOURCE_PERMS);
  stranger = await userWith(t, 'tstranger', RESOURCE_PERMS);
  libraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('tagged', remote().url('tagged')))).body.data.libraryId;
  otherLibraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('other', remote().url('other')))).body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, otherLibraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
});
afterAll(async () => {
  await t?.close();
});

const tagRows = () => t.database.db.select().from(ccmsTag);
const assignmentRows = () => t.database.db.select().from(ccmsTagAssignment);

describe('tags', () => {
  let safety = 0;
  let draft = 0;

  it('keeps a name list per library; a duplicate name is refused and nothing is written', async () => {
    const a = await writer.caller.post('/prod-api/ccms/tag', { libraryId, tagName: 'Safety', color: '#ff0000', remark: 'safety content' });
    expect(a.body.code).toBe(200);
    safety = a.body.data.tagId;
    draft = (await writer.caller.post('/prod-api/ccms/tag', { libraryId, tagName: 'Draft' })).body.data.tagId;
    // The same name in another library is another tag.
    expect((await writer.caller.post('/prod-api/ccms/tag', { libraryId: otherLibraryId, tagName: 'Safety' })).body.code).toBe(200);
    const before = (await tagRows()).length;
    const dup = await writer.caller.post('/prod-api/ccms/tag', { libraryId, tagName: 'Safety' });
    expect(dup.body).toMatchObject({ code: 400, msg: 'The tag "Safety" already exists' });
    const badColor = await writer.caller.post('/prod-api/ccms/tag', { libraryId, tagName: 'Odd', color: 'url(x)' });
    expect(badColor.status).toBe(400);
    expect((await tagRows()).length).toBe(before);

    const list = await reader.caller.get('/prod-api/ccms/tag/list', { libraryId });
    expect(list.body).toMatchObject({ code: 200, total: 2 });
    expect(list.body.rows.map((r: { tagName: string; uses: number }) => [r.tagName, r.uses])).toEqual([
      ['Draft', 0],
      ['Safety', 0],
    ]);
    const edited = await writer.caller.put('/prod-api/ccms/tag', { tagId: draft, tagName: 'Draft 2', color: 'blue', remark: '' });
    expect(edited.body.code).toBe(200);
    const clash = await writer.caller.put('/prod-api/ccms/tag', { tagId: draft, tagName: 'Safety' });
    expect(clash.body.msg).toBe('The tag "Safety" already exists');
    expect((await reader.caller.get(`/prod-api/ccms/tag/${draft}`)).body.data).toMatchObject({ tagName: 'Draft 2', color: 'blue', updateBy: 'twriter' });
  });

  it('assigns tags to a topic and a document of a branch and lists the tags of a path', async () => {
    const res = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/intro.dita', tagIds: [safety, draft] });
    expect(res.body.data).toMatchObject({ libraryId, branch: 'main', path: 'topics/intro.dita' });
    expect(res.body.data.tags.map((g: { tagName: string }) => g.tagName)).toEqual(['Draft 2', 'Safety']);
    // Assigning again changes nothing.
    await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, branch: 'main', path: 'topics/intro.dita', tagIds: [safety] });
    await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'maps/main.ditamap', tagIds: [safety] });
    expect((await assignmentRows()).length).toBe(3);

    const ofPath = await reader.caller.get('/prod-api/ccms/tag/path', { libraryId, path: 'topics/intro.dita' });
    expect(ofPath.body.data.tags.map((g: { tagId: number }) => g.tagId).sort()).toEqual([safety, draft].sort());
    const tagged = await reader.caller.get(`/prod-api/ccms/tag/${safety}/paths`);
    expect(tagged.body.rows.map((r: { path: string }) => r.path)).toEqual(['maps/main.ditamap', 'topics/intro.dita']);
    const byPath = await tagsOfPaths(t.database.db, { libraryId, branch: 'main', paths: ['maps/main.ditamap', 'topics/by-key.dita'] });
    expect(byPath.get('maps/main.ditamap')?.map((g) => g.tagName)).toEqual(['Safety']);
    expect(byPath.get('topics/by-key.dita')).toBeUndefined();
    expect((await reader.caller.get('/prod-api/ccms/tag/list', { libraryId, tagName: 'Saf' })).body.rows[0].uses).toBe(2);
    expect((await reader.caller.get('/prod-api/ccms/tag/list', { libraryId, tagName: 'S%y' })).body.rows).toEqual([]);

    const un = await writer.caller.post('/prod-api/ccms/tag/unassign', { libraryId, path: 'topics/intro.dita', tagIds: [draft] });
    expect(un.body.data.tags.map((g: { tagName: string }) => g.tagName)).toEqual(['Safety']);
  });

  it('refuses a missing path, a file that is not a document or topic, a path outside, a tag of another library', async () => {
    const before = (await assignmentRows()).length;
    const missing = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/none.dita', tagIds: [safety] });
    expect(missing).toMatchObject({ status: 404, body: { msg: '"topics/none.dita" does not exist' } });
    const image = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'images/logo.png', tagIds: [safety] });
    expect(image.body.msg).toBe('"images/logo.png" is not a document or topic and cannot be tagged');
    const outside = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: '../x.dita', tagIds: [safety] });
    expect(outside.body.msg).toBe('Path: the path "../x.dita" is not allowed');
    const [foreign] = await t.database.db.select().from(ccmsTag).where(eq(ccmsTag.libraryId, otherLibraryId));
    const wrongLibrary = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/intro.dita', tagIds: [foreign?.tagId ?? 0] });
    expect(wrongLibrary.status).toBe(404);
    const noBranch = await writer.caller.post('/prod-api/ccms/tag/assign', { libraryId, branch: 'nope', path: 'topics/intro.dita', tagIds: [safety] });
    expect(noBranch.status).toBe(404);
    expect((await assignmentRows()).length).toBe(before);
  });

  it('lets read see tags but not change them, keeps strangers out, and needs the tag permissions', async () => {
    const before = { tags: (await tagRows()).length, assignments: (await assignmentRows()).length };
    expect((await reader.caller.post('/prod-api/ccms/tag', { libraryId, tagName: 'R' })).body.msg).toBe('No relevant permissions');
    expect((await reader.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/intro.dita', tagIds: [draft] })).status).toBe(403);
    expect((await reader.caller.delete(`/prod-api/ccms/tag/${safety}`)).body.msg).toBe('No relevant permissions');
    expect((await stranger.caller.get('/prod-api/ccms/tag/list', { libraryId })).body.msg).toBe('No relevant permissions');
    expect((await stranger.caller.get(`/prod-api/ccms/tag/${safety}`)).body.msg).toBe('No relevant permissions');
    const noTagPerms = await userWith(t, 'tnoperm', ['ccms:library:list']);
    await grant(t, libraryId, 'user', noTagPerms.userId, 'write');
    const refused = await noTagPerms.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/intro.dita', tagIds: [draft] });
    expect(refused).toMatchObject({ status: 403, body: { msg: 'The current operation has no permission' } });
    // Editing topics is enough to tag them, and reading topics to see their tags.
    const topicEditor = await userWith(t, 'ttopic', ['ccms:topic:list', 'ccms:topic:edit']);
    await grant(t, libraryId, 'user', topicEditor.userId, 'write');
    expect((await topicEditor.caller.get('/prod-api/ccms/tag/path', { libraryId, path: 'topics/intro.dita' })).body.code).toBe(200);
    expect((await topicEditor.caller.get('/prod-api/ccms/tag/list', { libraryId })).status).toBe(403);
    const byTopicEditor = await topicEditor.caller.post('/prod-api/ccms/tag/assign', { libraryId, path: 'topics/by-key.dita', tagIds: [draft] });
    expect(byTopicEditor.body.code).toBe(200);
    expect({ tags: (await tagRows()).length, assignments: (await assignmentRows()).length }).toEqual({ ...before, assignments: before.assignments + 1 });
  });

  it('deletes a tag with its assignments', async () => {
    const res = await writer.caller.delete(`/prod-api/ccms/tag/${safety}`);
    expect(res.body.code).toBe(200);
    expect((await assignmentRows()).filter((a) => a.tagId === safety)).toEqual([]);
    expect((await reader.caller.get(`/prod-api/ccms/tag/${safety}`)).status).toBe(404);
  });
});
