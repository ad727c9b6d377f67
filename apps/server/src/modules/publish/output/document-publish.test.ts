import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, libraryBody, libraryPrepared } from '../../content/content-test-kit';
import { outputFinished } from './publish-test-kit';

/**
 * Publishing a document (a map of a library, no publication) as the document page and the map
 * editor do: a two-topic map, an HTML5 and a PDF publish config made through the API, both
 * published in one call. The outputs are listed by document, the HTML5 pages and the PDF are
 * served at their view addresses (the PDF as application/pdf, holding both topics' text), and the
 * publish log names each publish with its format, who published and the result. The browser test
 * (e2e/publish.spec.ts) keeps what a person does: the dialog, the progress, opening the output.
 */
const remote = useGitServer();
const PDFTOTEXT = '/usr/bin/pdftotext';
const api = (p: string) => `/prod-api${p}`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map xml:lang="en-US">
  <title>Pump manual</title>
  <topicref href="topics/start.dita"/>
  <topicref href="topics/service.dita"/>
</map>
`;
const topic = (id: string, title: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="${id}" xml:lang="en-US"><title>${title}</title><body><p>${text}</p></body></topic>\n`;

let t: TestApp;
let admin: Caller;
let documentId = 0;
let webConfig = 0;
let printConfig = 0;

interface Output {
  outputId: number;
  configName: string;
  format: string;
  status: string;
  viewUrl: string;
  commit: string;
}

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('pump', {
    files: {
      'pump.ditamap': MAP,
      'topics/start.dita': topic('start', 'Starting the pump', 'Open the inlet valve slowly.'),
      'topics/service.dita': topic('service', 'Servicing the pump', 'Replace the seal every year.'),
    },
  });
  admin = await t.login();
  const created = await admin.post(api('/ccms/library'), libraryBody('pumps', remote().url('pump')));
  expect(created.body.code, created.raw).toBe(200);
  const libraryId = created.body.data.libraryId as number;
  await libraryPrepared(admin, libraryId);
  for (const [configName, format] of [
    ['web', 'html5'],
    ['print', 'pdf'],
  ]) {
    const res = await admin.post(api('/ccms/library/publishConfig'), { libraryId, configName, format, lang: 'en', publishPath: 'preview' });
    expect(res.body.code, res.raw).toBe(200);
  }
  const configs = (await admin.get(api('/ccms/library/publishConfig/list'), { libraryId })).body.data as { configId: number; configName: string }[];
  webConfig = configs.find((c) => c.configName === 'web')?.configId ?? 0;
  printConfig = configs.find((c) => c.configName === 'print')?.configId ?? 0;
  const docs = (await admin.get(api('/ccms/document/list'), { libraryId })).body.rows as { documentId: number; path: string }[];
  documentId = docs.find((d) => d.path === 'pump.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const finished = (outputId: number): Promise<Output> => outputFinished(admin, outputId);

const listed = async (): Promise<Output[]> => (await admin.get(api('/ccms/output/list'), { documentId, pageSize: 50 })).body.rows;

describe('publishing a document', () => {
  it.skipIf(!existsSync('/usr/bin/chromium') || !existsSync(PDFTOTEXT))(
    'publishes HTML5 and PDF in one call: listed by document, served at their view addresses, each in the publish log',
    async () => {
      const queued = await admin.post(api('/ccms/output/publish'), { documentId, configIds: [webConfig, printConfig] });
      expect(queued.body.code, queued.raw).toBe(200);
      const ids = (queued.body.data as Output[]).map((o) => o.outputId);
      expect(ids).toHaveLength(2);
      const outs = await Promise.all(ids.map(finished));
      expect(outs.map((o) => [o.configName, o.format, o.status]).sort()).toEqual([
        ['print', 'pdf', 'success'],
        ['web', 'html5', 'success'],
      ]);

      // The document's outputs: both, with their view addresses.
      const rows = await listed();
      expect(rows.map((o) => o.outputId).sort()).toEqual([...ids].sort());

      // HTML5: the map's title in the pages served at the view address.
      const web = rows.find((o) => o.configName === 'web');
      const page = await admin.get(web?.viewUrl ?? '');
      expect(page.status).toBe(200);
      expect(page.raw).toContain('Pump manual');

      // PDF: served as a PDF at the output's view address, both topics in it.
      const print = rows.find((o) => o.configName === 'print');
      expect(print?.viewUrl).toMatch(/\.pdf$/);
      const file = await admin.get(print?.viewUrl ?? '');
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const dir = await mkdtemp(path.join(tmpdir(), 'ccms-doc-pdf-'));
      try {
        await writeFile(path.join(dir, 'pump.pdf'), file.bytes);
        const text = execFileSync(PDFTOTEXT, [path.join(dir, 'pump.pdf'), '-'], { encoding: 'utf8' });
        expect(text).toContain('Open the inlet valve slowly.');
        expect(text).toContain('Replace the seal every year.');
        // The cover names the edition: the commit published and the day (the map names neither).
        const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
        expect(print?.commit).toMatch(/^[0-9a-f]{40}/);
        expect(text.split('\f')[0]).toContain(`Revision ${print?.commit.slice(0, 7)} · ${day}`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }

      // The publish log: a row a publish, naming the map, the format, who published and the result.
      const log = (await admin.get(api('/ccms/publishLog/list'), { ditaMap: 'pump.ditamap' })).body.rows as {
        outputId: number;
        format: string;
        operName: string;
        status: string;
      }[];
      for (const out of outs) {
        expect(log.find((r) => r.outputId === out.outputId)).toMatchObject({ format: out.format, operName: 'admin', status: 'success' });
      }
    },
    240_000,
  );

  it('publishes the same document again: a new output beside the earlier ones, every one a success', async () => {
    const before = (await listed()).filter((o) => o.configName === 'web');
    const queued = await admin.post(api('/ccms/output/publish'), { documentId, configIds: [webConfig] });
    expect(queued.body.code, queued.raw).toBe(200);
    const out = await finished(queued.body.data[0].outputId);
    expect(out.status).toBe('success');
    const after = (await listed()).filter((o) => o.configName === 'web');
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((o) => o.outputId)).toContain(out.outputId);
    expect(after.every((o) => o.status === 'success')).toBe(true);
  }, 120_000);

  it('follows a publish on its progress stream: one event per change, until the event of its end', async () => {
    const queued = await admin.post(api('/ccms/output/publish'), { documentId, configIds: [webConfig] });
    expect(queued.body.code, queued.raw).toBe(200);
    const outputId = queued.body.data[0].outputId as number;
    const res = await admin.get(api(`/ccms/output/progress/${outputId}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = res.raw
      .split('\n\n')
      .filter(Boolean)
      .map((e) => {
        expect(e).toMatch(/^data: /);
        return e.slice('data: '.length);
      });
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e, i) => i > 0 && e === events[i - 1])).toEqual([]);
    expect(JSON.parse(events.at(-1) ?? '{}')).toMatchObject({ outputId, status: 'success' });
  }, 120_000);
});
