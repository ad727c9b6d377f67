// biome-ignore-all lint/suspicious/noTemplateCurlyInString: templates and editor links spell their placeholders ${name}
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { API, adminApi, chooseLibrary, closedDialog, openedDialog, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * System Manager's authoring screens: an editor link set as the default of .dita opens a topic
 * from the topic list in the web author frame with the file's URL in its parameter, and the
 * spec's duplicate-type message shows; a template whose root is not its type's is refused, a
 * valid one previews; document types list the seeded DITA types.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const id = unique();
const displayText = `Authoring ${id}`;
const TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="valves"><title>Valve checks ${id}</title><body><p>Check the valves.</p></body></topic>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map><title>Checks</title><topicref href="../topics/valves.dita"/></map>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({ user: 'author', password: 'pw-author', repos: { checks: { 'maps/checks.ditamap': MAP, 'topics/valves.dita': TOPIC } } });
  admin = await adminApi(baseURL ?? '');
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `auth_${id}`,
      displayText,
      libraryType: 'DITA',
      url: remote.url('checks'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: 'author', password: 'pw-author' },
    },
  });
  const body = (await created.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
});

/** .dita opens in the topic editor again for the specs that follow (and run beside this one). */
const restoreDita = () => admin?.put(`${API}/ccms/editorConfig/default`, { data: { suffix: '.dita', open: 'topic' } });

test.afterAll(async () => {
  await restoreDita();
  await admin?.dispose();
  await remote?.close();
});

/** The first screen loads many chunks on a loaded machine: more time than the default for the shell. */
async function open(page: Page, path: string) {
  await signInByApi(page);
  await page.goto(path);
  await expect(page.locator('.navbar')).toBeVisible({ timeout: 30_000 });
}

test('an editor link for .dita, set as default, opens a topic in the web author frame with the file URL', async ({ page, baseURL }) => {
  await open(page, '/manager/settings/editorConfig');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = await openedDialog(page.getByRole('dialog'));
  await dialog.getByLabel('名称', { exact: true }).fill(`Author ${id}`);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(dialog.locator('.ant-upload-list-item img')).toHaveCount(1, { timeout: 15_000 });
  await dialog.getByLabel('服务器地址', { exact: true }).fill(`${baseURL}/author-frame`);
  await dialog.getByLabel('参数', { exact: true }).fill('url=${rawUrl}&who=${user}');
  const types = dialog.getByLabel('关联文件类型', { exact: true });
  await types.fill('.dita, .dita');
  await dialog.getByRole('radio', { name: '是' }).check();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('文件类型 .dita 重复')).toBeVisible();

  // One .dita only: saved, and the defaults tab shows the link for .dita.
  await types.fill('.dita');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(dialog);
  await expect(page.getByRole('row', { name: new RegExp(`Author ${id}`) })).toBeVisible();
  await page.getByRole('tab', { name: '默认编辑器' }).click();
  await expect(page.getByRole('row', { name: /^\.dita / })).toContainText(`链接：Author ${id}`);

  // "Edit" on the topic list goes through the default editor: the web author frame, the file's URL in the parameter.
  await page.goto('/content/topic');
  await chooseLibrary(page, displayText);
  await page
    .getByRole('row', { name: new RegExp(`Valve checks ${id}`) })
    .getByTestId('edit-topic')
    .click();
  await expect(page).toHaveURL(/\/ccms\/editor\/webAuthor\?/);
  const frame = page.locator('iframe.inner-link-frame');
  await expect(frame).toBeVisible();
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(`${src.origin}${src.pathname}`).toBe(`${baseURL}/author-frame`);
  expect(src.searchParams.get('who')).toBe('admin');
  const raw = new URL(src.searchParams.get('url') ?? '');
  expect(raw.pathname).toBe('/prod-api/ccms/explorer/download');
  expect(raw.searchParams.get('path')).toBe('topics/valves.dita');
  await restoreDita();
});

test('a template whose root is not its type’s is refused; a valid one previews', async ({ page }, info) => {
  const name = `Check ${id}-${info.retry}`;
  await open(page, '/manager/template');
  await expect(page.getByRole('row', { name: /任务（含前提和步骤）/ })).toBeVisible();
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = await openedDialog(page.getByRole('dialog'));
  await dialog.getByLabel('模板名称', { exact: true }).fill(name);
  await dialog.getByLabel('文档类型', { exact: true }).click();
  // The option list is a virtual list that scrolls itself (nine types in eight rows): a pointer click
  // after Playwright scrolled it into view landed on a row being redrawn and chose nothing once the
  // page behind the dialog was long. The option's own click event chooses it, as the pointer's does.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('task (.dita)', { exact: true }).dispatchEvent('click');
  await expect(dialog.locator('.ant-select').first()).toHaveText('task (.dita)');
  const content = dialog.getByLabel('模板内容', { exact: true });
  await content.fill('<concept id="${id}"><title>${title}</title></concept>');
  // The first preview of a run loads the DTDs on the server (several seconds on a loaded machine).
  await expect(dialog.getByTestId('template-preview')).toContainText('不是文档类型 task 的根元素', { timeout: 30_000 });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // The server's refusal (the preview above shows the same words after a line and column).
  await expect(page.getByText('模板的根元素 <concept> 不是文档类型 task 的根元素（task）', { exact: true })).toBeVisible();

  await content.fill('<task id="${id}"><title>${title}</title><taskbody><steps><step><cmd>Open the panel.</cmd></step></steps></taskbody></task>');
  await expect(dialog.getByTestId('template-preview').locator('iframe')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByTestId('template-preview')).toContainText('没有问题');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(dialog);
  // Found by its name: other specs add templates, so the new one may be past the first page.
  await page.locator('.list-search').getByLabel('模板名称').fill(name);
  await page.locator('.list-search button[type=submit]').click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.goto('/manager/doctype');
  for (const type of ['concept', 'task', 'bookmap']) await expect(page.getByRole('cell', { name: type, exact: true })).toBeVisible();
});
