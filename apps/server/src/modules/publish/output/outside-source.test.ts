import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody } from '../../content/content-test-kit';

/**
 * A writer commits a topic that reaches for the server's secrets (the data folder's secrets/jwt-secret and
 * secrets/secret-key, by a climbing path, an absolute path and a file: URL) and for an internal address, and the
 * topic is published to PDF and HTML5: neither output holds a secret or the internal answer, the internal server is
 * never asked, and the publish log shows each refused reference as an error at its line. The in-app viewer serves
 * only files inside an output.
 */
const remote = useGitServer();
const PDFTOTEXT = '/usr/bin/pdftotext';
const JWT_SECRET = `jwt-${randomBytes(12).toString('hex')}`;
const SECRET_KEY = `key-${randomBytes(12).toString('hex')}`;
const INTERNAL = `internal-${randomBytes(8).toString('hex')}`;
const api = (p: string) => `/prod-api${p}`;

let t: TestApp;
let admin: Caller;
let internal: Server;
let internalUrl = '';
const requests: string[] = [];
let publicationId = 0;
let pdfConfig = 0;
let webConfig = 0;

/** The attack, one reference a line (the topic's build folder and print page both sit four levels under the data folder). */
const topic = (dataDir: string) => `<?xml version="1.0" encoding="UTF-8"?>
<topic id="attack" xml:lang="en-US"><title>Release notes</title><body>
<p><object data="../../../../secrets/jwt-secret" type="text/plain"><desc>climbing object</desc></object></p>
<p><image href="../../../../secrets/secret-key"><alt>climbing image</alt></image></p>
<p><object data="${dataDir}/secrets/jwt-secret" type="text/plain"><desc>absolute object</desc></object></p>
<p><object data="file://${dataDir}/secrets/secret-key" type="text/plain"><desc>file URL object</desc></object></p>
<codeblock><coderef href="../../../../secrets/jwt-secret"/></codeblock>
<p><object data="${internalUrl}/internal" type="text/plain"><desc>internal object</desc></object></p>
<p>Fixed the pump seal.</p>
</body></topic>
`;
const REFUSED_LINES = [3, 4, 5, 6, 7];

