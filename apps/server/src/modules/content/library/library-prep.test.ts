import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { buildApp } from '../../../app';
import { ccmsLibrary } from '../../../db/schema';
import { loadConfig } from '../../../platform/config';
import { allowLoopbackRemotes, CONTENT_PERMS, libraryBody, libraryPrepared, type TestUser, userWith } from '../content-test-kit';

const remote = useGitServer();
let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  author = await userWith(t, 'prepauthor', CONTENT_PERMS);
  await remote().createRepo('prep', { files: { 'maps/a.ditamap': '<map/>\n', 'topics/t.dita': '<topic id="t"/>\n', 'topics/u.dita': '<topic id="u"/>\n' } });
});
afterAll(async () => {
  await t?.close();
});

const prepOf = async (db: TestApp['database']['db'], libraryId: number) => {
  const [row] = await db
    .select({ phase: ccmsLibrary.prepPhase, reason: ccmsLibrary.prepReason, documents: ccmsLibrary.prepDocuments, topics: ccmsLibrary.prepTopics })
    .from(ccmsLibrary)
    .where(eq(ccmsLibrary.libraryId, libraryId));
  return row;
};
const progressOf = async (caller: Caller, libraryId: number) => (await caller.get(`/prod-api/ccms/library/${libraryId}/progress`)).body.data;

/** A second server on the same database, as another node or a restart would be. */
async function secondNode(database: TestApp['database']) {
  const app = await buildApp({
    config: { ...loadConfig({ CCMS_DATA_DIR: t.dataDir }), webDir: undefined },
    database,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
    logger: false,
  });
  await app.ready();
  return app;
}

describe('library preparation phase', () => {
  it('is kept in the library row: clone at creation, then ready with the counts', async () => {
    const res = await author.caller.post('/prod-api/ccms/library', libraryBody('prep-row', remote().url('prep')));
    expect(res.body).toMatchObject({ code: 200 });
    const libraryId: number = res.body.data.libraryId;
    // The create call answers once the phase is in the row.
    expect(['clone', 'index', 'ready']).toContain((await prepOf(t.database.db, libraryId))?.phase);
    await libraryPrepared(author.caller, libraryId);
    expect(await prepOf(t.database.db, libraryId)).toEqual({ phase: 'ready', reason: null, documents: 1, topics: 2 });
    expect(await progressOf(author.caller, libraryId)).toEqual({ phase: 'ready', documents: 1, topics: 2, reason: null });
  });

  it('is read from the row, so what another node writes is what every node answers', async () => {
    const res = await author.caller.post('/prod-api/ccms/library', libraryBody('prep-other-node', remote().url('prep')));
    const libraryId: number = res.body.data.libraryId;
    await libraryPrepared(author.caller, libraryId);
    await t.database.db.update(ccmsLibrary).set({ prepPhase: 'index', prepDocuments: 0, prepTopics: 0 }).where(eq(ccmsLibrary.libraryId, libraryId));
    expect(await progressOf(author.caller, libraryId)).toEqual({ phase: 'index', documents: 0, topics: 0, reason: null });
    await t.database.db.update(ccmsLibrary).set({ prepPhase: null }).where(eq(ccmsLibrary.libraryId, libraryId));
    // A library never prepared so (made before this column, or by a seed) reads ready with no counts.
    expect(await progressOf(author.caller, libraryId)).toEqual({ phase: 'ready', documents: null, topics: null, reason: null });
  });

  it('left in clone or index by a stopped server is marked failed ("interrupted") when a server starts', async () => {
    const res = await author.caller.post('/prod-api/ccms/library', libraryBody('prep-dead', remote().url('prep')));
    const libraryId: number = res.body.data.libraryId;
    await libraryPrepared(author.caller, libraryId);
    await t.database.db.update(ccmsLibrary).set({ prepPhase: 'clone', prepDocuments: 0, prepTopics: 0 }).where(eq(ccmsLibrary.libraryId, libraryId));
    const restarted = await secondNode(t.database);
    try {
      expect(await prepOf(t.database.db, libraryId)).toEqual({ phase: 'failed', reason: 'interrupted', documents: 0, topics: 0 });
      expect(await progressOf(author.caller, libraryId)).toMatchObject({ phase: 'failed', reason: 'interrupted' });
    } finally {
      await restarted.close();
    }
  });
});

describe('closing the app during a clone', () => {
  it('waits for the clone and index to end before it returns, and logs no error', async () => {
    const own = await createTestApp();
    await allowLoopbackRemotes(own);
    const errors = vi.spyOn(console, 'error');
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const admin = await own.login();
      const res = await admin.post('/prod-api/ccms/library', libraryBody('prep-close', remote().url('prep')));
      const libraryId: number = res.body.data.libraryId;
      expect((await prepOf(own.database.db, libraryId))?.phase).toBe('clone');
      await own.app.close();
      // The database is still open here: the task ended before close returned, and recorded how.
      expect(await prepOf(own.database.db, libraryId)).toEqual({ phase: 'ready', reason: null, documents: 1, topics: 2 });
      await own.database.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rejections).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', onRejection);
      errors.mockRestore();
    }
  });
});
