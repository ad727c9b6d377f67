import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * An ATA Spec 2300 library (issue 32) set up through the API on the product's CX100 test set: the
 * non-normal procedure PACK 1 FAULT opens in the visual view (its challenge–response lines, time-
 * critical action and condition modelled), a response is edited and saved to the remote, and the
 * PM is published to HTML5 from its document page, the output showing the edited line as a
 * checklist line. What the outputs hold per aircraft is asserted through the API in
 * apps/server/src/modules/content/catalog/ata2300-library.test.ts.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SET = path.resolve(import.meta.dirname, '../packages/ata2300/test/fcom-set');
const PROC = 'fcom-set/DMC-CX100-A-21-00-01-00A-141A-A_EN-US.XML';
const PM = 'fcom-set/PMC-CX100-CCMS1-00021-01_EN-US.XML';
const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT = { user: 'ata', password: 's3cret-ata' };
let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;
let documentId = 0;
let configId = 0;

async function call<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T; rows?: unknown };
  expect(body.code, body.msg).toBe(200);
  return (body.data ?? body) as T;
}

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(SET)) files[`fcom-set/${name}`] = readFileSync(path.join(SET, name));
  remote = await startGitServer({ ...GIT, repos: { cx100: files } });
  ({ libraryId } = await call<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `cx100_${id}`,
        displayText: `CX100 FCOM ${id}`,
        libraryType: 'ATA2300',
        url: remote.url('cx100'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT.user, password: GIT.password },
      },
    }),
  ));
  await call(admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } }));
  const configs = await call<{ configId: number; configName: string }[]>(admin.get(`${API}/ccms/library/publishConfig/list`, { params: { libraryId } }));
  configId = configs.find((c) => c.configName === 'web')?.configId ?? 0;
  await expect
    .poll(async () => ((await (await admin.get(`${API}/ccms/library/${libraryId}/progress`)).json()) as { data?: { phase?: string } }).data?.phase, {
      timeout: 60_000,
    })
    .toBe('ready');
  const docs = await call<{ rows: { documentId: number; path: string }[] }>(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }));
  documentId = docs.rows.find((d) => d.path === PM)?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
  // A first publish through the API: the publish process has loaded the Spec 2300 engine (seconds
  // under tsx on a busy machine) before the browser publishes.
  const [first] = await call<{ outputId: number }[]>(admin.post(`${API}/ccms/output/publish`, { data: { documentId, configIds: [configId] } }));
  await expect
    .poll(async () => ((await (await admin.get(`${API}/ccms/output/${first?.outputId}`)).json()) as { data?: { status?: string } }).data?.status, {
      timeout: 60_000,
    })
    .toBe('success');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('a non-normal procedure edited in the visual view and saved, then its PM published to HTML5 with the checklist line', async ({ page, context }) => {
  await signInByApi(page);
  await page.goto(`/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: PROC }).toString()}`);
  const editor = page.locator('[data-testid="visual-editor"] .ProseMirror');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  // Modelled, not one island: the lines, the time-critical action and the condition's case.
  await expect(editor.locator('.dita-challengeResponse')).toHaveCount(2);
  await expect(editor.locator('.dita-timeAction')).toBeVisible();
  await expect(editor.locator('.dita-caseCond')).toHaveText('If the fault remains after 2 minutes');
  await expect(page.getByTestId('ata2300-insert-element')).toBeVisible();

  // A response edited in place.
  await editor.locator('.dita-response', { hasText: 'FL 310 OR BELOW' }).getByText('FL 310 OR BELOW').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' (FL 290 AT NIGHT)');
  await expect(page.getByTestId('editor-dirty')).toBeVisible();
  const before = (await remote.log('cx100', 'main')).length;
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(/已保存，提交/)).toBeVisible({ timeout: 30_000 });
  expect((await remote.log('cx100', 'main')).length).toBe(before + 1);
  const saved = (await remote.show('cx100', 'main', PROC)) ?? '';
  expect(saved).toContain('<response><para>FL 310 OR BELOW (FL 290 AT NIGHT)</para></response>');
  // Only the edited element is written again: the rest of the module is as it was.
  expect(saved.replace(' (FL 290 AT NIGHT)', '')).toBe(readFileSync(path.join(SET, path.basename(PROC)), 'utf8'));

  // The PM published to HTML5 from its document page; the output shows the line as a checklist line.
  await page.goto(`/ccms/document-detail/index?id=${documentId}`);
  await page.getByRole('tab', { name: '输出' }).click();
  const table = page.getByTestId('output-table');
  await page.getByRole('button', { name: '发布' }).click();
  const dialog = page.getByRole('dialog', { name: '选择发布配置' });
  await dialog.getByLabel('web (html5, en)').check();
  await dialog.getByRole('button', { name: /^发\s*布$/ }).click();
  // Two outputs now (the warm-up's and this one, newest first), both done.
  const done = table
    .getByRole('row')
    .filter({ hasText: 'web' })
    .filter({ has: page.locator('.ant-tag', { hasText: '成功' }) });
  await expect(done).toHaveCount(2, { timeout: 60_000 });
  const web = done.first();
  const [view] = await Promise.all([context.waitForEvent('page'), web.getByRole('link', { name: '打开' }).click()]);
  const frame = view.frameLocator('[data-testid="output-frame"]');
  // The procedure's page (the annunciation of the same name is another page).
  await frame.locator('a[href$="DMC-CX100-A-21-00-01-00A-141A-A.html"]').first().click();
  const line = frame.locator('.ata-cr', { hasText: 'Flight level' });
  await expect(line.locator('.ata-response')).toHaveText('FL 310 OR BELOW (FL 290 AT NIGHT)', { timeout: 30_000 });
  await expect(frame.locator('.ata-time-critical .ata-challenge')).toHaveText('PACK 1 switch');
  await view.close();
});
