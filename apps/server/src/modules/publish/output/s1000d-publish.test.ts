import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsLibrarySetting, ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes } from '../../content/content-test-kit';
import { bikeLibrary, bikeMissing } from '../../content/s1000d/s1000d-test-kit';
import { outputFinished } from './publish-test-kit';

/**
 * Publishing an S1000D library through the real routes (issue 31): the Bike sample on a local git
 * remote, a publication of PM EPWG1 for the PCT product 1B070643 (Brook trekker Mk9), published as
 * HTML5 and PDF. The HTML navigation lists the PM's 72 modules in its order (the two that do not
 * apply to the product and the three deleted ones listed, without a page); module 258A is filtered
 * for the product (README fact 4); the PDF read back with pdftotext holds the identification
 * block, the list of effective data modules and a change bar. A one-module change re-publishes
 * incrementally: only that page is a new file. Bad selections are refused naming ditaVal.
 */
const PDFTOTEXT = '/usr/bin/pdftotext';
const suite = describe.skipIf(bikeMissing(false));
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const PM_FILE = 'csdb/PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const DM258 = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A';
const DM258_FILE = `csdb/${DM258}_008-00_EN-US.XML`;
const BIKE_DMC = 'DMC-S1000DBIKE-AAA-';

let t: TestApp;
let admin: Caller;
let libraryId = 0;
let htmlConfig = 0;
let pdfConfig = 0;
let publicationId = 0;
let firstHtml: { outputId: number; commit: string };

beforeAll(async () => {
  if (bikeMissing(false)) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  admin = await t.login();
  libraryId = await bikeLibrary(admin, remote(), 'bikepub');
  const db = t.database.db;
  await db.insert(ccmsLibrarySetting).values([
    { libraryId, kind: 'filter', groupName: 'storm', name: 'model', type: 'include', value: 'Mountain storm', product: 'any' },
    { libraryId, kind: 'filter', groupName: 'storm', name: 'version', type: 'include', value: 'Mk1', product: 'any' },
  ]);
  const configs = await db
    .insert(ccmsPublishConfig)
    .values([
      { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'web' },
      { libraryId, configName: 'print', format: 'pdf', lang: 'en', publishPath: 'print' },
    ])
    .returning();
  htmlConfig = configs[0]?.configId ?? 0;
  pdfConfig = configs[1]?.configId ?? 0;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const finished = (outputId: number) => outputFinished(admin, outputId);

async function publish(configId: number) {
  const res = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] });
  expect(res.body.code, res.raw).toBe(200);
  return finished(res.body.data[0].outputId);
}

const outputDir = (outputId: number) => path.join(t.dataDir, 'publish', 'outputs', String(outputId));
const outputFile = (outputId: number, file: string) => readFile(path.join(outputDir(outputId), file), 'utf8');

/** The navigation entries of a page: each module's DMC in order, with whether it links to a page. */
function navEntries(html: string): Array<{ dmc: string; linked: boolean }> {
  const nav = html.slice(html.indexOf('<nav class="toc"'), html.indexOf('</nav>', html.indexOf('<nav class="toc"')));
  return [...nav.matchAll(/<li data-dmc="([^"]+)"([^>]*)>(<a |<span)/g)].map((m) => ({ dmc: m[1] ?? '', linked: m[3] === '<a ' }));
}

