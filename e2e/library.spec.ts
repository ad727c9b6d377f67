import { type APIRequestContext, expect, test } from '@playwright/test';
import yazl from 'yazl';
import { API, adminApi, openSignedIn, signIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Libraries on a real git remote: a bare repository served by `git http-backend` on 127.0.0.1
 * behind basic authentication. The administrator adds the library with its credential,
 * validates it, browses it, opens a topic, uploads a zip package (a commit that reaches the
 * remote), and grants read to a role whose user then cannot upload.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const ok = /^确\s*定$/;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const TOPIC =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">\n<topic id="intro"><title>Introduction</title><body><p>Hello library</p></body></topic>\n';

let remote: E2eGitServer;
let admin: APIRequestContext;
const id = unique();
const libraryName = `lib_${id}`;

function zipOf(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
    zip.end();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { docs: { 'topics/intro.dita': TOPIC, 'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n', 'README.md': '# Docs\n' } },
  });
  admin = await adminApi(baseURL ?? '');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('add a library with credentials, validate it, browse, open a topic, upload a zip package', async ({ page }) => {
  await openSignedIn(page, '/content/library');
  await page.getByRole('button', { name: /新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '添加库' });
  await dialog.getByLabel('库名称').fill(libraryName);
  await dialog.getByLabel('显示名称').fill(`Docs ${id}`);
  // A bad URL is refused in words before anything is sent.
  await dialog.getByLabel('仓库地址').fill('not a url');
  await dialog.getByLabel('默认分支').fill('main');
  await dialog.getByRole('button', { name: '验证连接' }).click();
  await expect(dialog.getByText('请输入有效的 git 仓库地址')).toBeVisible();
  await dialog.getByLabel('仓库地址').fill(remote.url('docs'));
  await dialog.getByLabel('用户名').fill(GIT_USER);
  // A wrong password: the reason in words.
  await dialog.getByLabel('密码').fill('wrong');
  await dialog.getByRole('button', { name: '验证连接' }).click();
  await expect(dialog.getByTestId('scm-state')).toHaveAttribute('data-state', 'failure');
  await expect(dialog.getByTestId('scm-state')).toContainText('认证失败');
  await dialog.getByLabel('密码').fill(GIT_PASSWORD);
  await expect(dialog.getByTestId('scm-state')).toHaveAttribute('data-state', 'idle');
  await dialog.getByRole('button', { name: '验证连接' }).click();
  await expect(dialog.getByTestId('scm-state')).toHaveAttribute('data-state', 'success');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('library-link').getByText(libraryName, { exact: true })).toBeVisible();

  // The password never comes back: the edit form shows it empty.
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(libraryName) });
  await row.getByRole('button', { name: /修改$/ }).click();
  const edit = page.getByRole('dialog', { name: '修改库' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('用户名')).toHaveValue(GIT_USER);
  await expect(edit.getByLabel('密码')).toHaveValue('');
  await edit.getByRole('button', { name: /取\s*消/ }).click();

  // Detail, content browsing: tree, list, a topic with highlighting.
  await page.getByTestId('library-link').getByText(libraryName, { exact: true }).click();
  await expect(page).toHaveURL(/\/ccms\/library-detail\/index\?id=\d+/);
  await page.getByRole('tab', { name: '内容浏览' }).click();
  const tree = page.locator('.ccms-explorer-tree');
  await expect(tree.getByText('topics', { exact: true })).toBeVisible();
  await expect(tree.getByText('maps', { exact: true })).toBeVisible();
  const files = page.locator('.ccms-explorer-main .ant-table');
  await expect(files.getByRole('row', { name: /README\.md/ })).toContainText('Initial content');
  await files.getByText('topics', { exact: true }).click();
  await files.getByText('intro.dita', { exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'intro.dita' });
  await expect(viewer.getByTestId('file-content')).toContainText('Hello library');
  await expect(viewer.locator('.xml-tag', { hasText: 'topic' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Upload a zip package into topics/: a commit with the message asked for.
  await page.getByRole('button', { name: '上传包' }).click();
  const upload = page.getByRole('dialog', { name: '上传包' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'pkg.zip',
    mimeType: 'application/zip',
    buffer: await zipOf({ 'pkg/one.dita': TOPIC.replace('intro', 'one'), 'pkg/two.dita': TOPIC.replace('intro', 'two') }),
  });
  await upload.getByLabel('提交说明').fill(`Add package ${id}`);
  await upload.getByRole('button', { name: ok }).click();
  await expect(upload).toBeHidden();
  await expect(files.getByRole('row', { name: /pkg/ })).toContainText(`Add package ${id}`);
  await files.getByText('pkg', { exact: true }).click();
  await expect(files.getByRole('row', { name: /one\.dita/ })).toContainText(`Add package ${id}`);
  expect((await remote.subjects('docs', 'main'))[0]).toBe(`Add package ${id}`);
});

test('read granted to a role: its user browses but cannot upload', async ({ page, browser }) => {
  const roleName = `libread${id}`;
  const userName = `r${id}`;
  const password = 'secret123';
  // Explorer and library screens with all their buttons: only the library grant limits the user.
  const menuIds = [2100, 2101, 3030, 3031, 3032, 3033, 3034, 2102, 3040];
  const role = await admin.post(`${API}/system/role`, { data: { roleName, roleKey: roleName, roleSort: 9, status: '0', menuIds } });
  expect(((await role.json()) as { code: number }).code).toBe(200);
  const roles = (await (await admin.get(`${API}/system/role/list`, { params: { roleName, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { roleId: number }[];
  };
  const roleId = roles.rows[0]?.roleId ?? 0;
  const user = await admin.post(`${API}/system/user`, { data: { userName, nickName: `Reader ${id}`, password, roleIds: [roleId] } });
  expect(((await user.json()) as { code: number }).code).toBe(200);

  // The administrator grants read to the role on the Permission tab.
  await openSignedIn(page, '/content/library');
  await page.getByTestId('library-link').getByText(libraryName, { exact: true }).click();
  await page.getByRole('tab', { name: '权限' }).click();
  const form = page.locator('form[id=grant-form]');
  await form.getByLabel('授权对象', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(roleName, { exact: true }).click();
  await form.getByRole('button', { name: '添加授权' }).click();
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toContainText('读');

  // The role's user: sees the library and its files, the upload buttons are disabled.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto('/content/explorer');
  await signIn(reader, userName, password);
  await expect(reader.locator('.navbar')).toBeVisible();
  await expect(reader.locator('.ccms-explorer-main .ant-table').getByText('README.md')).toBeVisible();
  await expect(reader.getByRole('button', { name: '上传文件' })).toBeDisabled();
  await expect(reader.getByRole('button', { name: '上传包' })).toBeDisabled();

  // The server's own refusal of an upload by a read-only role (403, nothing reaches the remote) is
  // checked through the API in apps/server/src/modules/content/explorer/explorer.test.ts.
  await context.close();
});
