import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { sysJob } from '../../../db/schema';
import { checkCron } from '../../../platform/jobs/cron';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, multipart, type TestUser, uploadLeftovers, userWith } from '../content-test-kit';
import { writeZip } from '../shared/zip';
import { parseOutline } from './document-write';

/** Import of a zip package and toc fast create, on a small library. */
const remote = useGitServer();
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let libraryId = 0;
const api = (p: string) => `/prod-api${p}`;

const MAP = '<?xml version="1.0"?>\n<map><title>Pump manual</title><topicref href="topics/pump.dita"/></map>\n';
const TOPIC = '<?xml version="1.0"?>\n<topic id="pump"><title>The pump</title><body><p>Pumps water.</p></body></topic>\n';

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('small', {
    files: {
      'maps/base.ditamap': '<map><title>Base</title><topicref href="../topics/existing.dita"/></map>\n',
      'topics/existing.dita': '<topic id="existing"><title>Existing topic</title><body><p>Here before.</p></body></topic>\n',
    },
  });
  writer = await userWith(t, 'writer7', CATALOG_PERMS.concat(['ccms:library:add']), 'writer7@example.test');
  reader = await userWith(t, 'reader7', CATALOG_PERMS);
  const res = await writer.caller.post(api('/ccms/library'), libraryBody('small', remote().url('small')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', reader.userId, 'read');
  // The first list indexes the branch.
  await writer.caller.get(api('/ccms/document/list'), { libraryId });
});
afterAll(async () => {
  await t?.close();
});

const importZip = (c: TestUser, fields: Record<string, string | number>, files: { filename: string; content: Buffer | string }[]) =>
  c.caller.request({ method: 'POST', url: api('/ccms/document/import'), ...multipart(fields, files) });

/** The remote's commit count and the number of documents: what a refused import must leave alone. */
async function footprint() {
  const docs = await writer.caller.get(api('/ccms/document/list'), { libraryId });
  return { commits: (await remote().log('small', 'main')).length, documents: docs.body.total as number };
}

