import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { s1000dCorpus } from '../test-support/s1000d-corpora';
import { API, adminApi, chooseLibrary, openSignedIn, pickOption } from './helpers';
import { bikeLibrary } from './support/bike-library';
import type { E2eGitServer } from './support/git-server';

/**
 * An S1000D library over the Bike sample (Issue 4.1), served by `git http-backend` on 127.0.0.1:
 * its publication modules in the document list with their toc, the library's problems and
 * applicability tables, a PM filtered by product, a data module's S1000D facts, BREX problem and
 * instance for a product, and its CGM illustrations listed for download.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const BIKE = s1000dCorpus('s1000d-bike-4.1');
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const id = unique();
const displayText = `Bike ${id}`;
let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;

test.skip(BIKE === undefined, 'the S1000D Bike corpus is not available');

/** Picks this file's library in a catalogue screen's library selector. */
async function pickLibrary(page: Page) {
  await chooseLibrary(page, displayText);
}

/** The combobox of an antd select found by its test id (on the select or on its input). */
async function comboboxOf(page: Page, testId: string): Promise<Locator> {
  const field = page.getByTestId(testId);
  return (await field.getAttribute('role')) === 'combobox' ? field : field.getByRole('combobox');
}

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  ({ remote, libraryId } = await bikeLibrary(admin, BIKE ?? '', { name: `bike_${id}`, displayText }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('the publication modules, the library problems and its applicability tables', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  const row = page.getByRole('row', { name: /Mountain bicycle manual/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('PMC-S1000DBIKE-C3002-00001-01');
  await expect(page.getByRole('columnheader', { name: '出版物模块编码（PMC）' })).toBeVisible();

  // The problems: the one BREX value error of 952A is there, in Chinese.
  await page.getByTestId('s1000d-problems-button').click();
  const problems = page.getByTestId('s1000d-problems-drawer');
  await expect(problems).toBeVisible();
  await pickOption(problems.getByTestId('problems-severity').getByRole('combobox'), '错误');
  await expect(problems).toContainText('952');
  await expect(problems.getByTestId('problem-row').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(problems).toBeHidden();

  // Applicability: ACT attributes, CCT conditions, PCT products keyed by serial number.
  await page.getByTestId('s1000d-applic-button').click();
  const applic = page.getByTestId('s1000d-applic-drawer');
  await expect(applic.getByTestId('applic-attributes')).toContainText('Brook trekker|Mountain storm');
  await expect(applic.getByTestId('applic-conditions')).toContainText('tourFinished');
  await expect(applic.getByTestId('applic-products')).toContainText('1B070701');
  await expect(applic).toContainText('DMC-S1000DBIKE-AAA-D00-00-00-00AA-00WA-D');
  await page.keyboard.press('Escape');
  await expect(applic).toBeHidden();

  // The DML's coverage (facts 8 and 9): 88 entries, 85 issued, the 3 deleted ones; a row opens its module.
  await page.getByTestId('s1000d-dml-button').click();
  const dml = page.getByTestId('s1000d-dml-drawer');
  await expect(dml.getByTestId('dml-count-issued')).toContainText('85');
  await expect(dml.getByTestId('dml-count-deleted')).toContainText('3');
  await expect(dml.getByTestId('dml-count-missing')).toContainText('0');
  // A multiple select stays open after a pick: pick, then close it.
  await dml.getByTestId('dml-filter').getByRole('combobox').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('已删除', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dml.getByTestId('dml-state')).toHaveCount(3);
  await dml.getByText('DMC-S1000DBIKE-AAA-DA1-00-00-00AA-041A-A').click();
  await expect(page).toHaveURL(/topic-detail/);
  await expect(page.getByText('DMC-S1000DBIKE-AAA-DA1-00-00-00AA-041A-A').first()).toBeVisible();
});

test('a publication module: its toc, filtered for a product', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  await page
    .getByRole('row', { name: /Mountain bicycle manual/ })
    .getByTestId('document-link')
    .click();
  await expect(page).toHaveURL(/\/ccms\/document-detail\/index\?id=\d+/);
  await expect(page.getByTestId('document-title')).toHaveText('Mountain bicycle manual');
  await expect(page.getByTestId('toc-node').filter({ hasText: 'Bicycle - Title page' }).first()).toBeVisible();

  await page.getByRole('tab', { name: '按产品筛选' }).click();
  await pickOption(await comboboxOf(page, 's1000d-filter-product'), '1B070643');
  await expect(page.getByTestId('s1000d-filter-count')).toHaveText('72 个数据模块中 70 个适用');
  await page.getByTestId('s1000d-filter-only-not').check();
  await expect(page.getByTestId('s1000d-filter-row')).toHaveCount(2);
  for (const r of await page.getByTestId('s1000d-filter-row').all()) await expect(r).toHaveAttribute('data-applies', 'false');
});

test('a data module: its S1000D facts, its BREX problem, and its instance for a product', async ({ page }) => {
  const list = await admin.get(`${API}/ccms/topic/list`, { params: { libraryId, pageSize: 200 } });
  const rows = ((await list.json()) as { rows: { topicId: number; no: string }[] }).rows;
  const withBrexError = rows.find((r) => r.no.startsWith('DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T'));
  const filtered = rows.find((r) => r.no === 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A');
  expect(withBrexError && filtered).toBeTruthy();

  await openSignedIn(page, `/ccms/topic-detail/index?id=${withBrexError?.topicId}&tab=s1000d`);
  await expect(page.getByTestId('s1000d-facts')).toContainText('952A');
  await expect(page.getByTestId('s1000d-file-problems')).toContainText('952');

  await openSignedIn(page, `/ccms/topic-detail/index?id=${filtered?.topicId}`);
  await page.getByTestId('s1000d-tab').click();
  await expect(page.getByTestId('s1000d-facts')).toContainText('Mountain bicycle and (Mountain storm Mk1 or Brook trekker Mk9)');
  await expect(page.getByTestId('s1000d-facts')).toContainText('修订');
  await pickOption(await comboboxOf(page, 's1000d-instance-product'), '1B070701');
  await expect(page.getByTestId('s1000d-instance-applies')).toBeVisible();
  await expect(page.getByTestId('s1000d-instance-removed')).toContainText('proceduralStep');
});

test('the topic list shows data modules by DMC, and the graphics list CGM illustrations for download', async ({ page }) => {
  await openSignedIn(page, '/content/topic');
  await pickLibrary(page);
  await expect(page.getByRole('columnheader', { name: '数据模块编码（DMC）' })).toBeVisible();
  // The first page (20 rows, by DMC): data modules with their schema and issue.
  const first = page
    .getByRole('row')
    .filter({ hasText: /DMC-[A-Z0-9]+-AAA-/ })
    .first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/\d{3}-\d{2}/);

  await openSignedIn(page, '/content/graphic');
  await pickLibrary(page);
  await expect(page.getByTestId('graphic-not-viewable').first()).toBeVisible();
  await expect(page.getByTestId('graphic-card').first()).toBeVisible();
});

test("the library's filters name its applicability properties, and its PCT products are listed as saved selections", async ({ page }) => {
  await openSignedIn(page, `/ccms/library-detail/index?id=${libraryId}&tab=filter`);
  await expect(page.getByTestId('filter-pct-products')).toContainText('1B070643');
  await expect(page.getByTestId('filter-pct-products')).toContainText('model = Brook trekker');
  await page.getByRole('button', { name: '添加过滤条件' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await pickOption(await comboboxOf(page, 'filter-property'), 'model');
  await expect(dialog).toContainText('库的适用性属性（ACT）或条件（CCT）');
});

test('a transfer package of PM EPWG1 downloads as a zip named by its DDN; taken back in, only its DDN is new', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  await page.getByTestId('s1000d-transfer-button').click();
  const dialog = page.getByTestId('s1000d-transfer');
  await pickOption(await comboboxOf(page, 'transfer-pm'), /PMC-S1000DBIKE-C3002-00001-01/);
  await page.getByTestId('transfer-sender').fill('C3002');
  await page.getByTestId('transfer-receiver').fill('U8025');
  await page.getByTestId('transfer-authorization').fill('TPSMG');
  for (const side of ['from', 'to'] as const) {
    await page.getByTestId(`transfer-${side}-enterprise`).fill(side === 'from' ? 'ESG' : 'UK MoD');
    await page.getByTestId(`transfer-${side}-city`).fill('London');
    await page.getByTestId(`transfer-${side}-country`).fill('UK');
  }
  const downloaded = page.waitForEvent('download');
  await dialog.getByTestId('transfer-send').click();
  const file = await downloaded;
  // 00001 the first time this year (a retry finds the DDN the first run took in: 00002).
  expect(file.suggestedFilename()).toMatch(/^DDN-S1000DBIKE-C3002-U8025-\d{4}-\d{5}\.zip$/);
  const ddnCode = file.suggestedFilename().replace(/\.zip$/, '');
  const saved = await file.path();

  // The same package back into the library it came from: every file is already there as it is; only its DDN is new.
  await dialog.getByText('接收', { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'epwg1.zip', mimeType: 'application/zip', buffer: readFileSync(saved) });
  await dialog.getByTestId('transfer-take').click();
  const result = dialog.getByTestId('transfer-result');
  // Taking the package in commits, pushes and indexes 120 objects: on a loaded runner that takes over 10 s.
  await expect(result).toContainText('已作为提交', { timeout: 60_000 });
  await expect(result).toContainText(/新增 1 · 未变 \d+/);
  await expect(result.getByRole('row', { name: new RegExp(ddnCode) }).getByTestId('transfer-action')).toHaveText('新增');
});

test('a new DMRL entry from the DML coverage drawer: the DMC builder’s fields, then the module is missing in the coverage', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  await page.getByTestId('s1000d-dml-button').click();
  const dml = page.getByTestId('s1000d-dml-drawer');
  await expect(dml.getByTestId('dml-count-missing')).toContainText('0');
  await dml.getByTestId('dml-new-entry').click();
  const dialog = page.getByRole('dialog', { name: '新建数据模块需求清单条目' });
  await expect(dialog).toBeVisible();
  for (const [field, value] of [
    ['modelIdentCode', 'S1000DBIKE'],
    ['systemDiffCode', 'AAA'],
    ['systemCode', 'DA9'],
    ['subSystemCode', '9'],
    ['disassyCodeVariant', 'AA'],
  ] as const)
    await dialog.getByTestId(`dmrl-entry-${field}`).fill(value);
  // A long list: typed to narrow it, then chosen (its name fills the information name).
  const infoCode = await comboboxOf(page, 'dmrl-entry-infoCode');
  await infoCode.click();
  await infoCode.fill('520');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^520 / }).click();
  await expect(dialog.getByTestId('dmrl-entry-infoName')).not.toHaveValue('');
  await dialog.getByTestId('dmrl-entry-techName').fill('鞍座');
  await expect(dialog.getByTestId('dmrl-entry-code')).toHaveText('DMC-S1000DBIKE-AAA-DA9-90-00-00AA-520A-A');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // The coverage is read again: the planned module is the one missing entry.
  await expect(dml.getByTestId('dml-count-missing')).toContainText('1', { timeout: 30_000 });
  await dml.getByTestId('dml-filter').getByRole('combobox').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('缺失', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(dml.getByTestId('dml-state')).toHaveCount(1);
  await expect(dml.getByText('DMC-S1000DBIKE-AAA-DA9-90-00-00AA-520A-A')).toBeVisible();
  // The DML on the remote holds the entry, as the schema wants it: a dmRef with its title and the responsible partner company.
  const dmlFile = 'csdb/DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML';
  const text = (await remote.show('bike', 'main', dmlFile)) ?? '';
  expect(text).toMatch(
    /<dmlEntry issueType="new"><dmRef><dmRefIdent><dmCode [^>]*systemCode="DA9"[^>]*\/><\/dmRefIdent><dmRefAddressItems><dmTitle><techName>鞍座<\/techName>/,
  );
  expect(text).toMatch(
    /<techName>鞍座<\/techName><infoName>[^<]+<\/infoName><\/dmTitle><\/dmRefAddressItems><\/dmRef><responsiblePartnerCompany enterpriseCode="[^"]+"\/><\/dmlEntry>/,
  );
});
