import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/oidc-provider';
import { ADMIN, API, adminApi, BASE_URL, closedDialog, openedDialog, openSignedIn, setConfig, signIn, signInByApi } from './helpers';

/**
 * Single sign-on against an OpenID Connect provider (the `oidc-provider` package) that this spec
 * starts on 127.0.0.1: the administrator sets it up on the config page, an unlinked identity is
 * refused, a user links their identity on /bind and then signs in with the provider button.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let op: TestOidcProvider;
let admin: APIRequestContext;
let privateBefore = '';
const userName = `sso${Date.now() % 100000}`;
const subject = `idp-${userName}`;

test.beforeAll(async () => {
  op = await startOidcProvider([`${BASE_URL}/auth-redirect`]);
  admin = await adminApi(BASE_URL);
  // The issuer is on 127.0.0.1: the server refuses loopback hosts unless the administrator allows them.
  privateBefore = await setConfig(admin, 'ccms.library.allowPrivateUrls', '127.0.0.1');
  // A database another run used may hold its settings: start from none.
  await admin.put(`${API}/system/sso/settings`, { data: { enabled: false, clearSecret: true } });
  const made = await admin.post(`${API}/system/user`, { data: { userName, nickName: `SSO ${userName}`, password: 'secret123' } });
  expect(((await made.json()) as { code: number }).code).toBe(200);
});

test.afterAll(async () => {
  await admin.put(`${API}/system/sso/settings`, { data: { enabled: false, clearSecret: true } });
  await setConfig(admin, 'ccms.library.allowPrivateUrls', privateBefore);
  await admin.dispose();
  await op.close();
});

/**
 * Clicks `button` and goes through the provider's own pages: signs in as `login` when asked and
 * confirms consent when asked (a provider session from before skips both), until the browser is
 * back in the app.
 */
async function throughProvider(page: Page, button: Locator, login: string) {
  const from = page.url();
  await button.click();
  const loginField = page.locator('input[name=login]');
  const consent = page.getByRole('button', { name: 'Continue' });
  const back = () => page.url().startsWith(BASE_URL) && page.url() !== from;
  await expect.poll(async () => back() || (await loginField.isVisible()) || (await consent.isVisible()), { timeout: 15_000 }).toBe(true);
  if (!back() && (await loginField.isVisible())) {
    await loginField.fill(login);
    await page.locator('input[name=password]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect.poll(async () => back() || (await consent.isVisible()), { timeout: 15_000 }).toBe(true);
  }
  if (!back()) await consent.click();
  await page.waitForURL((url) => url.href.startsWith(BASE_URL) && url.href !== from);
}

test('the administrator sets up the provider on the config page; the secret is only "set"', async ({ page }) => {
  await openSignedIn(page, '/system/config');
  await page.getByRole('button', { name: '单点登录' }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: '单点登录（OpenID Connect）设置' }));
  await expect(dialog.getByText('未设置', { exact: true })).toBeVisible();
  await dialog.getByLabel('启用').click();
  await dialog.getByLabel('身份提供方名称').fill('Test IdP');
  await dialog.getByLabel('颁发者（Issuer）地址').fill(op.issuer);
  await dialog.getByLabel('客户端 ID').fill(op.clientId);
  await dialog.locator('input[type=password]').fill(op.clientSecret);
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await closedDialog(dialog);

  // Opened afresh: what the server answers now, not what the form kept.
  await page.reload();
  await page.getByRole('button', { name: '单点登录' }).click();
  const again = await openedDialog(page.getByRole('dialog', { name: '单点登录（OpenID Connect）设置' }));
  await expect(again.getByText('已设置（留空则保持不变）')).toBeVisible();
  await expect(again.locator('input[type=password]')).toHaveValue('');
  await expect(again.getByLabel('颁发者（Issuer）地址')).toHaveValue(op.issuer);
  const settings = await (await admin.get(`${API}/system/sso/settings`)).text();
  expect(settings).not.toContain(op.clientSecret);
});

test('an identity linked to no account is refused with a clear message, in zh and en', async ({ page }) => {
  await page.goto('/login');
  await throughProvider(page, page.getByRole('button', { name: '使用 Test IdP 登录' }), 'stranger');
  await expect(page).toHaveURL(/\/auth-redirect\?/);
  await expect(page.getByRole('alert')).toHaveText(/^该身份未绑定任何账号/);
  await page.getByRole('link', { name: '返回登录' }).click();

  await page.getByRole('button', { name: 'English' }).click();
  await throughProvider(page, page.getByRole('button', { name: 'Sign in with Test IdP' }), 'stranger');
  await expect(page.getByRole('alert')).toHaveText(/^This identity is not linked to any account/);
  expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
});

test('a user links the identity on /bind, then signs in with the provider button', async ({ page }) => {
  await signInByApi(page, userName, 'secret123');
  await page.goto('/bind');
  await throughProvider(page, page.getByRole('button', { name: '绑定 Test IdP 账号' }), subject);
  await expect(page).toHaveURL(/\/bind\?bound=1$/);
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(page.getByText(subject, { exact: true })).toBeVisible();

  // Signed out, the provider button signs this user in.
  await page.context().clearCookies({ name: 'Admin-Token' });
  await page.goto('/login');
  await throughProvider(page, page.getByRole('button', { name: '使用 Test IdP 登录' }), subject);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.locator('.navbar')).toBeVisible();
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const info = (await (await page.request.get(`${API}/getInfo`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { user: { userName: string } };
  expect(info.user.userName).toBe(userName);

  // The profile shows the link and removes it.
  await page.goto('/user/profile');
  await page.getByRole('tab', { name: '第三方账号' }).click();
  await expect(page.getByText(subject, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '解除绑定' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已解除绑定')).toBeVisible();
  await expect(page.getByText('尚未绑定任何身份')).toBeVisible();
});

test('the password sign-in still works beside the provider button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '使用 Test IdP 登录' })).toBeVisible();
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/index$/);
});
