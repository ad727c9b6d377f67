import { readFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDeliveryServers, validateConnection } from '../../../../test/delivery-servers';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody } from '../../content/content-test-kit';

/**
 * Deliver on a new commit: a deliverable watching its publication's branch publishes and
 * delivers when a fetch of the library finds a commit pushed to the real git remote, and only then.
 */
const remote = useGitServer();
const servers = useDeliveryServers();
let t: TestApp;
let admin: Caller;
let libraryId = 0;
let deliverableId = 0;
const api = (p: string) => `/prod-api${p}`;
const topic = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="pump" xml:lang="en-US"><title>Pump</title><body><p>${text}</p></body></topic>\n`;

beforeAll(async () => {
  t = await createTestApp({ env: { CCMS_DELIVERY_RETRY_SECONDS: '1' } });
  await allowLoopbackRemotes(t);
  await remote().createRepo('pump', {
    files: {
      'pump.ditamap': '<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Pump</title><topicref href="pump.dita"/></map>\n',
      'pump.dita': topic('First edition text.'),
      'all.ditaval': '<val/>\n',
    },
  });
  admin = await t.login();
  libraryId = (await admin.post(api('/ccms/library'), libraryBody('pump', remote().url('pump')))).body.data.libraryId;
  const publication = await admin.post(api('/ccms/publication'), { libraryId, name: 'Pump', branch: 'main', ditaMap: 'pump.ditamap', ditaVal: 'all.ditaval' });
  expect(publication.body.code, publication.raw).toBe(200);
  const [config] = await t.database.db
    .insert(ccmsPublishConfig)
    .values({ libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'public' })
    .returning();
  const s = servers().sftp;
  const connection = await admin.post(api('/ccms/connection'), {
    name: 'drop',
    type: 'sftp',
    host: '127.0.0.1',
    port: s.port,
    remotePath: '/',
    credential: { type: 'password', name: 'drop', username: s.username, password: s.password },
  });
  const connectionId = connection.body.data.connectionId;
  expect((await validateConnection(admin, connectionId)).state).toBe('success');
  const created = await admin.post(api('/ccms/deliverable'), {
    name: 'pump-web',
    publicationId: publication.body.data.publicationId,
    configId: config?.configId,
    connectionId,
    filePath: 'pump',
    fileName: 'pump.zip',
    sourceChangeJob: '1',
  });
  expect(created.body.code, created.raw).toBe(200);
  deliverableId = created.body.data.deliverableId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function receipts() {
  return (await admin.get(api(`/ccms/deliverable/${deliverableId}/receipts`))).body.rows as {
    status: string;
    trigger: string;
    outputId: number;
    sha256: string;
  }[];
}

/** The receipts once one exists and none is waiting for its publish, queued or running. */
async function settled(count: number) {
  for (let i = 0; i < 1200; i++) {
    const rows = await receipts();
    if (rows.length >= count && !rows.some((r) => ['waiting', 'queued', 'running'].includes(r.status))) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('source-change delivery did not settle');
}

const landed = async () => {
  const zip = await JSZip.loadAsync(await readFile(path.join(servers().sftp.root, 'pump', 'pump.zip')));
  const page = Object.keys(zip.files).find((n) => n.endsWith('pump.html'));
  return page ? ((await zip.file(page)?.async('string')) ?? '') : '';
};

describe('deliver on a new commit', () => {
  it('starts from where the branch stands: a fetch without a new commit delivers nothing', async () => {
    expect((await admin.post(api(`/ccms/library/${libraryId}/fetch`))).body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await receipts()).toEqual([]);
  });

  it('a commit pushed to the remote is published and delivered when the library fetches', async () => {
    const commit = await remote().commit('pump', 'main', { 'pump.dita': topic('Second edition: replace the seal.') }, 'Second edition');
    expect((await admin.post(api(`/ccms/library/${libraryId}/fetch`))).body.code).toBe(200);
    const [receipt] = await settled(1);
    expect(receipt).toMatchObject({ trigger: 'sourceChange', status: 'success' });
    const output = (await admin.get(api(`/ccms/output/${receipt?.outputId}`))).body.data;
    expect(output).toMatchObject({ status: 'success', commit });
    expect(await landed()).toContain('Second edition: replace the seal.');
    expect((await admin.get(api(`/ccms/deliverable/${deliverableId}`))).body.data.lastStatus).toBe('success');
  });

  it('the scheduled check finds the next commit; the same commit is not delivered twice', async () => {
    await remote().commit('pump', 'main', { 'pump.dita': topic('Third edition.') }, 'Third edition');
    const job = t.app.jobs.handler('deliverable.checkSources');
    expect(await job?.run({}, { db: t.database.db, storage: undefined as never, log: t.app.log, jobId: null, jobName: 'check' })).toMatch(/^1 fetched/);
    const rows = await settled(2);
    expect(rows.map((r) => [r.trigger, r.status])).toEqual([
      ['sourceChange', 'success'],
      ['sourceChange', 'success'],
    ]);
    expect(await landed()).toContain('Third edition.');
    // Nothing new: another fetch and check start no publish.
    await admin.post(api(`/ccms/library/${libraryId}/fetch`));
    await job?.run({}, { db: t.database.db, storage: undefined as never, log: t.app.log, jobId: null, jobName: 'check' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await receipts()).toHaveLength(2);
  });
});
