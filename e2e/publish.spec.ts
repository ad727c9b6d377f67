import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, chooseLibrary, openSignedIn, pickOption, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Publishing from the document page: a two-topic map on a git remote, HTML5 and PDF publish
 * configs; the administrator publishes from the Output tab, watches the progress, opens the
 * HTML5 output in the app, and finds the publish in the publish log; then publishes the same map
 * from the map editor and sees the new output in its outputs drawer. What the server makes of a
 * publish (the PDF and its content, the outputs listed by document, the publish log's rows) is
 * checked through the API in apps/server/src/modules/publish/output/document-publish.test.ts.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map xml:lang="en-US">
  <title>Pump manual ${id}</title>
  <topicref href="topics/start.dita"/>
  <topicref href="topics/service.dita"/>
</map>
`;
const topic = (tid: string, title: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="${tid}" xml:lang="en-US"><title>${title}</title><body><p>${text}</p></body></topic>\n`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let documentId = 0;
let libraryId = 0;

async function call<T>(res: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string } & T;
  expect(body.code, body.msg).toBe(200);
  return body;
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: {
      pump: {
        'pump.ditamap': MAP,
        'topics/start.dita': topic('start', 'Starting the pump', 'Open the inlet valve slowly.'),
        'topics/service.dita': topic('service', 'Servicing the pump', 'Replace the seal every year.'),
        'filters/print.ditaval': '<?xml version="1.0" encoding="UTF-8"?>\n<val><prop att="audience" val="novice" action="exclude"/></val>\n',
      },
    },
  });
  admin = await adminApi(baseURL ?? '');
  const created = await call<{ data: { libraryId: number } }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `pub_${id}`,
        displayText: `Pumps ${id}`,
        libraryType: 'DITA',
        url: remote.url('pump'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  libraryId = created.data.libraryId;
  for (const [configName, format] of [
    ['web', 'html5'],
    ['print', 'pdf'],
  ]) {
    await call(admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName, format, lang: 'en', publishPath: 'preview' } }));
  }
  const docs = await call<{ rows: { documentId: number; path: string }[] }>(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }));
  documentId = docs.rows.find((d) => d.path === 'pump.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('publish from the document page, watch the progress, open the HTML5 output, see the publish log row', async ({ page, context }) => {
  await openSignedIn(page, `/ccms/document-detail/index?id=${documentId}`);
  await page.getByRole('tab', { name: '输出' }).click();
  const table = page.getByTestId('output-table');
  await expect(table).toBeVisible();
  // An HTML5 publish of two topics can end within a second: the live progress bar is noted by the
  // page itself as soon as it is drawn, rather than looked for afterwards.
  await page.evaluate(() => {
    const seen = window as unknown as { progressSeen?: boolean };
    seen.progressSeen = false;
    const look = () => {
      if (document.querySelector('[data-testid="output-table"] [data-testid="publish-progress"] .ant-progress')) seen.progressSeen = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: '发布' }).click();
  const dialog = page.getByRole('dialog', { name: '选择发布配置' });
  // The dialog offers each of the library's publish configs by name, format and language.
  await expect(dialog.getByLabel('print (pdf, en)')).toBeVisible();
  await dialog.getByLabel('web (html5, en)').check();
  await dialog.getByRole('button', { name: /^发\s*布$/ }).click();
  // The row shows a live progress bar until the publish ends, then its status (a tag) and the link to open it.
  await expect.poll(() => page.evaluate(() => (window as unknown as { progressSeen?: boolean }).progressSeen)).toBe(true);
  const web = table.getByRole('row').filter({ hasText: 'web' }).first();
  await expect(web.locator('.ant-tag', { hasText: '成功' })).toBeVisible({ timeout: 60_000 });
  await expect(table.getByTestId('publish-progress')).toHaveCount(0);

  // HTML5: opens in the app, the pages served in a sandboxed frame.
  const [view] = await Promise.all([context.waitForEvent('page'), web.getByRole('link', { name: '打开' }).click()]);
  const frame = view.frameLocator('[data-testid="output-frame"]');
  await expect(frame.getByText(`Pump manual ${id}`).first()).toBeVisible();
  await view.close();

  // The publish log lists the publish with who and the result.
  await page.goto('/system/log/publishLog');
  const log = page.getByRole('row').filter({ hasText: 'pump.ditamap' }).filter({ hasText: 'html5' }).first();
  await expect(log).toContainText('admin', { timeout: 30_000 });
  await expect(log).toContainText('成功');
});

test('publish from the map editor: the same publish dialog, and the new output appears in its outputs', async ({ page }) => {
  // The map editor is a page of its own (no navbar).
  await signInByApi(page);
  await page.goto(`/ccms/ditamapeditor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: 'pump.ditamap' }).toString()}`);
  await expect(page.getByTestId('map-title')).toHaveText(`Pump manual ${id}`, { timeout: 60_000 });
  const webOutputs = async () =>
    (
      await call<{ rows: { configName: string; status: string }[] }>(admin.get(`${API}/ccms/output/list`, { params: { documentId, pageSize: 50 } }))
    ).rows.filter((o) => o.configName === 'web');
  const before = (await webOutputs()).length;

  await page.getByTestId('map-publish').click();
  const dialog = page.getByRole('dialog', { name: '选择发布配置' });
  await dialog.getByLabel('web (html5, en)').check();
  await dialog.getByRole('button', { name: /^发\s*布$/ }).click();

  // Queued: the outputs drawer opens on the map's outputs, the new one among them until it succeeds.
  const table = page.getByTestId('output-table');
  const webRows = table.getByRole('row').filter({ hasText: 'web' });
  await expect(webRows).toHaveCount(before + 1, { timeout: 30_000 });
  // Each ends with its status tag (the live progress line says 成功 too, before the list has it).
  await expect(webRows.filter({ has: page.locator('.ant-tag', { hasText: '成功' }) })).toHaveCount(before + 1, { timeout: 120_000 });
});

test("a publication made in the dialog picks its map and its DITAVAL file from the branch's lists", async ({ page }) => {
  await openSignedIn(page, '/content/publication');
  await chooseLibrary(page, `Pumps ${id}`);
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: '新增发布' });
  await form.getByLabel('名称').fill(`Pump print ${id}`);
  // The map is chosen by its title; the filter from the branch's DITAVAL files.
  await pickOption(form.getByTestId('publication-map').getByRole('combobox'), `Pump manual ${id} — pump.ditamap`);
  await form.getByRole('combobox', { name: 'DITAVAL' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('filters/print.ditaval', { exact: true }).click();
  await form.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Pump print ${id}` });
  await expect(row).toContainText('pump.ditamap');
  await expect(row).toContainText('filters/print.ditaval');
});
