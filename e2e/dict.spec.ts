import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API, adminApi } from './helpers';

const ok = /^确\s*定$/;
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

/** Signs in through the API and opens `path` with the session cookie: one app start instead of two. */
async function openWithSession(page: Page, request: APIRequestContext, path: string, baseURL = '') {
  const { token } = (await (await request.post(`${API}/login`, { data: ADMIN })).json()) as { token: string };
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  await page.goto(path);
  await expect(page.locator('.navbar')).toBeVisible();
  return token;
}

interface DictItem {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictLabelEn: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: string;
  status: string;
  remark: string;
}

test('an item edited on the dictionary data page shows with its label and tag style in the Notices list', async ({ page, request, baseURL }) => {
  // Several screens and a real server round trip each: room for a loaded CI machine.
  test.slow();
  const id = unique();
  const title = `字典联动${id}`;
  const label = `通知${id}`;
  const admin = await adminApi(baseURL ?? '');
  const items = (await (await admin.get(`${API}/system/dict/data/list?dictType=sys_notice_type&pageSize=50`)).json()) as { rows: DictItem[] };
  const original = items.rows.find((r) => r.dictValue === '1');
  if (!original) throw new Error('sys_notice_type has no item 1');
  expect((await (await admin.post(`${API}/system/notice`, { data: { noticeTitle: title, noticeType: '1', status: '0' } })).json()).code).toBe(200);

  try {
    // Dictionaries: the type's name opens its items.
    await openWithSession(page, request, '/system/dict', baseURL);
    await page.locator('.list-search').getByLabel('字典类型').fill('sys_notice_type');
    await page.locator('.list-search button[type=submit]').click();
    await page.getByRole('link', { name: 'sys_notice_type' }).click();
    await expect(page).toHaveURL(/\/system\/dict-data\/index\/\d+$/);

    // Edit item "1": a new Chinese label and the danger style, previewed before saving.
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) });
    await row.getByRole('button', { name: /修\s*改/ }).click();
    const dialog = page.getByRole('dialog', { name: '修改字典数据' });
    await expect(dialog.getByLabel('中文标签')).toHaveValue(original.dictLabel);
    await dialog.getByLabel('中文标签').fill(label);
    await dialog.getByLabel('回显样式').click();
    await page.locator('.ant-select-item-option', { hasText: '危险' }).click();
    await expect(dialog.getByTestId('dict-preview').locator('.ant-tag-error', { hasText: label })).toBeVisible();
    await dialog.getByRole('button', { name: ok }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator('.ant-tag-error', { hasText: label })).toBeVisible();

    // Notices, opened from the menu (no reload): the type column of the notice reads the changed item.
    const sidebar = page.locator('.sidebar-container');
    const notices = sidebar.getByRole('menuitem', { name: '通知公告' });
    if (!(await notices.isVisible())) await sidebar.getByRole('menuitem', { name: '系统管理' }).click();
    await notices.click();
    const notice = page.getByRole('row').filter({ hasText: title });
    await expect(notice.locator('.ant-tag-error', { hasText: label })).toBeVisible();
  } finally {
    await admin.put(`${API}/system/dict/data`, { data: original });
    const list = (await (await admin.get(`${API}/system/notice/list?noticeTitle=${encodeURIComponent(title)}`)).json()) as { rows: { noticeId: number }[] };
    for (const n of list.rows) await admin.delete(`${API}/system/notice/${n.noticeId}`);
    await admin.dispose();
  }
});
