import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, confirmDialog, openSignedIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The Output tab's download center and release archive: an HTML5 output published from a
 * one-topic map goes to the download center, is zipped by a queued job, downloaded and deleted;
 * then it is archived to a project release, which lists it.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map xml:lang="en-US"><title>Valve guide ${id}</title><topicref href="topics/open.dita"/></map>
`;
const TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<topic id="open" xml:lang="en-US"><title>Opening the valve</title><body><p>Turn the wheel left.</p></body></topic>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let documentId = 0;
let libraryId = 0;
const PROJECT = `Valve project ${id}`;
const RELEASE = `R-${id}`;

async function call<T>(res: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string } & T;
  expect(body.code, body.msg).toBe(200);
  return body;
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({ user: GIT_USER, password: GIT_PASSWORD, repos: { valve: { 'valve.ditamap': MAP, 'topics/open.dita': TOPIC } } });
  admin = await adminApi(baseURL ?? '');
  const created = await call<{ data: { libraryId: number } }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `dl_${id}`,
        displayText: `Valves ${id}`,
        libraryType: 'DITA',
        url: remote.url('valve'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  libraryId = created.data.libraryId;
  await call(admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } }));
  const docs = await call<{ rows: { documentId: number; path: string }[] }>(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }));
  documentId = docs.rows.find((d) => d.path === 'valve.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
  const configs = await call<{ data: { configId: number }[] }>(admin.get(`${API}/ccms/library/publishConfig/list`, { params: { libraryId } }));
  const published = await call<{ data: { outputId: number }[] }>(
    admin.post(`${API}/ccms/output/publish`, { data: { documentId, configIds: configs.data.map((c) => c.configId) } }),
  );
  const project = await call<{ data: { id: number } }>(
    admin.post(`${API}/ccms/project`, { data: { title: PROJECT, name: `vp${id}`, version: '1.0', sourceBranch: 'main', useOriginBranch: true } }),
  );
  await call(admin.post(`${API}/ccms/release`, { data: { projectId: project.data.id, title: RELEASE } }));
  const outputId = published.data[0]?.outputId;
  await expect
    .poll(async () => (await call<{ data: { status: string } }>(admin.get(`${API}/ccms/output/${outputId}`))).data.status, { timeout: 120_000 })
    .toBe('success');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('an output goes to the download center from the Output tab, is downloaded there and deleted', async ({ page }) => {
  await openSignedIn(page, `/ccms/document-detail/index?id=${documentId}`);
  await page.getByRole('tab', { name: '输出' }).click();
  const row = page.getByTestId('output-table').getByRole('row').filter({ hasText: 'web' }).first();
  await row.getByRole('button', { name: '加入下载中心' }).click();
  await page.getByText('打开下载中心').click();
  await expect(page).toHaveURL(/\/system\/downloadcenter$/);

  const center = page.getByTestId('download-center');
  const item = center.getByRole('row').filter({ hasText: 'valve-html5-' });
  await expect(item.getByTestId('download-status')).toHaveText('完成', { timeout: 30_000 });
  await expect(item).toContainText('发布输出');
  await expect(item).toContainText(/\d+(\.\d+)? KB|\d+ B/);
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^valve-html5-\d+\.zip$/);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');

  // The same page in English, from the user menu.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(center.getByRole('row').filter({ hasText: 'valve-html5-' }).getByTestId('download-status')).toHaveText('Ready');
  await expect(center.getByRole('columnheader', { name: 'Expires' })).toBeVisible();
  await center.getByRole('row').filter({ hasText: 'valve-html5-' }).getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page);
  await expect(center.getByText('No generated files yet')).toBeVisible();
});

test('an output is archived to a project release from the Output tab, and the release lists it', async ({ page }) => {
  await openSignedIn(page, `/ccms/document-detail/index?id=${documentId}`);
  await page.getByRole('tab', { name: '输出' }).click();
  const row = page.getByTestId('output-table').getByRole('row').filter({ hasText: 'web' }).first();
  await row.getByRole('button', { name: '归档到发行版' }).click();
  const dialog = page.getByRole('dialog', { name: '归档输出到项目发行版' });
  // Nothing chosen: the fields say what is missing. A click during the dialog's entry animation can
  // be lost (proof run, once under load): click again until the message shows (with nothing chosen, a
  // second click only validates again).
  await expect(async () => {
    await dialog.getByRole('button', { name: /^归\s*档$/ }).click({ timeout: 5_000 });
    await expect(dialog.getByText('请选择项目')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByLabel('项目').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(PROJECT, { exact: true }).click();
  await dialog.getByLabel('发行版').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(RELEASE, { exact: true }).click();
  await dialog.getByLabel('提交说明').fill(`Shipped ${id}`);
  await dialog.getByRole('button', { name: /^归\s*档$/ }).click();
  await expect(page.getByText(`已归档到发行版 ${RELEASE}`)).toBeVisible();

  await page.goto('/work/release');
  const release = page.getByRole('row').filter({ hasText: RELEASE });
  await release.getByRole('button', { name: /展开|Expand/ }).click();
  const archives = page.getByTestId('release-archives');
  await expect(archives.getByRole('row').filter({ hasText: 'valve.ditamap · web · html5' })).toContainText(`Shipped ${id}`);
});
