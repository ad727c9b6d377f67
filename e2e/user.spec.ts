import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API, adminApi, openSignedIn } from './helpers';

/** antd spaces two-character labels; a loading icon may precede the text. */
const ok = /确\s*定$/;
/** User names are 3 to 10 characters: a letter and a short unique suffix. */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

interface Config {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark: string;
}

interface UserRow {
  userId: number;
  userName: string;
  nickName: string;
}

/** Finds the user by name with the list's search form. */
async function search(page: Page, userName: string) {
  await page.locator('.list-search').getByLabel('用户名称').fill(userName);
  await page.locator('.list-search button[type=submit]').click();
}

test('the administrator adds a user in a department, then disables and deletes it', async ({ page }) => {
  const userName = `a${unique()}`;
  await openSignedIn(page, '/system/user');

  // Picking a department filters the list and preselects it for a new user.
  await page.locator('.dept-panel').getByText('写作组', { exact: true }).click();
  await page.getByRole('button', { name: /新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '添加用户' });
  await expect(dialog.locator('.ant-select-content', { hasText: '写作组' })).toBeVisible();
  await dialog.getByLabel('用户昵称').fill('作者甲');
  await dialog.getByLabel('用户名称').fill('ab');
  await dialog.getByLabel('用户密码').fill('123');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog.getByText('用户名称长度必须介于 3 和 10 之间')).toBeVisible();
  await expect(dialog.getByText('用户密码长度必须介于 6 和 15 之间')).toBeVisible();
  await dialog.getByLabel('用户名称').fill(userName);
  await dialog.getByLabel('用户密码').fill('secret123');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  // The list keeps the order of ids: with the users other tests add to this department, the new one
  // can be past the first page, so it is looked up by name.
  await search(page, userName);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
  await expect(row.getByRole('cell', { name: '写作组' })).toBeVisible();

  // The status switch asks first.
  await row.getByRole('switch').click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确认要“停用”“${userName}”用户吗？` });
  await expect(confirm).toContainText('系统提示');
  await confirm.getByRole('button', { name: ok }).click();
  await expect(page.getByText('停用成功')).toBeVisible();
  await expect(row.getByRole('switch')).not.toBeChecked();

  // Deleting asks too.
  await row.getByRole('button', { name: /删除$/ }).click();
  await page.getByRole('dialog').filter({ hasText: '是否确认删除用户编号为' }).getByRole('button', { name: ok }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('saving a user someone else saved meanwhile shows the conflict and reloads it', async ({ page, baseURL }) => {
  const userName = `c${unique()}`;
  const admin = await adminApi(baseURL ?? '');
  expect((await (await admin.post(`${API}/system/user`, { data: { userName, nickName: '原名', password: 'secret123' } })).json()).code).toBe(200);
  const { rows } = (await (await admin.get(`${API}/system/user/list?userName=${userName}`)).json()) as { rows: UserRow[] };
  const userId = rows[0]?.userId;

  await openSignedIn(page, '/system/user');
  await search(page, userName);
  await page.getByRole('row').filter({ hasText: userName }).getByRole('button', { name: /修改$/ }).click();
  const dialog = page.getByRole('dialog', { name: '修改用户' });
  await expect(dialog.getByLabel('用户昵称')).toHaveValue('原名');

  // Another administrator saves the user first.
  const form = (await (await admin.get(`${API}/system/user/${userId}`)).json()) as { data: { version: number } };
  expect((await (await admin.put(`${API}/system/user`, { data: { userId, nickName: '他人改名', version: form.data.version } })).json()).code).toBe(200);

  await dialog.getByLabel('用户昵称').fill('我的改名');
  await dialog.getByRole('button', { name: ok }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: '该用户已被他人修改' });
  await expect(conflict).toBeVisible();
  await expect(dialog.getByRole('button', { name: ok })).toBeDisabled();
  await conflict.getByRole('button', { name: /重新加载$/ }).click();
  await expect(dialog.getByLabel('用户昵称')).toHaveValue('他人改名');
  await expect(conflict).toHaveCount(0);
  await dialog.getByLabel('用户昵称').fill('我的改名');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByRole('cell', { name: '我的改名' })).toBeVisible();
  await admin.delete(`${API}/system/user/${userId}`);
  await admin.dispose();
});

test('the assign-roles page saves the ticked roles', async ({ page, baseURL }) => {
  const userName = `r${unique()}`;
  const admin = await adminApi(baseURL ?? '');
  await admin.post(`${API}/system/user`, { data: { userName, nickName: '分配', password: 'secret123' } });
  const { rows } = (await (await admin.get(`${API}/system/user/list?userName=${userName}`)).json()) as { rows: UserRow[] };
  const userId = rows[0]?.userId;

  await openSignedIn(page, `/system/user-auth/role/${userId}`);
  await expect(page.getByText(userName)).toBeVisible();
  // The roles are paged (10 a page): walk to the common role.
  const common = page.getByRole('checkbox', { name: '普通角色' });
  for (let i = 0; i < 5 && !(await common.isVisible()); i++) await page.locator('.ant-pagination-next').click();
  await common.check();
  await page.getByRole('button', { name: /提\s*交$/ }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  const auth = (await (await admin.get(`${API}/system/user/authRole/${userId}`)).json()) as { roles: { roleKey: string; flag: boolean }[] };
  expect(auth.roles.find((r) => r.roleKey === 'common')?.flag).toBe(true);
  await admin.delete(`${API}/system/user/${userId}`);
  await admin.dispose();
});

test('an Excel import lists the outcome of every row', async ({ page, baseURL }) => {
  const userName = `i${unique()}`;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('user');
  sheet.addRow(['deptId', 'userName', 'nickName', 'sex', 'status']);
  sheet.addRow([103, userName, '导入者', '女', '正常']);
  sheet.addRow([100, 'admin', '重复', '男', '正常']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  // New users get the configured initial password: set one for the import, put it back after.
  const admin = await adminApi(baseURL ?? '');
  const configs = (await (await admin.get(`${API}/system/config/list?configKey=sys.user.initPassword`)).json()) as { rows: Config[] };
  const config = configs.rows[0];
  if (!config) throw new Error('no sys.user.initPassword parameter');
  await admin.put(`${API}/system/config`, { data: { ...config, configValue: 'init12345' } });
  try {
    await openSignedIn(page, '/system/user');
    await page.getByRole('button', { name: /导入$/ }).click();
    const dialog = page.getByRole('dialog', { name: '用户导入' });
    await expect(dialog.getByRole('button', { name: '下载模板' })).toBeVisible();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await dialog.getByRole('button', { name: ok }).click();
    await expect(dialog.getByText('导入完成：成功 1 条，失败 1 条')).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: userName })).toContainText('成功');
    await expect(dialog.getByRole('row').filter({ hasText: '第 3 行：账号“admin”已存在' })).toContainText('失败');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭$/ })
      .click();
    await search(page, userName);
    await expect(page.locator('.list-page').getByRole('row').filter({ hasText: userName })).toContainText('导入者');
  } finally {
    await admin.put(`${API}/system/config`, { data: config });
    await admin.dispose();
  }
});
