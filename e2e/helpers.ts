import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin123' };
export const API = '/prod-api';

/** Signs in through the login page (the page must show it). */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

/** Signs in through the API and hands the token to the browser as the app keeps it (cookie Admin-Token). */
export async function signInByApi(page: Page, username = ADMIN.username, password = ADMIN.password) {
  const res = await page.request.post(`${API}/login`, { data: { username, password } });
  const body = (await res.json()) as { code: number; token?: string; msg?: string };
  if (body.code !== 200 || !body.token) throw new Error(`sign-in failed: ${body.msg}`);
  await page.context().addCookies([{ name: 'Admin-Token', value: body.token, url: BASE_URL }]);
  return body.token;
}

/**
 * Opens `path` signed in and waits for the shell. The sign-in goes through the API (the sign-in
 * page has its own tests), which keeps each test short.
 */
export async function openSignedIn(page: Page, path = '/index') {
  await signInByApi(page);
  await page.goto(path);
  await expect(page.locator('.navbar')).toBeVisible();
}

/**
 * Resolves once the home page's dashboard has answered (call it before opening /index). A test that
 * ends the session must wait for it: network idle alone is no proof, since on a loaded machine the
 * page's script can run for over 500 ms between the shell's calls and the dashboard's, which then
 * meets the ended session and opens the expired-login dialog before the test clicks anything.
 */
export function dashboardAnswered(page: Page): Promise<unknown> {
  return page.waitForResponse((r) => r.url().endsWith(`${API}/ccms/dashboard`) && r.status() === 200);
}

/** The page's session token (cookie Admin-Token). */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('no Admin-Token cookie');
  return cookie.value;
}

/** A second, independent client signed in as the administrator. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const res = await anon.post(`${API}/login`, { data: ADMIN });
  const body = (await res.json()) as { code: number; token?: string };
  await anon.dispose();
  if (body.code !== 200 || !body.token) throw new Error(`admin sign-in failed: ${JSON.stringify(body)}`);
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${body.token}` } });
}

/**
 * An antd dialog that has finished its opening animation: a click on its OK button while it is
 * still zooming in can be lost on a loaded machine.
 */
export async function openedDialog(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-enter|ant-zoom-appear/);
  return dialog;
}

/**
 * An antd dialog that has closed, its mask faded out too: opening another dialog (or the same one
 * again) while the mask is still leaving has been seen to bring it up without a mask and with its
 * OK button out of reach on a loaded machine.
 */
export async function closedDialog(dialog: Locator): Promise<void> {
  await expect(dialog).toBeHidden();
  await expect(dialog.page().locator('.ant-modal-mask:visible')).toHaveCount(0);
}

/** Sets a system setting through the API and returns the value it had. */
export async function setConfig(api: APIRequestContext, key: string, value: string): Promise<string> {
  const list = (await (await api.get(`${API}/system/config/list`, { params: { configKey: key, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { configId: number; configName: string; configKey: string; configValue: string; configType: string; remark: string }[];
  };
  const row = list.rows.find((r) => r.configKey === key);
  if (!row) throw new Error(`no config ${key}`);
  const res = await api.put(`${API}/system/config`, {
    data: { configId: row.configId, configName: row.configName, configKey: key, configValue: value, configType: row.configType, remark: row.remark },
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`setting ${key} failed: ${body.msg}`);
  return row.configValue;
}

/** The session id inside a bearer token (the JWT's sid claim). */
export function sessionIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid?: string };
  if (!claims.sid) throw new Error('token has no session id');
  return claims.sid;
}

/** Layout settings as the drawer saves them, set before the app loads. */
export async function withLayoutSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((value) => {
    localStorage.setItem('layout-setting', value);
  }, JSON.stringify(settings));
}

/**
 * Opens an antd select by its field (the combobox input, e.g. from getByLabel) and picks an option
 * in the dropdown that field owns. Matching any visible dropdown is not enough: the previous
 * field's dropdown is still fading out when the next one opens, and its options match too.
 */
export async function pickOption(field: Locator, text: string | RegExp): Promise<void> {
  await field.click();
  let listId: string | null = null;
  await expect.poll(async () => (listId = await field.getAttribute('aria-controls'))).toBeTruthy();
  const dropdown = field.page().locator(`.ant-select-dropdown:has([id="${listId}"])`);
  // The click opens it: wait for it, or the loop below would find it "hidden" before it came up and
  // pick nothing (tool.spec's tree template once saved without its tree fields under load).
  await expect(dropdown).toBeVisible();
  // A click while the dropdown still slides in (or its list scrolls itself) can land beside the
  // option and choose nothing, leaving the dropdown open (compliance.spec, once under load): pick
  // again while it is still open. A pick that took closes it, so nothing is chosen twice.
  await expect(async () => {
    if (await dropdown.isVisible()) await dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 5_000 });
    await expect(dropdown).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Confirms the open antd confirm dialog (Modal.confirm) with its last button (OK), clicking again
 * while it stays open: a click during its entry animation can miss (download-center.spec, once under load).
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.locator('.ant-modal-confirm-btns').getByRole('button').last().click({ timeout: 5_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses a library in a page's library bar by its display text. The list is searched first: the
 * run's other specs leave many libraries, and the dropdown draws only the options in view.
 */
export async function chooseLibrary(page: Page, displayText: string): Promise<void> {
  const library = page.getByRole('combobox', { name: '库', exact: true });
  await library.click();
  await library.fill(displayText);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(displayText, { exact: true }).click();
}
