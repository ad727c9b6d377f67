import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { outputFinished } from '../../../../test/outputs';
import { ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody, libraryPrepared } from '../content-test-kit';

/**
 * An ATA2300 library through the API, on the product's own Spec 2300 set (CX100 FCOM chapter 21,
 * packages/ata2300/test/fcom-set) on a local git remote: the PM is the document and its toc
 * resolves its nine modules, the eleven data modules are topics carrying their status files'
 * facts; the editor opens a module, refuses an edit that breaks its identity (located) and commits
 * a valid one; a publication of the PM for MSN 0101 publishes HTML5 without the CX100-200 module,
 * and a PDF whose checklist lines read back with pdftotext.
 */
const SET = path.resolve(import.meta.dirname, '../../../../../../packages/ata2300/test/fcom-set');
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const PM = 'fcom-set/PMC-CX100-CCMS1-00021-01_EN-US.XML';
const NORMAL = 'fcom-set/DMC-CX100-A-21-00-00-00A-131A-A_EN-US.XML';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('cx100', { folder: path.dirname(SET) });
  admin = await t.login();
  const res = await admin.post(api('/ccms/library'), { ...libraryBody('cx100', remote().url('cx100')), libraryType: 'ATA2300' });
  expect(res.status, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
  await libraryPrepared(admin, libraryId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const finished = (outputId: number) => outputFinished(admin, outputId);

describe('an ATA Spec 2300 library', () => {
  it('indexes the PM as the document, its toc resolved, and each data module with its status file as a topic; no problem', async () => {
    const docs = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
    expect(docs.body.rows).toHaveLength(1);
    const pm = docs.body.rows[0];
    expect(pm).toMatchObject({ path: PM, docNbr: 'PMC-CX100-CCMS1-00021-01', name: 'FCOM chapter 21: air conditioning', topicCount: 9, brokenCount: 0 });
    const topics = await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 });
    expect(topics.body.total).toBe(11);
    const perf = topics.body.rows.find((r: { no: string }) => r.no === 'DMC-CX100-A-21-00-00-00A-051A-A');
    expect(perf).toMatchObject({ title: 'Fuel penalty with one pack', revision: '2026-09-15' });
    expect(perf.facts).toMatchObject({
      standard: 'ata2300',
      applic: 'CX100-200',
      approvalRequired: 'yes',
      statusFile: 'fcom-set/DMS-CX100-A-21-00-00-00A-051A-A_EN-US.XML',
    });
    const problems = await admin.get(api('/ccms/catalog/problems'), { libraryId, pageSize: 50 });
    expect(problems.body.rows).toEqual([]);
  });

  it('the editor opens a module as Spec 2300, refuses an edit that breaks its identity (located, in the caller language) and commits a valid one', async () => {
    const opened = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: NORMAL });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const doc = opened.body.data as EditorDocument & { standard: string };
    expect(doc.standard).toBe('ata2300');
    const save = (content: string, lang = 'en') =>
      admin.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: { libraryId, path: NORMAL, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
      });
    const before = (await remote().log('cx100', 'main')).length;
    const bad = doc.content.replace('issueDate="2026-09-15T00:00:00Z"', 'issueDate="soon"');
    expect(bad).not.toBe(doc.content);
    const refused = await save(bad);
    expect(refused.status).toBe(400);
    const line = doc.content.split('\n').findIndex((l) => l.includes('<issueInfo')) + 1;
    expect(refused.body.data.problems).toEqual([
      expect.objectContaining({ code: 'ata-no-issue-date', line, severity: 'error', message: 'issueInfo/@issueDate: "soon" is not a date (YYYY-MM-DD)' }),
    ]);
    const zh = await save(bad, 'zh');
    expect(zh.body.data.problems[0].message).toBe('issueInfo/@issueDate：“soon”不是日期（YYYY-MM-DD）');
    expect((await remote().log('cx100', 'main')).length).toBe(before);
    const good = doc.content.replace('<title>Packs: before start</title>', '<title>Packs: before engine start</title>');
    const saved = await save(good);
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await remote().show('cx100', 'main', NORMAL)).toContain('<title>Packs: before engine start</title>');
    const topics = await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 });
    expect(topics.body.rows.find((r: { path: string }) => r.path === NORMAL)?.title).toBe('Packs: before engine start');
  });

  it('publishes the PM for MSN 0101: HTML5 without the CX100-200 module, PDF with its checklist lines; a module is not a PM', async () => {
    const notPm = await admin.post(api('/ccms/publication'), { libraryId, name: 'nope', branch: 'main', ditaMap: NORMAL, ditaVal: '0101' });
    expect(notPm.status).toBe(400);
    expect(notPm.body.msg).toBe(`DITA map: "${NORMAL}" is not an ATA Spec 2300 publication module (root pm)`);
    const created = await admin.post(api('/ccms/publication'), { libraryId, name: 'FCOM 21 for MSN 0101', branch: 'main', ditaMap: PM, ditaVal: '0101' });
    expect(created.body.code, created.raw).toBe(200);
    const configs = await t.database.db
      .insert(ccmsPublishConfig)
      .values([
        { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'web' },
        { libraryId, configName: 'print', format: 'pdf', lang: 'en', publishPath: 'print' },
      ])
      .returning();
    const published = await admin.post(api('/ccms/output/publish'), {
      publicationId: created.body.data.publicationId,
      configIds: configs.map((c) => c.configId),
    });
    expect(published.body.code, published.raw).toBe(200);
    const [html, pdf] = await Promise.all(published.body.data.map((o: { outputId: number }) => finished(o.outputId)));
    expect(html, JSON.stringify(html)).toMatchObject({ status: 'success', format: 'html5' });
    const dir = (outputId: number) => path.join(t.dataDir, 'publish', 'outputs', String(outputId));
    const index = await readFile(path.join(dir(html.outputId), 'index.html'), 'utf8');
    expect(index).toContain('<li class="ata-nav-na">Fuel penalty with one pack</li>');
    expect(index).toContain('Packs: before engine start');
    expect(existsSync(path.join(dir(html.outputId), 'DMC-CX100-A-21-00-00-00A-051A-A.html'))).toBe(false);
    expect(existsSync(path.join(dir(html.outputId), 'DMC-CX100-A-21-00-02-00A-081A-A.html'))).toBe(true);
    expect(pdf, JSON.stringify(pdf)).toMatchObject({ status: 'success', format: 'pdf' });
    if (existsSync('/usr/bin/pdftotext')) {
      const file = path.join(dir(pdf.outputId), 'PMC-CX100-CCMS1-00021-01.pdf');
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/PACK 1 switch( \.){3,}.*OFF/);
      expect(text).toContain('Published for: 0101');
    }
  });
});
