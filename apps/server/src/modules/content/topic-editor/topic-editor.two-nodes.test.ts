import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { ALLOW_PRIVATE_URLS_KEY } from '@ccms/contracts/system/config';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { ADMIN_PASSWORD, type Caller, callerFor, testDbKind } from '../../../../test/harness';
import { TwoNodes } from '../../../../test/two-nodes-kit';
import { sysConfig } from '../../../db/schema';
import { libraryBody, libraryPrepared } from '../content-test-kit';

/**
 * Saves of one topic through two nodes on one PostgreSQL, each with its own clone of the library:
 * the nodes take turns at the library's advisory lock, and a node whose clone is behind the remote
 * (the other node pushed) merges again on the fetched head; edits that do not overlap all land.
 */
const url = process.env.DATABASE_URL;
const remote = useGitServer();

const paragraphs = Array.from({ length: 24 }, (_, i) => `    <p id="p${i + 1}">Line ${i + 1}.</p>`);
const TOPIC = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
  '<concept id="shared">',
  '  <title>Shared</title>',
  '  <conbody>',
  ...paragraphs,
  '  </conbody>',
  '</concept>',
  '',
].join('\n');

describe.runIf(testDbKind === 'postgres' && url)('topic saves on two nodes', () => {
  const cluster = new TwoNodes(url ?? '');
  let callers: [Caller, Caller];
  let libraryId = 0;

  async function signIn(app: FastifyInstance) {
    const res = await app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    return callerFor(app, res.json().token);
  }

  beforeAll(async () => {
    if (!url) return;
    await cluster.open();
    const [a, b] = [await cluster.node(), await cluster.node()];
    await cluster.databases[0]?.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, ALLOW_PRIVATE_URLS_KEY));
    await remote().createRepo('docs', { files: { 'topics/shared.dita': TOPIC } });
    callers = [await signIn(a), await signIn(b)];
    const created = await callers[0].post('/prod-api/ccms/library', libraryBody('docs', remote().url('docs')));
    expect(created.body.code, created.body.msg).toBe(200);
    libraryId = created.body.data.libraryId;
    await libraryPrepared(callers[0], libraryId);
  });

  afterAll(() => cluster.close());

  it('lands ten saves of different lines made from one base, five through each node at once', async () => {
    const open = async (c: Caller): Promise<EditorDocument> => {
      const res = await c.get('/prod-api/ccms/topic-editor/open', { libraryId, path: 'topics/shared.dita' });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data;
    };
    const [onA, onB] = [await open(callers[0]), await open(callers[1])];
    expect(onB.baseBlob).toBe(onA.baseBlob);
    const edit = (i: number) => [`<p id="p${2 * i + 1}">Line ${2 * i + 1}.</p>`, `<p id="p${2 * i + 1}">Line ${2 * i + 1}, save ${i}.</p>`] as const;
    const before = (await remote().log('docs', 'main')).length;
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const [caller, doc] = i % 2 === 0 ? [callers[0], onA] : [callers[1], onB];
        return caller.put('/prod-api/ccms/topic-editor/save', {
          libraryId,
          path: doc.path,
          content: doc.content.replace(...edit(i)),
          baseCommit: doc.baseCommit,
          baseBlob: doc.baseBlob,
        });
      }),
    );
    expect(saves.map((res) => (res.body.code === 200 ? 'saved' : `${res.status} ${res.body.msg}`))).toEqual(saves.map(() => 'saved'));
    const final = await remote().show('docs', 'main', 'topics/shared.dita');
    for (let i = 0; i < 10; i++) expect(final).toContain(edit(i)[1]);
    const history = (await remote().log('docs', 'main')).map((c) => c.hash);
    expect(history.length).toBe(before + 10);
    for (const res of saves) expect(history).toContain(res.body.data.commit);
  }, 120_000);
});
