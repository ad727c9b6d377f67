import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsLibrary } from '../../../db/schema';
import { allowLoopbackRemotes, CONTENT_PERMS, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { CATALOG_PERMS } from './catalog-test-kit';

/**
 * Issue 28 item 8: a read grant made the server re-fetch and re-read a whole library at will
 * (POST /ccms/catalog/reindex?full=true). A full re-index needs write access, and runs once at a
 * time per library with a pause after each; the ordinary (incremental) reindex stays open to readers.
 */
const remote = useGitServer();
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let libraryId = 0;
const reindex = (user: TestUser, full: boolean) =>
  user.caller.request({ method: 'POST', url: '/prod-api/ccms/catalog/reindex', query: { libraryId: String(libraryId), ...(full ? { full: 'true' } : {}) } });
const heldUntil = async () =>
  (await t.database.db.select({ until: ccmsLibrary.fullReindexUntil }).from(ccmsLibrary).where(eq(ccmsLibrary.libraryId, libraryId)))[0]?.until;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('docs', {
    files: {
      'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n',
      'topics/intro.dita': '<topic id="intro"><title>Intro</title></topic>\n',
    },
  });
  const owner = await userWith(t, 'fr_owner', [...CONTENT_PERMS, ...CATALOG_PERMS]);
  writer = await userWith(t, 'fr_writer', CATALOG_PERMS);
  reader = await userWith(t, 'fr_reader', CATALOG_PERMS);
  const res = await owner.caller.post('/prod-api/ccms/library', libraryBody('docs', remote().url('docs')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
});
afterAll(async () => {
  await t?.close();
});

describe('full re-index', () => {
  it('is refused to a reader, naming why, who may still bring the index up to date', async () => {
    const full = await reindex(reader, true);
    expect(full.status).toBe(403);
    expect(full.body).toEqual({
      code: 403,
      msg: 'A full re-index (full) needs write access to the library',
      denied: { level: 'write', object: 'library' },
    });
    expect(await heldUntil()).toBeNull();
    const zh = await reader.caller.request({
      method: 'POST',
      url: '/prod-api/ccms/catalog/reindex',
      query: { libraryId: String(libraryId), full: 'true' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.msg).toBe('完整重建索引（full）需要该库的写入权限');
    expect((await reindex(reader, false)).body.code).toBe(200);
  });

  it('runs one at a time per library, then pauses: the quick second one answers 429', async () => {
    // Two at once: one runs, the other is refused rather than queued behind it.
    const both = await Promise.all([reindex(writer, true), reindex(writer, true)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(both.find((r) => r.status === 200)?.body.data).toMatchObject({ mode: 'full' });
    const busy = both.find((r) => r.status === 429);
    expect(busy?.body).toEqual({ code: 429, msg: 'A full re-index of this library is running or ended less than 60 seconds ago: try again later' });
    // Right after it ended: still paused.
    const again = await reindex(writer, true);
    expect(again.status).toBe(429);
    const until = (await heldUntil())?.getTime() ?? 0;
    expect(until - Date.now()).toBeGreaterThan(50_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60_000);
    // The incremental reindex is not held up by it.
    expect((await reindex(writer, false)).body.code).toBe(200);
    // Once the pause is over, the next runs.
    await t.database.db
      .update(ccmsLibrary)
      .set({ fullReindexUntil: new Date(Date.now() - 1000) })
      .where(eq(ccmsLibrary.libraryId, libraryId));
    expect((await reindex(writer, true)).body.data).toMatchObject({ mode: 'full' });
  });
});
