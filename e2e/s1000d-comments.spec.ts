import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { s1000dCorpus } from '../test-support/s1000d-corpora';
import { API, adminApi, chooseLibrary, openSignedIn } from './helpers';
import { bikeLibrary } from './support/bike-library';
import type { E2eGitServer } from './support/git-server';

/**
 * Review comments of the Bike library as S1000D comment files, through the transfer dialog: a
 * comment on a data module and its reply download as a zip of COM files; taken back in, both are
 * found already there (nothing is duplicated), listed by code.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const BIKE = s1000dCorpus('s1000d-bike-4.1');
const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const displayText = `Bike COM ${id}`;
const F121 = 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML';
let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;

test.skip(BIKE === undefined, 'the S1000D Bike corpus is not available');

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  ({ remote, libraryId } = await bikeLibrary(admin, BIKE ?? '', { name: `bikecom_${id}`, displayText }));
  const made = await admin.post(`${API}/ccms/review-comment`, {
    data: { libraryId, path: F121, elementId: 'seq-0001', quote: 'Bicycle', body: 'Which bicycle?' },
  });
  const thread = (await made.json()) as { code: number; msg: string; data: { id: number } };
  expect(thread.code, thread.msg).toBe(200);
  const reply = await admin.post(`${API}/ccms/review-comment/reply`, { data: { parentId: thread.data.id, body: 'The road one.' } });
  expect(((await reply.json()) as { code: number }).code).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('comments export as COM files and, taken back in, are not duplicated', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await chooseLibrary(page, displayText);
  await page.getByTestId('s1000d-transfer-button').click();
  const dialog = page.getByTestId('s1000d-transfer');
  await dialog.getByRole('tab', { name: '导出评论（COM）' }).click();
  await dialog.getByTestId('com-sender').fill('c3002');
  await dialog.getByTestId('com-from-enterprise').fill('ESG');
  await dialog.getByTestId('com-from-city').fill('Munich');
  await dialog.getByTestId('com-from-country').fill('Germany');
  const downloaded = page.waitForEvent('download');
  await dialog.getByTestId('com-export').click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^COM-C3002-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = await file.path();

  await dialog.getByRole('tab', { name: '导入评论（COM）' }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'comments.zip', mimeType: 'application/zip', buffer: readFileSync(saved) });
  await dialog.getByTestId('com-import').click();
  const result = dialog.getByTestId('com-result');
  await expect(result).toContainText('新建 0 · 已存在 2 · 跳过 0');
  await expect(result.getByTestId('com-action')).toHaveText(['已存在', '已存在']);
  await expect(result.getByRole('row', { name: /COM-S1000DBIKE-C3002-\d{4}-\d{5}-R/ })).toContainText('回复');
});
