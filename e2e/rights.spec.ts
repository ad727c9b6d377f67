import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Least rights on screen: a user holding the seeded publisher role opens a library's publish
 * configuration and sees it; a user who may read the library but lacks the right behind that list
 * is told which right is missing (not "no publish configuration"), and the project selector says
 * so too instead of vanishing.
 */
test.describe.configure({ mode: 'serial' });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const PASSWORD = 'secret123';
const id = unique();

let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;

async function data<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T; rows?: T };
  if (body.code !== 200) throw new Error(body.msg);
  return (body.data ?? body.rows) as T;
}

/** A user holding exactly these roles. */
async function userWithRoles(userName: string, roleIds: number[]) {
  await data(admin.post(`${API}/system/user`, { data: { userName, nickName: userName, password: PASSWORD, roleIds } }));
  const [user] = await data<{ userId: number }[]>(admin.get(`${API}/system/user/list`, { params: { userName } }));
  return user?.userId ?? 0;
}

const openConfigs = async (page: Page, userName: string) => {
  await signInByApi(page, userName, PASSWORD);
  await page.goto(`/ccms/library-detail/index?id=${libraryId}&tab=publishConfig`);
  await expect(page.locator('.navbar')).toBeVisible();
};

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { manual: { 'manual.ditamap': '<map><title>Manual</title></map>\n' } },
  });
  admin = await adminApi(baseURL ?? '');
  const library = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `rights_${id}`,
        displayText: `Rights ${id}`,
        libraryType: 'DITA',
        url: remote.url('manual'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: 'git', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  libraryId = library.libraryId;
  await data(
    admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: `web_${id}`, format: 'html5', lang: 'en', publishPath: 'preview' } }),
  );
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('a publisher opens the library’s publish configuration and sees it', async ({ page }) => {
  const [publisher] = await data<{ roleId: number }[]>(admin.get(`${API}/system/role/list`, { params: { roleKey: 'publisher' } }));
  const userName = `pb${id}`;
  await userWithRoles(userName, [publisher?.roleId ?? 0]);
  // The role's members get the library at the publish level.
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'role', granteeId: publisher?.roleId, level: 'publish' } }));
  await openConfigs(page, userName);
  await expect(page.getByRole('cell', { name: `web_${id}`, exact: true })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
});

test('a user without the right behind the list is told which right it is, and the project selector says so too', async ({ page }) => {
  // Libraries with only the list right (no "Query library"), and a read grant on this library.
  const roleName = `libl${id}`;
  await data(admin.post(`${API}/system/role`, { data: { roleName, roleKey: roleName, roleSort: 9, status: '0', menuIds: [2100, 2102] } }));
  const [role] = await data<{ roleId: number }[]>(admin.get(`${API}/system/role/list`, { params: { roleName } }));
  const userName = `nl${id}`;
  const userId = await userWithRoles(userName, [role?.roleId ?? 0]);
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'user', granteeId: userId, level: 'read' } }));
  await openConfigs(page, userName);
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByRole('alert')).toHaveText('需要权限“库 › 库查询”（ccms:library:query）才能查看此内容');
  await expect(tab.getByText('暂无数据')).toHaveCount(0);
  // The project list was refused too: the selector stays, disabled, naming its right.
  const selector = page.locator('.project-selector');
  await expect(selector).toContainText('项目：无权限');
  await selector.hover();
  await expect(page.getByRole('tooltip')).toHaveText('需要权限“内容管理 › 项目”（ccms:project:list）才能查看此内容');
});
