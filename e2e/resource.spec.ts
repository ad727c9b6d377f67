import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { API, adminApi, openSignedIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Resources of a library on a real git remote: the Resources screen lists the library's images
 * as thumbnails, uploads a PNG as a commit, refuses a wrong type or a too-large file with the
 * spec's messages, shows where an image is used; the Abbreviations screen adds an abbreviation
 * (a glossentry file committed to the library) and lists it.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
// Unanchored at the start: a dialog opened again may keep the leaving loading icon in the button's name.
const ok = /确\s*定$/;
const GIT_USER = 'resources';
const GIT_PASSWORD = 'r3sources-pw';
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const TOPIC =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">\n<topic id="intro"><title>Introduction</title><body><p>Logo:</p><image href="../images/logo.png"/></body></topic>\n';

let remote: E2eGitServer;
let admin: APIRequestContext;
const id = unique();
const libraryName = `res_${id}`;

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { res: { 'topics/intro.dita': TOPIC, 'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n', 'images/logo.png': PNG } },
  });
  admin = await adminApi(baseURL ?? '');
  const res = await admin.post(`${API}/ccms/library`, {
    data: {
      name: libraryName,
      displayText: `Resources ${id}`,
      libraryType: 'DITA',
      url: remote.url('res'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: `${libraryName}-cred`, username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  expect(((await res.json()) as { code: number; msg: string }).code).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

/** Opens a resource screen on this file's library (the session's current library). */
async function openOnLibrary(page: Page, path: string) {
  await page.addInitScript((name) => sessionStorage.setItem('currentLibraryName', name), libraryName);
  await openSignedIn(page, path);
  await expect(page.getByRole('combobox', { name: '库' })).toBeVisible();
  await expect(page.locator('.ccms-resource-bar')).toContainText(`Resources ${id}`);
}

test('the Resources screen lists graphics with thumbnails, uploads a PNG as a commit, refuses a wrong type or size', async ({ page }) => {
  await openOnLibrary(page, '/content/graphic');
  const logo = page.getByTestId('graphic-card').filter({ hasText: 'logo.png' });
  await expect(logo).toBeVisible();
  await expect(logo.getByTestId('graphic-refs')).toHaveText('1');
  await expect.poll(() => logo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Where used: the topic that references it, by file and line.
  await logo.getByLabel('引用位置').click();
  const usage = page.getByRole('dialog', { name: '“logo.png”的引用位置' });
  await expect(usage.getByRole('row', { name: /topics\/intro\.dita/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(usage).toBeHidden();

  // The preview dialog is 800 px wide.
  await logo.getByRole('button', { name: /预览 logo\.png/ }).click();
  const preview = page.getByRole('dialog', { name: 'images/logo.png' });
  await expect(preview.locator('img')).toBeVisible();
  // Measured once the opening animation is over.
  await expect.poll(async () => Math.round((await preview.boundingBox())?.width ?? 0)).toBe(800);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Wrong type and too large: refused with the spec's messages, nothing listed.
  await page.getByRole('button', { name: /上传$/ }).click();
  const dialog = page.getByRole('dialog', { name: '上传图片' });
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('文件格式不正确，请上传png/jpg/jpeg图片格式文件!')).toBeVisible();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
  await expect(page.getByText('上传图片大小不能超过 2 MB!')).toBeVisible();
  await expect(dialog.getByText('anim.gif')).toHaveCount(0);
  await expect(dialog.getByText('huge.png')).toHaveCount(0);

  // A PNG goes in as a commit and shows up with its thumbnail.
  const name = `chart_${id}.png`;
  await input.setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByLabel('提交说明').fill(`Add chart ${id}`);
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  const chart = page.getByTestId('graphic-card').filter({ hasText: name });
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect((await remote.subjects('res', 'main'))[0]).toBe(`Add chart ${id}`);
});

test('the Abbreviations screen adds an abbreviation as a glossary entry and lists it', async ({ page }) => {
  await openOnLibrary(page, '/content/abbreviation');
  await page.getByRole('button', { name: /新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增缩略语' });
  const short = `E2E${id.toUpperCase()}`;
  await dialog.getByLabel('缩略语').fill(short);
  await dialog.getByLabel('全称').fill('End to end test');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(short) });
  await expect(row).toContainText('End to end test');
  expect((await remote.subjects('res', 'main'))[0]).toBe(`新增缩略语“${short}”`);

  // The same name again is refused with the server's message.
  await page.getByRole('button', { name: /新增$/ }).click();
  await dialog.getByLabel('缩略语').fill(short);
  await dialog.getByLabel('全称').fill('Again');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText(`缩略语“${short}”已存在`)).toBeVisible();
  expect((await remote.subjects('res', 'main'))[0]).toBe(`新增缩略语“${short}”`);
});

test('the Terms screen adds a term; the Tags screen adds a tag and puts it on a topic', async ({ page }) => {
  await openOnLibrary(page, '/content/term');
  await page.getByRole('button', { name: /新增$/ }).click();
  const term = page.getByRole('dialog', { name: '新增术语' });
  await term.getByLabel('名称').fill(`飞行管理系统${id}`);
  await term.getByLabel('定义').fill('管理飞行计划的机载系统');
  await term.getByRole('button', { name: ok }).click();
  await expect(term).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`飞行管理系统${id}`) })).toContainText('管理飞行计划的机载系统');

  await openOnLibrary(page, '/manager/settings/tag');
  await page.getByRole('button', { name: /新增$/ }).click();
  const tag = page.getByRole('dialog', { name: '新增标签' });
  await tag.getByLabel('标签名称').fill(`safety-${id}`);
  await tag.getByRole('button', { name: ok }).click();
  await expect(tag).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`safety-${id}`) });
  await expect(row).toBeVisible();

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /添加到文档或主题$/ }).click();
  const assign = page.getByRole('dialog', { name: '为文档或主题添加标签' });
  await assign.getByLabel('路径').fill('topics/intro.dita');
  await assign.getByRole('button', { name: ok }).click();
  await expect(assign).toBeHidden();
  await row.getByRole('button', { name: '已标记' }).click();
  await expect(page.getByRole('dialog', { name: `带有“safety-${id}”的文档和主题` }).getByRole('row', { name: /topics\/intro\.dita/ })).toBeVisible();
});