suite('publishing an S1000D publication module', () => {
  it('refuses a selection the CSDB does not know, naming ditaVal, and creates nothing', async () => {
    const body = { libraryId, name: 'bad', branch: 'main', ditaMap: PM_FILE };
    const cases: Array<[string, string]> = [
      ['9Z999999', 'DITAVAL: "9Z999999" is neither a product of the PCT nor one of the library\'s filter groups'],
      ['colour=red', 'DITAVAL: applicability property "colour" is not declared in the ACT/CCT'],
    ];
    for (const [ditaVal, msg] of cases) {
      const res = await admin.post(api('/ccms/publication'), { ...body, ditaVal });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await admin.request({
      method: 'POST',
      url: api('/ccms/publication'),
      payload: { ...body, ditaVal: 'colour=red' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.msg).toBe('DITAVAL：适用性属性“colour”未在 ACT/CCT 中声明');
    const notPm = await admin.post(api('/ccms/publication'), { ...body, ditaMap: DM258_FILE, ditaVal: '1B070643' });
    expect(notPm.body.msg).toBe(`DITA map: "${DM258_FILE}" is not an S1000D publication module (PMC-...)`);
    const list = await admin.get(api('/ccms/publication/list'), { libraryId });
    expect(list.body.rows).toEqual([]);
  });

  it('accepts a PCT product, property values or a filter group of applicability properties', async () => {
    for (const [name, ditaVal] of [
      ['by-values', 'model=Brook trekker;version=Mk9'],
      ['by-group', 'storm'],
    ]) {
      const res = await admin.post(api('/ccms/publication'), { libraryId, name, branch: 'main', ditaMap: PM_FILE, ditaVal });
      expect(res.body.code, res.raw).toBe(200);
    }
    const res = await admin.post(api('/ccms/publication'), { libraryId, name: 'Bike for 1B070643', branch: 'main', ditaMap: PM_FILE, ditaVal: '1B070643' });
    expect(res.body.code, res.raw).toBe(200);
    publicationId = res.body.data.publicationId;
  });

  it('publishes HTML5: the PM as navigation (72 modules in order), a page per applicable module, 258A filtered for Brook trekker Mk9', async () => {
    const out = await publish(htmlConfig);
    expect(out, JSON.stringify(out.problems?.slice(0, 5))).toMatchObject({ status: 'success', format: 'html5', incremental: false });
    firstHtml = out;
    const index = await outputFile(out.outputId, 'index.html');
    expect(index).toContain('Mountain bicycle manual');
    expect(index).toContain('1B070643');
    const page = await outputFile(out.outputId, `${DM258}.html`);
    const nav = navEntries(page);
    // README fact 1: 72 modules, first and last in order.
    expect(nav).toHaveLength(72);
    expect(nav.slice(0, 6).map((e) => e.dmc)).toEqual(
      ['001A-A', '002A-A', '009A-A', '00PA-D', '00QA-D', '00WA-D'].map((s) => `${BIKE_DMC}D00-00-00-00AA-${s}`),
    );
    expect(nav.at(-1)?.dmc).toBe(`${BIKE_DMC}DA5-30-00-00AA-041A-A`);
    // Not published: the two modules that do not apply to the product (fact 3) and the three deleted ones (fact 8).
    expect(nav.filter((e) => !e.linked).map((e) => e.dmc)).toEqual([
      `${BIKE_DMC}D00-00-01-00AA-720A-A`,
      `${BIKE_DMC}DA1-00-00-00AA-041A-A`,
      `${BIKE_DMC}DA1-00-00-00AA-341A-A`,
      `${BIKE_DMC}DA1-10-00-00AA-251A-A`,
      `${BIKE_DMC}DA2-40-00-00AA-720A-A`,
    ]);
    const pages = (await readdir(outputDir(out.outputId))).filter((f) => f.startsWith('DMC-') && f.endsWith('.html'));
    expect(pages).toHaveLength(67);
    expect(out.pages).toBe(67);
    // Fact 4 for Brook trekker Mk9: 13 proceduralStep elements (the README's 14 counts one in a comment), 1 reqPersons,
    // 3 supplyDescr (its 4 counts supplyDescrGroup too).
    const steps = [...page.matchAll(/<li [^>]*class="step proceduralStep[^"]*" data-step="([^"]+)"/g)].map((m) => m[1]);
    expect(steps).toEqual(['1', '2', '3', '4', '5', '6', '6.1', '6.2', '6.3', '6.4', '6.5', '6.6', '7']);
    expect(page.match(/class="reqPersons"/g)).toHaveLength(1);
    expect(page.match(/<tr [^>]*class="supplyDescr"/g)).toHaveLength(3);
    expect(page).toContain('Bike cleaner');
    expect(page).not.toContain('Bike rider');
    // Identification block, warnings set apart, the dmRef to the chain module links its page, the CGM figure a placeholder with its file.
    expect(page).toMatch(/<tr data-field="dmc"><th>Data module code<\/th><td>DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A<\/td>/);
    expect(page).toMatch(/<tr data-field="issue"><th>Issue<\/th><td>008-00<\/td>/);
    expect(page).toMatch(/<tr data-field="issue-date"><th>Issue date<\/th><td>2012-12-31<\/td>/);
    expect(page.match(/class="admonition warning"/g)).toHaveLength(2);
    expect(page).toContain(`<a class="dmRef" href="${BIKE_DMC}DA4-10-00-00AA-241A-A.html"`);
    expect(existsSync(path.join(outputDir(out.outputId), `${BIKE_DMC}DA4-10-00-00AA-241A-A.html`))).toBe(true);
    expect(page).toContain('href="graphics/ICN-S1000DBIKE-AAA-D000000-0-U8025-00502-A-04-1.CGM"');
    expect(existsSync(path.join(outputDir(out.outputId), 'graphics/ICN-S1000DBIKE-AAA-D000000-0-U8025-00502-A-04-1.CGM'))).toBe(true);
    // Change bars where changeMark="1": the BREX module.
    const brex = await outputFile(out.outputId, `${BIKE_DMC}D00-00-00-00AA-022A-D.html`);
    expect(brex.match(/class="change-bar"/g)?.length ?? 0).toBeGreaterThan(30);
    // The viewer opens it.
    const view = await admin.request({ method: 'GET', url: out.viewUrl });
    expect(view.status).toBe(200);
  }, 120_000);

  it('re-publishes one changed module incrementally: its page is new, the others are the same files', async () => {
    const before = (await remote().show('bikepub', 'main', DM258_FILE)) ?? '';
    expect(before).toContain('Fully clean the bicycle with the soaked sponge.');
    await remote().commit('bikepub', 'main', { [DM258_FILE]: before.replace('Fully clean the bicycle', 'Thoroughly clean the bicycle') }, 'Edit 258A');
    const second = await publish(htmlConfig);
    expect(second).toMatchObject({ status: 'success', incremental: true });
    expect(second.commit).not.toBe(firstHtml.commit);
    expect(await outputFile(second.outputId, `${DM258}.html`)).toContain('Thoroughly clean the bicycle');
    expect(await outputFile(firstHtml.outputId, `${DM258}.html`)).toContain('Fully clean the bicycle');
    const inode = async (outputId: number, file: string) => (await stat(path.join(outputDir(outputId), file))).ino;
    const other = `${BIKE_DMC}DA4-10-00-00AA-241A-A.html`;
    expect(await inode(second.outputId, other)).toBe(await inode(firstHtml.outputId, other));
    expect(await inode(second.outputId, `${DM258}.html`)).not.toBe(await inode(firstHtml.outputId, `${DM258}.html`));
  }, 120_000);

  it('publishes PDF: pdftotext shows the title page, the list of effective data modules, the identification block and change bars', async () => {
    const out = await publish(pdfConfig);
    expect(out, JSON.stringify(out.problems?.slice(0, 5))).toMatchObject({ status: 'success', format: 'pdf' });
    const dir = outputDir(out.outputId);
    const [pdf] = (await readdir(dir)).filter((f) => f.endsWith('.pdf'));
    expect(pdf).toBeDefined();
    const file = path.join(dir, pdf ?? '');
    const raw = await readFile(file);
    expect(raw.subarray(0, 5).toString()).toBe('%PDF-');
    if (!existsSync(PDFTOTEXT)) throw new Error('pdftotext (poppler-utils) is needed to read the PDF back');
    const text = execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Mountain bicycle manual');
    expect(text).toContain('List of effective data modules');
    expect(text).toContain('Highlights');
    // The identification block of 258A, with the text filtered for the product.
    expect(text).toMatch(/Data module code\s+DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A/);
    expect(text).toMatch(/Issue date\s+2012-12-31/);
    expect(text).toContain('Thoroughly clean the bicycle');
    // Change bars: a bar in the margin before changed content of the BREX module.
    expect(text).toMatch(/^\s*\|\s+Introduction to the Bike BREX DM/m);
  }, 180_000);

  it('works with the rest of publishing: the publish log, the document-center viewer, and a publish of the PM as a document (no selection: open applicability kept)', async () => {
    const log = await admin.get(api('/ccms/publishLog/list'), { publicationName: 'Bike for 1B070643' });
    expect(log.body.rows.map((r: { format: string; status: string }) => `${r.format}:${r.status}`).sort()).toEqual([
      'html5:success',
      'html5:success',
      'pdf:success',
    ]);
    const viewer = await admin.get(api('/ccms/mxView/list'), { keyword: 'Bike for 1B070643' });
    expect(viewer.body.rows.map((r: { configName: string }) => r.configName).sort()).toEqual(['print', 'web']);
    const docs = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
    const pm = docs.body.rows.find((r: { path: string }) => r.path === PM_FILE);
    const res = await admin.post(api('/ccms/output/publish'), { documentId: pm.documentId, configIds: [htmlConfig] });
    expect(res.body.code, res.raw).toBe(200);
    const out = await finished(res.body.data[0].outputId);
    expect(out).toMatchObject({ status: 'success', format: 'html5' });
    // No product: nothing is certainly false, so only the three deleted modules go without a page.
    expect(out.pages).toBe(69);
    const page = await outputFile(out.outputId, `${DM258}.html`);
    expect(page).toContain('Bike cleaner');
    expect(page).toContain('Bike rider');
  }, 120_000);

  it("publishes a filter group's property values: the 'storm' group (model Mountain storm, version Mk1) gives 258A for the Mk1", async () => {
    const list = await admin.get(api('/ccms/publication/list'), { libraryId, name: 'by-group' });
    const storm = list.body.rows[0]?.publicationId;
    expect(storm).toBeGreaterThan(0);
    const res = await admin.post(api('/ccms/output/publish'), { publicationId: storm, configIds: [htmlConfig] });
    const out = await finished(res.body.data[0].outputId);
    expect(out).toMatchObject({ status: 'success' });
    const page = await outputFile(out.outputId, `${DM258}.html`);
    expect(page).toContain('Bike rider');
    expect(page).not.toContain('Bike cleaner');
    // README fact 4 for Mountain storm Mk1: 11 steps (its 12 counts one in a comment).
    expect(page.match(/<li [^>]*class="step proceduralStep[^"]*"/g)).toHaveLength(11);
    expect(await outputFile(out.outputId, 'index.html')).toContain('model=Mountain storm, version=Mk1');
  }, 120_000);
});