describe('import', () => {
  it('refuses a bad package before writing anything, with a message', async () => {
    const before = await footprint();
    // A zip-slip entry: the same bytes with "aa/" in the entry name turned into "../".
    const slip = Buffer.from(
      (
        await writeZip([
          { path: 'pump.ditamap', content: Buffer.from(MAP) },
          { path: 'aa/outside.dita', content: Buffer.from(TOPIC) },
        ])
      )
        .toString('latin1')
        .replaceAll('aa/outside.dita', '../outside.dita'),
      'latin1',
    );
    const cases: [Record<string, string | number>, { filename: string; content: Buffer | string }[], string][] = [
      [{ libraryId, rootMap: 'pump.ditamap' }, [{ filename: 'pump.zip', content: slip }], 'The package entry "../outside.dita" would land outside the folder'],
      [
        { libraryId, rootMap: 'missing.ditamap' },
        [{ filename: 'pump.zip', content: await writeZip([{ path: 'pump.ditamap', content: Buffer.from(MAP) }]) }],
        'The package has no root file "missing.ditamap"',
      ],
      [
        { libraryId, rootMap: 'pump.ditamap' },
        [{ filename: 'pump.zip', content: await writeZip([{ path: 'pump.ditamap', content: Buffer.from('<map><title>broken') }]) }],
        'The root file "pump.ditamap" is not a readable DITA map',
      ],
      [
        { libraryId, rootMap: 'pump.ditamap' },
        [{ filename: 'pump.zip', content: await writeZip([{ path: 'pump.ditamap', content: Buffer.from(TOPIC) }]) }],
        '<topic> is not a map',
      ],
      [{ libraryId, rootMap: 'pump.ditamap' }, [{ filename: 'pump.txt', content: 'not a zip' }], 'Please choose exactly one zip file'],
      [
        { libraryId, rootMap: 'pump.ditamap' },
        [
          { filename: 'a.zip', content: slip },
          { filename: 'b.zip', content: slip },
        ],
        'Please choose exactly one zip file',
      ],
      [{ libraryId }, [{ filename: 'pump.zip', content: slip }], 'Please choose the root file (rootMap)'],
      [{ libraryId, rootMap: 'pump.ditamap' }, [{ filename: 'pump.zip', content: 'PK\u0003\u0004 garbage' }], 'The package is not a readable zip file'],
    ];
    for (const [fields, files, message] of cases) {
      const res = await importZip(writer, fields, files);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    expect(await footprint()).toEqual(before);
  });

  it('lists the maps of a package to choose the root from', async () => {
    const zip = await writeZip([
      { path: 'pump.ditamap', content: Buffer.from(MAP) },
      { path: 'topics/pump.dita', content: Buffer.from(TOPIC) },
    ]);
    const res = await writer.caller.request({
      method: 'POST',
      url: api('/ccms/document/import/inspect'),
      ...multipart({ libraryId }, [{ filename: 'pump.zip', content: zip }]),
    });
    expect(res.body.data).toEqual({ files: 2, maps: ['pump.ditamap'] });
  });

  it('unpacks a package to inspect only for someone who may write the library', async () => {
    const zip = await writeZip([{ path: 'pump.ditamap', content: Buffer.from(MAP) }]);
    const inspect = (c: TestUser, fields: Record<string, string | number>) =>
      c.caller.request({ method: 'POST', url: api('/ccms/document/import/inspect'), ...multipart(fields, [{ filename: 'pump.zip', content: zip }]) });
    expect((await inspect(reader, { libraryId })).body).toEqual({ code: 403, msg: 'No relevant permissions', denied: { level: 'write', object: 'library' } });
    expect((await inspect(writer, {})).body).toEqual({ code: 400, msg: 'Library is required' });
  });

  it('refuses a zip bomb without inflating it', async () => {
    // 300 MB of zeros deflate to about 300 KB.
    const bomb = new yazl.ZipFile();
    const zeros = Readable.from(
      (function* () {
        const chunk = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < 300; i++) yield chunk;
      })(),
    );
    bomb.addReadStream(zeros, 'pump.ditamap', { size: 300 * 1024 * 1024 });
    bomb.end();
    const chunks: Buffer[] = [];
    for await (const c of bomb.outputStream) chunks.push(c as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    const res = await writer.caller.request({
      method: 'POST',
      url: api('/ccms/document/import/inspect'),
      ...multipart({ libraryId }, [{ filename: 'bomb.zip', content: zip }]),
    });
    expect(res.body).toEqual({ code: 400, msg: 'The package unpacks to more than 100 MB or 10000 files (or takes too long); split it and upload again' });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * 1024 * 1024);
    const imported = await importZip(writer, { libraryId, rootMap: 'pump.ditamap' }, [{ filename: 'bomb.zip', content: zip }]);
    expect(imported.status).toBe(400);
    expect(await uploadLeftovers(t)).toEqual([]);
  });

  it('commits a good package as one commit by the user and indexes it', async () => {
    const before = await footprint();
    const zip = await writeZip([
      { path: 'pump.ditamap', content: Buffer.from(MAP) },
      { path: 'topics/pump.dita', content: Buffer.from(TOPIC) },
    ]);
    const res = await importZip(writer, { libraryId, rootMap: 'pump.ditamap', path: 'imported' }, [{ filename: 'pump.zip', content: zip }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mapPath: 'imported/pump.ditamap', paths: ['imported/pump.ditamap', 'imported/topics/pump.dita'], branch: 'main' });
    const log = await remote().log('small', 'main');
    expect(log).toHaveLength(before.commits + 1);
    expect(log[0]).toMatchObject({ hash: res.body.data.commit, subject: 'Import pump.zip', author: 'writer7 nick', email: 'writer7@example.test' });
    const toc = await writer.caller.get(api(`/ccms/document/${res.body.data.documentId}/toc`));
    expect(toc.body.data.nodes).toMatchObject([{ title: 'The pump', path: 'imported/topics/pump.dita', hasContent: true }]);
    expect(toc.body.data.commit).toBe(res.body.data.commit);
    // The uploaded package and its unpacked files are gone once the import has answered.
    expect(await uploadLeftovers(t)).toEqual([]);
  });

  it('needs write access on the library', async () => {
    const zip = await writeZip([{ path: 'pump.ditamap', content: Buffer.from(MAP) }]);
    const res = await importZip(reader, { libraryId, rootMap: 'pump.ditamap' }, [{ filename: 'pump.zip', content: zip }]);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('No relevant permissions');
  });
});

