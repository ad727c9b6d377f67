import { expect, test } from '@playwright/test';
import { API, openSignedIn, signIn, tokenOf } from './helpers';

/** A short suffix that keeps names unique across runs on one server (user names are 3 to 10 characters). */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

/** antd spaces two-character labels; a loading icon may precede the text. */
const ok = /确\s*定$/;

test('a user whose role grants only the Posts list sees only that menu, no Add/Delete, and a direct add answers 403', async ({ page }) => {
  // Two screens and two sign-ins: more than one screen's budget.
  test.slow();
  const id = unique();
  const roleName = `岗位只读${id}`;
  const userName = `u${id}`;
  const password = 'secret123';

  // The administrator creates the role on the Roles screen, ticking only "Query post": Posts and
  // System become half ticked and are granted with it.
  await openSignedIn(page, '/system/role');
  await page.getByRole('button', { name: /新增$/ }).click();
  const roleDialog = page.getByRole('dialog', { name: '添加角色' });
  await roleDialog.getByLabel('角色名称').fill(roleName);
  await roleDialog.getByLabel('权限字符').fill(`postread${id}`);
  // The rights open grouped by activity; the menu tree is the other view.
  await roleDialog.getByText('按菜单').click();
  await roleDialog.getByText('展开/折叠').click();
  await roleDialog
    .locator('.ant-tree-treenode', { has: page.getByText('岗位查询', { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await expect(
    roleDialog.locator('.ant-tree-treenode', { has: page.getByText('岗位管理', { exact: true }) }).locator('.ant-tree-checkbox-indeterminate'),
  ).toBeVisible();
  await roleDialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await page.locator('.list-search').getByLabel('角色名称').fill(roleName);
  await page.locator('.list-search button[type=submit]').click();
  await expect(page.getByRole('cell', { name: roleName })).toBeVisible();

  // ... and the user on the Users screen, with that role.
  await page.goto('/system/user');
  await page.getByRole('button', { name: /新增$/ }).click();
  const userDialog = page.getByRole('dialog', { name: '添加用户' });
  await userDialog.getByLabel('用户昵称').fill(`只读${id}`);
  await userDialog.getByLabel('用户名称').fill(userName);
  await userDialog.getByLabel('用户密码').fill(password);
  await userDialog.getByLabel('角色').fill(roleName);
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  // Close the multiple select's list (it covers the dialog's buttons).
  await userDialog.getByText('添加用户').click();
  await userDialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await page.locator('.list-search').getByLabel('用户名称').fill(userName);
  await page.locator('.list-search button[type=submit]').click();
  await expect(page.getByRole('cell', { name: userName, exact: true })).toBeVisible();

  // Signed in as that user: Home, and System holding only Posts.
  await page.context().clearCookies();
  await page.goto('/login');
  await signIn(page, userName, password);
  const sidebar = page.locator('.sidebar-container');
  await expect(sidebar.getByText('首页')).toBeVisible();
  await expect(sidebar.locator('.ant-menu-root > li')).toHaveCount(2);
  await sidebar.getByText('系统管理').click();
  await expect(sidebar.getByRole('menuitem', { name: '岗位管理' })).toBeVisible();
  for (const hidden of ['用户管理', '角色管理', '菜单管理', '部门管理', '内容管理', '系统监控'])
    await expect(sidebar.getByText(hidden, { exact: true })).toHaveCount(0);

  // Posts opens without its Add, Edit and Delete buttons.
  await sidebar.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(page.getByRole('cell', { name: 'manager', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /新增$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /删除$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /修改$/ })).toHaveCount(0);

  // Calling the API directly with that user's token is refused, in the caller's language.
  const token = await tokenOf(page);
  const body = { postCode: `p${id}`, postName: `p${id}`, postSort: 1 };
  for (const [language, text] of [
    ['en', 'The current operation has no permission'],
    ['zh', '当前操作没有权限'],
  ] as const) {
    const res = await page.request.post(`${API}/system/post`, { data: body, headers: { Authorization: `Bearer ${token}`, 'Content-Language': language } });
    // As RuoYi answers: HTTP 200, the refusal in the body (sys.api.httpStatus is off by default).
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ code: 403, msg: text });
  }
});
