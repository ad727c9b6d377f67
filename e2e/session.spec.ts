import { expect, type Page, test } from '@playwright/test';
import { API, adminApi, dashboardAnswered, openSignedIn, sessionIdOf, tokenOf } from './helpers';

/** Opens the home page once its calls are done, so only the calls the test makes meet the ended session. */
async function openHome(page: Page) {
  const dashboard = dashboardAnswered(page);
  await openSignedIn(page, '/index');
  await dashboard;
  await page.waitForLoadState('networkidle');
}

test('a session ended from elsewhere gets the 401 dialog once; re-login goes to the sign-in page', async ({ page, baseURL }) => {
  await openHome(page);
  const token = await tokenOf(page);

  // Another administrator forces this session out (Online users), or it signs out itself.
  const admin = await adminApi(baseURL ?? '');
  const forced = await admin.delete(`${API}/monitor/online/${sessionIdOf(token)}`);
  const answer = (await forced.json()) as { code: number; status?: number };
  if ((answer.status ?? answer.code) === 404) await admin.post(`${API}/logout`, { headers: { Authorization: `Bearer ${token}` } });
  else expect(answer.code).toBe(200);
  await admin.dispose();

  // The profile page's call fails with 401: the dialog.
  await page.locator('.avatar-wrapper').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('系统提示');

  // Another 401 while it is open: still one dialog.
  await page.goBack();
  const again = page.waitForResponse(
    async (r) => r.url().endsWith('/prod-api/system/user/profile') && ((await r.json().catch(() => null)) as { code?: number } | null)?.code === 401,
  );
  await page.goForward();
  await again;
  await expect(page.getByText('登录状态已过期，您可以继续留在该页面，或者重新登录')).toHaveCount(1);

  // Stay: the dialog closes, the page stays.
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/profile$/);

  // Reloading with the dead session signs out and shows the sign-in page.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
});

test('re-login from the dialog signs out and opens the sign-in page', async ({ page, baseURL }) => {
  await openHome(page);
  const token = await tokenOf(page);
  const admin = await adminApi(baseURL ?? '');
  await admin.post(`${API}/logout`, { headers: { Authorization: `Bearer ${token}` } });
  await admin.dispose();

  await page.locator('.avatar-wrapper').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '登录状态已过期' });
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
  expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
});
