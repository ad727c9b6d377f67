import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { s1000dCorpus } from '../test-support/s1000d-corpora';
import { adminApi, openedDialog, openSignedIn, pickOption } from './helpers';
import { bikeLibrary } from './support/bike-library';
import type { E2eGitServer } from './support/git-server';

/**
 * S1000D authoring in the browser (issue 31), over a copy of the Bike sample served by `git
 * http-backend`: a data module made with the DMC builder from the topic list, then issued from its
 * S1000D tab; the new file name, issue and status show, and its issue is listed with its tag.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const BIKE = s1000dCorpus('s1000d-bike-4.1');
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const id = unique();
const displayText = `Bike authoring ${id}`;
const CODE = 'DMC-BRAKE-AAA-DA1-20-00-00AA-720A-A';
let remote: E2eGitServer;
let admin: APIRequestContext;

test.skip(BIKE === undefined, 'the S1000D Bike corpus is not available');

/** Picks this file's library in the topic list's library selector (picked again while its dropdown still slides in). */
async function pickLibrary(page: Page) {
  await pickOption(page.getByRole('combobox', { name: '库', exact: true }), displayText);
}

async function comboboxOf(page: Page, testId: string): Promise<Locator> {
  const field = page.getByTestId(testId);
  return (await field.getAttribute('role')) === 'combobox' ? field : field.getByRole('combobox');
}

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  ({ remote } = await bikeLibrary(admin, BIKE ?? '', { name: `bikeauth_${id}`, displayText }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('create a data module with the DMC builder, issue it, see the new file name and status', async ({ page }) => {
  await openSignedIn(page, '/content/topic');
  await pickLibrary(page);
  await page.getByTestId('new-module').click();
  const dialog = await openedDialog(page.getByRole('dialog'));
  // The Bike BREX has no SNS: the codes are typed; the information code is chosen from the list with its name.
  await expect(dialog.getByTestId('new-module-sns-free')).toBeVisible();
  await dialog.getByTestId('new-module-modelIdentCode').fill('BRAKE');
  await dialog.getByTestId('new-module-systemDiffCode').fill('AAA');
  await dialog.getByTestId('new-module-systemCode').fill('DA1');
  await dialog.getByTestId('new-module-subSystemCode').fill('2');
  await dialog.getByTestId('new-module-disassyCodeVariant').fill('AA');
  // A long list: typed to narrow it, then chosen.
  const infoCode = await comboboxOf(page, 'new-module-infoCode');
  await infoCode.click();
  await infoCode.fill('720');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '720 安装程序' }).click();
  await dialog.getByTestId('new-module-techName').fill('Brake pads');
  // The schema's S1000D templates (System Manager → Template) are offered: the seeded one is picked.
  const template = await comboboxOf(page, 'new-module-template');
  await template.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'S1000D proced: Procedure' }).click();
  await expect(dialog.getByTestId('new-module-template')).toContainText('S1000D proced: Procedure');
  await expect(dialog.getByTestId('new-module-infoName')).toHaveValue('安装程序');
  await expect(dialog.getByTestId('new-module-code')).toHaveText(CODE);
  await dialog.locator('.ant-btn-primary').click();

  // The new module's detail: issue 000-01, draft. Creating it commits, pushes and indexes: on a loaded runner that takes over 10 s.
  await expect(page).toHaveURL(/\/ccms\/topic-detail\/index\?id=\d+/, { timeout: 60_000 });
  await page.getByTestId('s1000d-tab').click();
  await expect(page.getByTestId('s1000d-cycle-issue')).toHaveText('000-01');
  await expect(page.getByTestId('s1000d-cycle-status')).toHaveText('草稿');
  await expect(page.getByTestId('s1000d-cycle-path')).toHaveText(`csdb/${CODE}_000-01_EN-US.XML`);
  await expect(page.getByTestId('s1000d-issues-none')).toBeVisible();

  // Issue: the first issue carries no reasons; the file is renamed, tagged and approved.
  await page.getByTestId('s1000d-issue').click();
  const issue = await openedDialog(page.getByRole('dialog'));
  await expect(issue.getByTestId('issue-first')).toBeVisible();
  await issue.getByTestId('issue-submit').click();
  await expect(page.getByTestId('s1000d-cycle-issue')).toHaveText('001-00');
  await expect(page.getByTestId('s1000d-cycle-path')).toHaveText(`csdb/${CODE}_001-00_EN-US.XML`);
  await expect(page.getByTestId('s1000d-cycle-status')).toHaveText('已批准');
  await expect(page.getByTestId('s1000d-issues')).toContainText(`issue/${CODE}/001`);
  await expect(page.locator('.ant-card-head').first()).toContainText(`${CODE}_001-00_EN-US.XML`);
  // Issued: next comes a new in-work.
  await expect(page.getByTestId('s1000d-issue')).toBeDisabled();
  await expect(page.getByTestId('s1000d-start-in-work')).toBeEnabled();
});
