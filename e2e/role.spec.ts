import { expect, test } from '@playwright/test';
import { API, adminApi, openSignedIn } from './helpers';

/** antd spaces two-character labels; a loading icon may precede the text. */
const ok = /确\s*定$/;
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

interface Row {
  roleId: number;
  userId: number;
}

test('editing a role shows its granted menus as saved: a page without its buttons stays ticked alone', async ({ page, baseURL }) => {
  const id = unique();
  const roleName = `只读${id}`;
  const admin = await adminApi(baseURL ?? '');
  // Posts (104) and its query button (1020) under System (1): the server sends back only 1020 ticked.
  await admin.post(`${API}/system/role`, { data: { roleName, roleKey: `ro${id}`, roleSort: 5, menuIds: [1, 104, 1020] } });
  const { rows } = (await (await admin.get(`${API}/system/role/list?roleName=${encodeURIComponent(roleName)}`)).json()) as { rows: Row[] };
  const roleId = rows[0]?.roleId;

  await openSignedIn(page, '/system/role');
  await page.locator('.list-search').getByLabel('角色名称').fill(roleName);
  await page.locator('.list-search button[type=submit]').click();
  await page.getByRole('row').filter({ hasText: roleName }).getByRole('button', { name: /修改$/ }).click();
  const dialog = page.getByRole('dialog', { name: '修改角色' });
  await expect(dialog.getByLabel('角色名称')).toHaveValue(roleName);
  // The rights open grouped by activity; the menu tree is the other view, opened down to Posts.
  await dialog.getByText('按菜单').click();
  const treeNode = (title: string) => dialog.locator('.ant-tree-treenode', { has: page.getByText(title, { exact: true }) });
  // A click during the tree's opening motion can be lost: click a closed switcher until it is open.
  const expand = async (title: string) => {
    const switcher = treeNode(title).locator('.ant-tree-switcher');
    await expect(async () => {
      if (await switcher.evaluate((el) => el.classList.contains('ant-tree-switcher_close'))) await switcher.click();
      await expect(switcher).toHaveClass(/ant-tree-switcher_open/, { timeout: 1000 });
    }).toPass();
  };
  await expand('系统管理');
  await expand('岗位管理');
  const node = (title: string) => treeNode(title).locator('.ant-tree-checkbox');
  await expect(node('岗位查询')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(node('岗位管理')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(node('岗位新增')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await dialog.getByLabel('显示顺序').fill('6');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  const saved = (await (await admin.get(`${API}/system/role/${roleId}`)).json()) as { data: { roleSort: number; menuIds: number[] } };
  expect(saved.data.roleSort).toBe(6);
  expect([...saved.data.menuIds].sort((a, b) => a - b)).toEqual([1, 104, 1020]);
  await admin.delete(`${API}/system/role/${roleId}`);
  await admin.dispose();
});

/** A role (and a user) made through the API for one test; removed by `done`. */
async function fixture(baseURL: string | undefined, prefix: string) {
  const id = unique();
  const roleName = `${prefix}${id}`;
  const userName = `s${id}`;
  const admin = await adminApi(baseURL ?? '');
  await admin.post(`${API}/system/role`, { data: { roleName, roleKey: `k${id}`, roleSort: 7 } });
  await admin.post(`${API}/system/user`, { data: { userName, nickName: `成员${id}`, password: 'secret123' } });
  const { rows } = (await (await admin.get(`${API}/system/role/list?roleName=${encodeURIComponent(roleName)}`)).json()) as { rows: Row[] };
  const roleId = rows[0]?.roleId;
  const done = async () => {
    const users = (await (await admin.get(`${API}/system/user/list?userName=${userName}`)).json()) as { rows: Row[] };
    for (const u of users.rows) await admin.delete(`${API}/system/user/${u.userId}`);
    await admin.delete(`${API}/system/role/${roleId}`);
    await admin.dispose();
  };
  return { admin, roleId, roleName, userName, done };
}

test('the data scope dialog saves custom departments', async ({ page, baseURL }) => {
  const { admin, roleId, roleName, done } = await fixture(baseURL, '范围');
  await openSignedIn(page, '/system/role');
  await page.locator('.list-search').getByLabel('角色名称').fill(roleName);
  await page.locator('.list-search button[type=submit]').click();
  await page.getByRole('row').filter({ hasText: roleName }).getByRole('button', { name: /更多$/ }).click();
  await page.getByRole('menuitem', { name: /数据权限/ }).click();
  const dialog = page.getByRole('dialog', { name: '分配数据权限' });
  await expect(dialog.getByText('全部数据权限')).toBeVisible();
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '自定数据权限' }).click();
  await dialog.getByText('展开/折叠').click();
  await dialog
    .locator('.ant-tree-treenode', { has: page.getByText('写作组', { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  const scope = (await (await admin.get(`${API}/system/role/deptTree/${roleId}`)).json()) as { checkedKeys: number[] };
  expect(scope.checkedKeys).toEqual([103]);
  const role = (await (await admin.get(`${API}/system/role/${roleId}`)).json()) as { data: { dataScope: string } };
  expect(role.data.dataScope).toBe('2');
  await done();
});

test('the assign-users page adds users from the unallocated list and revokes them', async ({ page, baseURL }) => {
  const { roleId, roleName, userName, done } = await fixture(baseURL, '分配');
  await openSignedIn(page, '/system/role');
  await page.locator('.list-search').getByLabel('角色名称').fill(roleName);
  await page.locator('.list-search button[type=submit]').click();
  await page.getByRole('row').filter({ hasText: roleName }).getByRole('button', { name: /更多$/ }).click();
  await page.getByRole('menuitem', { name: /分配用户/ }).click();
  await expect(page).toHaveURL(new RegExp(`/system/role-auth/user/${roleId}$`));

  await page.getByRole('button', { name: /添加用户$/ }).click();
  const select = page.getByRole('dialog', { name: '选择用户' });
  await select.getByLabel('用户名称').fill(userName);
  await select.getByRole('button', { name: /搜\s*索$/ }).click();
  await select.getByRole('row').filter({ hasText: userName }).getByRole('checkbox').check();
  await select.getByRole('button', { name: ok }).click();
  await expect(page.getByText('授权成功')).toBeVisible();
  const allocated = page.locator('.list-page').getByRole('row').filter({ hasText: userName });
  await expect(allocated).toBeVisible();

  await allocated.getByRole('button', { name: /取消授权$/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确认要取消该用户“${userName}”角色吗？` })
    .getByRole('button', { name: ok })
    .click();
  await expect(page.getByText('取消授权成功')).toBeVisible();
  await expect(allocated).toHaveCount(0);
  await done();
});
