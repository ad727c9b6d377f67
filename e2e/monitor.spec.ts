import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API, adminApi, dashboardAnswered, sessionIdOf } from './helpers';

/** Signs in through the API and opens `path` with the session cookie: one app start instead of two. */
async function openWithSession(page: Page, request: APIRequestContext, path: string, baseURL = '') {
  const { token } = (await (await request.post(`${API}/login`, { data: ADMIN })).json()) as { token: string };
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  await page.goto(path);
  await expect(page.locator('.navbar')).toBeVisible();
  return token;
}

const ok = /^确\s*定$/;

test('force logout from Online users: the other browser gets the "Login has expired" dialog and re-login goes to /login', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Several screens and a real server round trip each: room for a loaded CI machine.
  test.slow();
  // The session to end: another browser, signed in as admin, in English.
  const other = await browser.newContext();
  const victim = await other.newPage();
  await victim.addInitScript(() => localStorage.setItem('language', 'en'));
  const dashboard = dashboardAnswered(victim);
  const sid = sessionIdOf(await openWithSession(victim, request, '/index', baseURL));
  await dashboard;

  try {
    await openWithSession(page, request, '/monitor/online', baseURL);
    await page.locator('.list-search').getByLabel('用户名称').fill('admin');
    await page.locator('.list-search button[type=submit]').click();
    const row = page.getByRole('row').filter({ hasText: sid });
    await row.getByRole('button', { name: '强退' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '系统提示' });
    await expect(confirm).toContainText('是否确认强退名称为“admin”的用户？');
    await confirm.getByRole('button', { name: ok }).click();
    await expect(page.getByText('强退成功')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: sid })).toHaveCount(0);

    // The ended session's next call answers 401: the dialog of spec section 8.
    await victim.locator('.avatar-wrapper').click();
    await victim.getByRole('menuitem', { name: 'Personal center' }).click();
    const expired = victim.getByRole('dialog').filter({ hasText: 'Login has expired, you can stay on this page or log in again' });
    await expect(expired).toBeVisible();
    await expired.getByRole('button', { name: 'Log in again' }).click();
    await expect(victim).toHaveURL(/\/login/);
  } finally {
    await other.close();
  }
});

test('the operation log detail shows a force logout: module, URL, method, pretty-printed result', async ({ page, request, baseURL }) => {
  // A force logout to look at: a fresh API session ended by the administrator.
  const login = (await (await request.post(`${API}/login`, { data: ADMIN })).json()) as { token: string };
  const admin = await adminApi(baseURL ?? '');
  expect((await (await admin.delete(`${API}/monitor/online/${sessionIdOf(login.token)}`)).json()).code).toBe(200);
  await admin.dispose();

  await openWithSession(page, request, '/system/log/operlog', baseURL);
  await page.locator('.list-search').getByLabel('操作类型').click();
  await page.locator('.ant-select-item-option', { hasText: '强退' }).click();
  await page.locator('.list-search button[type=submit]').click();
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('强退');
  await row.getByRole('button', { name: '详细' }).click();
  const dialog = page.getByRole('dialog', { name: '操作日志详细' });
  await expect(dialog).toContainText('/prod-api/monitor/online/');
  await expect(dialog).toContainText('DELETE');
  await expect(dialog.locator('pre').filter({ hasText: '"code": 200' })).toBeVisible();
});