describe('toc fast create', () => {
  it('reads an outline: tabs set the level, "| topic" names an existing one', () => {
    expect(parseOutline('A\n\tA1 | topics/x.dita\n\t\tA1a\nB\n')).toEqual([
      {
        line: 1,
        title: 'A',
        ref: '',
        children: [{ line: 2, title: 'A1', ref: 'topics/x.dita', children: [{ line: 3, title: 'A1a', ref: '', children: [] }] }],
      },
      { line: 4, title: 'B', ref: '', children: [] },
    ]);
  });

  it('makes a map and the missing topics in one commit, in outline order', async () => {
    const before = await footprint();
    const outline = ['Overview', '\tExisting one | topics/existing.dita', '\t安装步骤', 'Maintenance', '\tOverview', '\tBy number | existing'].join('\n');
    const res = await writer.caller.post(api('/ccms/document/fastCreate'), { libraryId, title: 'Fast guide', path: 'fast/guide.ditamap', outline });
    expect(res.status).toBe(200);
    expect(res.body.data.createdTopics).toEqual([
      'fast/topics/overview.dita',
      'fast/topics/安装步骤.dita',
      'fast/topics/maintenance.dita',
      'fast/topics/overview-2.dita',
    ]);
    expect((await remote().log('small', 'main')).length).toBe(before.commits + 1);
    const toc = await writer.caller.get(api(`/ccms/document/${res.body.data.documentId}/toc`));
    const shape = (nodes: { title: string; path: string; hasContent: boolean; children: unknown[] }[]): unknown[] =>
      nodes.map((n) => [n.title, n.path, n.hasContent, shape(n.children as typeof nodes)]);
    expect(shape(toc.body.data.nodes)).toEqual([
      [
        'Overview',
        'fast/topics/overview.dita',
        true,
        [
          ['Existing one', 'topics/existing.dita', true, []],
          ['安装步骤', 'fast/topics/安装步骤.dita', true, []],
        ],
      ],
      [
        'Maintenance',
        'fast/topics/maintenance.dita',
        true,
        [
          ['Overview', 'fast/topics/overview-2.dita', true, []],
          // A topic number as the topic list shows it (the topic's @id).
          ['By number', 'topics/existing.dita', true, []],
        ],
      ],
    ]);
    const created = await remote().show('small', 'main', 'fast/topics/安装步骤.dita');
    expect(created).toContain('<title>安装步骤</title>');
    expect(created).toContain('<topic id="安装步骤">');
  });

  it('refuses a bad outline naming the line, and writes nothing', async () => {
    const before = await footprint();
    const deep = await writer.caller.post(api('/ccms/document/fastCreate'), { libraryId, title: 'X', path: 'x/x.ditamap', outline: 'A\n\t\tToo deep' });
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toBe('Outline, line 2: a node can be at most one level deeper than the line above');
    const missing = await writer.caller.post(api('/ccms/document/fastCreate'), { libraryId, title: 'X', path: 'x/x.ditamap', outline: 'A | topics/nope.dita' });
    expect(missing.body.msg).toBe('Outline, line 1: topic "topics/nope.dita" does not exist (give a topic number or path)');
    const exists = await writer.caller.post(api('/ccms/document/fastCreate'), { libraryId, title: 'X', path: 'maps/base.ditamap', outline: 'A' });
    expect(exists.body.msg).toBe('"maps/base.ditamap" already exists');
    const badPath = await writer.caller.post(api('/ccms/document/fastCreate'), { libraryId, title: 'X', path: 'x/x.dita', outline: 'A' });
    expect(badPath.status).toBe(400);
    expect(badPath.body.msg).toContain('Path');
    expect(await footprint()).toEqual(before);
  });
});

describe('scheduled reindex', () => {
  it('is scheduled on a new installation: the seed enables the reindex job', async () => {
    const jobs = await t.database.db.select().from(sysJob).where(eq(sysJob.invokeTarget, 'catalog.reindexMoved'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ cronExpression: '0 5/10 * * * ?', status: '0' });
    expect(checkCron(jobs[0]?.cronExpression ?? '')).toBe('ok');
    expect(t.app.jobs.handler('catalog.reindexMoved')?.check(jobs[0]?.invokeParams)).toBeNull();
  });

  it('brings a branch whose head moved up to date from the named job handler', async () => {
    const pushed = await remote().commit(
      'small',
      'main',
      { 'topics/later.dita': '<topic id="later"><title>Added later</title></topic>\n' },
      'Someone else pushes',
    );
    const handler = t.app.jobs.handler('catalog.reindexMoved');
    expect(handler?.check({})).toBeNull();
    expect(handler?.check({ libraryIds: ['x'] })).not.toBeNull();
    const result = await handler?.run({}, { db: t.database.db, storage: t.app.storage, log: t.app.log, jobId: null, jobName: 'reindex' });
    expect(result).toEqual({ key: 'job.result.catalogReindexed', params: { count: 1, unchanged: 0, failed: 0, total: 1 } });
    const state = await reader.caller.get(api('/ccms/catalog/state'), { libraryId });
    expect(state.body.data).toMatchObject({ commit: pushed, upToDate: true, lastMode: 'incremental', lastFilesRead: 1 });
    const again = await handler?.run({}, { db: t.database.db, storage: t.app.storage, log: t.app.log, jobId: null, jobName: 'reindex' });
    expect(again).toEqual({ key: 'job.result.catalogReindexed', params: { count: 0, unchanged: 1, failed: 0, total: 1 } });
  });
});