beforeAll(async () => {
  internal = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'text/plain');
    res.end(`${INTERNAL}\n`);
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  t = await createTestApp();
  // The secrets where a server keeps them (loadOrCreateSecret writes <data>/secrets/<name>).
  await mkdir(path.join(t.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  await writeFile(path.join(t.dataDir, 'secrets', 'jwt-secret'), JWT_SECRET, { mode: 0o600 });
  await writeFile(path.join(t.dataDir, 'secrets', 'secret-key'), SECRET_KEY, { mode: 0o600 });
  await allowLoopbackRemotes(t);
  await remote().createRepo('notes', {
    files: {
      'notes.ditamap': '<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Notes</title><topicref href="attack.dita"/></map>\n',
      'attack.dita': topic(t.dataDir),
      'all.ditaval': '<val/>\n',
    },
  });
  admin = await t.login();
  const libraryId = (await admin.post(api('/ccms/library'), libraryBody('notes', remote().url('notes')))).body.data.libraryId;
  const publication = await admin.post(api('/ccms/publication'), {
    libraryId,
    name: 'Notes',
    branch: 'main',
    ditaMap: 'notes.ditamap',
    ditaVal: 'all.ditaval',
  });
  expect(publication.body.code, publication.raw).toBe(200);
  publicationId = publication.body.data.publicationId;
  const configs = await t.database.db
    .insert(ccmsPublishConfig)
    .values([
      { libraryId, configName: 'print', format: 'pdf', lang: 'en', publishPath: 'preview' },
      { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' },
    ])
    .returning();
  pdfConfig = configs[0]?.configId ?? 0;
  webConfig = configs[1]?.configId ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

async function publishWith(configId: number) {
  const res = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] });
  expect(res.body.code, res.raw).toBe(200);
  const outputId = res.body.data[0].outputId as number;
  for (let i = 0; i < 1200; i++) {
    const out = (await admin.get(api(`/ccms/output/${outputId}`))).body.data;
    if (['success', 'fail', 'canceled'].includes(out?.status)) return out;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`output ${outputId} did not finish`);
}

/** Every file the publish wrote (outputs and build output folders; the checked-out source is the writer's own text). */
function writtenFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const publishDir = path.join(t.dataDir, 'publish');
  for (const e of readdirSync(publishDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    if (e.isFile() && !path.relative(publishDir, full).split(path.sep).includes('src')) files.set(path.relative(publishDir, full), readFileSync(full));
  }
  return files;
}

function expectNoSecretIn(files: Map<string, Buffer>) {
  expect(files.size).toBeGreaterThan(0);
  for (const [name, bytes] of files) {
    const text = bytes.toString('latin1');
    for (const secret of [JWT_SECRET, SECRET_KEY, INTERNAL]) expect(text, name).not.toContain(secret);
  }
}

async function expectRefusedInLog(out: { outputId: number; problems: { code: string; severity: string; file: string; line: number }[] }) {
  const refused = [...new Set(out.problems.filter((p) => p.code === 'url-refused').map((p) => `${p.severity} ${p.file}:${p.line}`))];
  expect(refused.sort()).toEqual(REFUSED_LINES.map((l) => `error attack.dita:${l}`).sort());
  const log = await admin.get(api('/ccms/publishLog/list'), { publicationName: 'Notes' });
  const row = log.body.rows.find((r: { outputId: number }) => r.outputId === out.outputId);
  expect(row).toMatchObject({ status: 'success' });
  expect(row.errorCount).toBeGreaterThanOrEqual(REFUSED_LINES.length);
}

describe('a topic that reaches for the server secrets and internal addresses', () => {
  it.skipIf(!existsSync('/usr/bin/chromium') || !existsSync(PDFTOTEXT))(
    'publishes a PDF without them, never asks the internal server, and logs each reference as an error',
    async () => {
      const out = await publishWith(pdfConfig);
      expect(out).toMatchObject({ status: 'success', format: 'pdf' });
      await expectRefusedInLog(out);
      expect(out.problems).toContainEqual(
        expect.objectContaining({ severity: 'warning', code: 'pdf-request-blocked', message: expect.stringContaining(`${internalUrl}/internal`) }),
      );
      const outputDir = path.join(t.dataDir, 'publish', 'outputs', String(out.outputId));
      expect(readdirSync(outputDir)).toEqual(['notes.pdf']);
      const pdfFile = path.join(outputDir, 'notes.pdf');
      const text = execFileSync(PDFTOTEXT, [pdfFile, '-'], { encoding: 'utf8' });
      expect(text).toContain('Fixed the pump seal.');
      for (const secret of [JWT_SECRET, SECRET_KEY, INTERNAL]) expect(text).not.toContain(secret);
      expectNoSecretIn(writtenFiles());
      expect(requests).toEqual([]);
      // The PDF as a reader gets it, through the viewer.
      const viewed = await t.anonymous.get(out.viewUrl);
      expect(viewed.status).toBe(200);
      expect(viewed.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    },
    120_000,
  );

  it('publishes HTML5 pages that point nowhere outside the output, and logs each reference as an error', async () => {
    const out = await publishWith(webConfig);
    expect(out).toMatchObject({ status: 'success', format: 'html5' });
    await expectRefusedInLog(out);
    const page = readFileSync(path.join(t.dataDir, 'publish', 'outputs', String(out.outputId), 'attack.html'), 'utf8');
    expect(page).toContain('Fixed the pump seal.');
    expect(page).not.toContain('secrets/');
    expect(page).not.toContain(t.dataDir);
    expectNoSecretIn(writtenFiles());
  }, 120_000);

  it('serves only files inside an output through the viewer', async () => {
    const out = await publishWith(webConfig);
    const base = out.viewUrl.slice(0, out.viewUrl.lastIndexOf('/') + 1);
    expect((await t.anonymous.get(`${base}attack.html`)).raw).toContain('Fixed the pump seal.');
    // A link planted in the output folder (the engine writes none) is not followed out of it either.
    symlinkSync(path.join(t.dataDir, 'secrets', 'jwt-secret'), path.join(t.dataDir, 'publish', 'outputs', String(out.outputId), 'planted.txt'));
    const attempts = [
      '../../../../../secrets/jwt-secret',
      '..%2f..%2f..%2f..%2f..%2fsecrets%2fjwt-secret',
      '%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fsecrets%2fjwt-secret',
      '%252e%252e%252f%252e%252e%252f%252e%252e%252f%252e%252e%252f%252e%252e%252fsecrets%252fjwt-secret',
      `${encodeURIComponent(path.join(t.dataDir, 'secrets', 'jwt-secret'))}`,
      'planted.txt',
      '%',
    ];
    for (const attempt of attempts) {
      const res = await t.anonymous.get(`${base}${attempt}`);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt).toBeLessThan(500);
      expect(res.raw, attempt).not.toContain(JWT_SECRET);
    }
  }, 120_000);
});
