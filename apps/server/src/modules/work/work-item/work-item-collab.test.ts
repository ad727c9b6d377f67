import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsWorkItemAttachment, ccmsWorkItemComment, ccmsWorkItemHistory } from '../../../db/schema';
import { createItem, grant, makeProject, multipartFile, userIdOf, WORK_ITEM_PERMS } from './work-item-test-kit';

let t: TestApp;
let alice: Caller;
let bob: Caller;
let reader: Caller;
let project: number;
let item: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await callerWith(t, 'calice', WORK_ITEM_PERMS);
  bob = await callerWith(t, 'cbob', WORK_ITEM_PERMS);
  reader = await callerWith(t, 'creader', WORK_ITEM_PERMS);
  project = await makeProject(t, 'Collaboration');
  await grant(t, project, await userIdOf(t, 'calice'), 'write');
  await grant(t, project, await userIdOf(t, 'cbob'), 'write');
  await grant(t, project, await userIdOf(t, 'creader'), 'read');
  item = await createItem(alice, { projectId: project, workItemType: 'defect', title: 'Talk about me' });
});
afterAll(() => t.close());

const history = async () => t.database.db.select().from(ccmsWorkItemHistory).where(eq(ccmsWorkItemHistory.workItemId, item)).orderBy(ccmsWorkItemHistory.seq);

describe('comments with replies', () => {
  it('threads replies under a comment, and lets only the author delete', async () => {
    const first = await alice.post(`/prod-api/ccms/workitem/${item}/comment`, { content: 'Seen on page 4' });
    expect(first.body.code).toBe(200);
    const parentCommentId = first.body.data.commentId;
    const reply = await bob.post(`/prod-api/ccms/workitem/${item}/comment`, { content: 'Also on page 5', parentCommentId });
    expect(reply.body.code).toBe(200);

    const list = await reader.get(`/prod-api/ccms/workitem/${item}/comment`);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        commentId: parentCommentId,
        parentCommentId: null,
        content: 'Seen on page 4',
        createBy: 'calice',
        mine: false,
        deleted: false,
      }),
      expect.objectContaining({ parentCommentId, content: 'Also on page 5', createBy: 'cbob', nickName: 'cbob', mine: false }),
    ]);
    expect((await alice.get(`/prod-api/ccms/workitem/${item}/comment`)).body.data[0].mine).toBe(true);

    const rows = await history();
    expect(rows.slice(-2).map((h) => [h.changeType, h.changeField, h.afterValue, h.changeBy])).toEqual([
      ['comment', 'comment', 'Seen on page 4', 'calice'],
      ['comment', 'reply', 'Also on page 5', 'cbob'],
    ]);

    const notMine = await bob.delete(`/prod-api/ccms/workitem/${item}/comment/${parentCommentId}`);
    expect(notMine.status).toBe(403);
    expect(notMine.body.msg).toBe('You can only delete your own comments');
    expect((await alice.delete(`/prod-api/ccms/workitem/${item}/comment/${parentCommentId}`)).body.code).toBe(200);
    // The answered comment stays as an empty placeholder so the reply keeps its place.
    const after = (await alice.get(`/prod-api/ccms/workitem/${item}/comment`)).body.data;
    expect(after.map((c: { content: string; deleted: boolean }) => [c.content, c.deleted])).toEqual([
      ['', true],
      ['Also on page 5', false],
    ]);
  });

  it('refuses a reply to a comment that is not on the item, and an empty comment', async () => {
    const otherItem = await createItem(alice, { projectId: project, workItemType: 'defect', title: 'Elsewhere' });
    const elsewhere = await alice.post(`/prod-api/ccms/workitem/${otherItem}/comment`, { content: 'there' });
    const before = (await t.database.db.select().from(ccmsWorkItemComment)).length;
    const res = await alice.post(`/prod-api/ccms/workitem/${item}/comment`, { content: 'here', parentCommentId: elsewhere.body.data.commentId });
    expect(res.body.msg).toBe('Parent comment: the comment replied to does not exist');
    expect((await alice.post(`/prod-api/ccms/workitem/${item}/comment`, { content: '  ' })).body.msg).toBe('Content is required');
    expect((await t.database.db.select().from(ccmsWorkItemComment)).length).toBe(before);
  });
});

describe('attachments', () => {
  const upload = (c: Caller, name: string, content: string, replace?: boolean) =>
    c.request({
      method: 'POST',
      url: `/prod-api/ccms/workitem/${item}/attachment${replace === undefined ? '' : `?replace=${replace}`}`,
      ...multipartFile(name, content),
    });

  it('stores a file, asks before replacing a duplicate name, replaces on replace=true, and deletes', async () => {
    expect((await upload(alice, 'log.txt', 'first')).body.code).toBe(200);
    const dup = await upload(bob, 'log.txt', 'second');
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('A file named "log.txt" is already attached. Replace it?');
    const [attachment] = (await alice.get(`/prod-api/ccms/workitem/${item}/attachment`)).body.data;
    expect(attachment).toMatchObject({ fileName: 'log.txt', size: 5, createBy: 'calice' });
    expect(attachment).not.toHaveProperty('storageKey');
    const download = () => reader.get(`/prod-api/ccms/workitem/${item}/attachment/${attachment.attachmentId}/download`);
    expect((await download()).raw).toBe('first');
    expect((await download()).headers['download-filename']).toBe('log.txt');

    expect((await upload(bob, 'log.txt', 'second!', true)).body.code).toBe(200);
    expect((await download()).raw).toBe('second!');
    expect((await alice.get(`/prod-api/ccms/workitem/${item}/attachment`)).body.data).toEqual([
      expect.objectContaining({ attachmentId: attachment.attachmentId, size: 7, updateBy: 'cbob' }),
    ]);
    // The replaced file is gone from storage: one file per attachment.
    expect(await readdir(path.join(t.dataDir, 'files', 'workitem', String(item)))).toHaveLength(1);

    expect((await reader.delete(`/prod-api/ccms/workitem/${item}/attachment/${attachment.attachmentId}`)).status).toBe(403);
    expect((await alice.delete(`/prod-api/ccms/workitem/${item}/attachment/${attachment.attachmentId}`)).body.code).toBe(200);
    expect(await t.database.db.select().from(ccmsWorkItemAttachment)).toEqual([]);
    expect(await readdir(path.join(t.dataDir, 'files', 'workitem', String(item)))).toHaveLength(0);

    const rows = (await history()).filter((h) => h.changeType === 'attachment');
    expect(rows.map((h) => [h.changeField, h.beforeValue, h.afterValue])).toEqual([
      ['add', '', 'log.txt (5 B)'],
      ['replace', 'log.txt (5 B)', 'log.txt (7 B)'],
      ['remove', 'log.txt (7 B)', ''],
    ]);
  });

  it('keeps only the last path segment of a name and refuses a reader', async () => {
    expect((await upload(alice, '..\\..\\evil.txt', 'x')).body.code).toBe(200);
    expect((await alice.get(`/prod-api/ccms/workitem/${item}/attachment`)).body.data.map((a: { fileName: string }) => a.fileName)).toEqual(['evil.txt']);
    const denied = await upload(reader, 'r.txt', 'x');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('No relevant permissions');
  });
});
