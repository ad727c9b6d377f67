import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers';

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

test('a menu added on the Menus screen appears in the sidebar after a reload, with the icon picked for it', async ({ page }) => {
  // Three page loads (list, reload, the new menu's page) and the whole icon set: more than 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const id = unique();
  const name = `测试菜单${id}`;
  await openSignedIn(page, '/system/menu');
  await page.getByRole('button', { name: /新增$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: '添加菜单' });
  await expect(dialog.getByText('主类目')).toBeVisible();
  await dialog.getByRole('radio', { name: '菜单', exact: true }).check();

  // The icon picker: search the antd set, pick one; the field keeps its name.
  await dialog.getByPlaceholder('点击选择图标').click();
  await page.getByPlaceholder('搜索图标名称').fill('rocket');
  await page.locator('button[title="RocketOutlined"]').click();
  await expect(dialog.getByPlaceholder('点击选择图标')).toHaveValue('RocketOutlined');

  await dialog.getByLabel('菜单名称').fill(name);
  await dialog.getByLabel('英文名称').fill(`E2E menu ${id}`);
  await dialog.getByLabel('显示排序').fill('95');
  await dialog.getByLabel('路由地址').fill(`e2e${id}`);
  await dialog.getByLabel('组件路径').fill('system/post/index');
  await dialog.getByRole('button', { name: /确\s*定$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await page.reload();
  const item = page.locator('.sidebar-container').getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  await expect(item.locator('[data-icon="rocket"]')).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/e2e${id}$`));
  await expect(page.getByRole('cell', { name: 'manager', exact: true })).toBeVisible();
});
