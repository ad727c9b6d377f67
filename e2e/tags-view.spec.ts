import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, withLayoutSettings } from './helpers';

const tabs = (page: Page) => page.locator('.tags-view-item');
const tab = (page: Page, path: string) => page.locator(`.tags-view-item[data-path="${path}"]`);
const tabPaths = (page: Page) => tabs(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));

const DOCTYPE = '/manager/doctype';
const TEMPLATE = '/manager/template';
const PRODUCT = '/manager/settings/product';
const PROFILE = '/user/profile';

/** Opens a menu item the way a user does, expanding its submenus when closed. */
async function openMenu(page: Page, labels: string[]) {
  const sidebar = page.locator('.sidebar-container');
  for (const [i, label] of labels.entries()) {
    const next = labels[i + 1];
    if (next && (await sidebar.getByText(next, { exact: true }).isVisible())) continue;
    await sidebar.getByText(label, { exact: true }).click();
  }
}

/** Visits four pages in the app (tabs live in memory, so no reloads). */
async function visitAll(page: Page) {
  // Each page shows (its tab turns active) before the next click, as a user would see it.
  await openMenu(page, ['系统配置', '文档类型']);
  await expect(tab(page, DOCTYPE)).toHaveClass(/active/);
  await openMenu(page, ['系统配置', '模板']);
  await expect(tab(page, TEMPLATE)).toHaveClass(/active/);
  await openMenu(page, ['系统配置', '设置', '产品']);
  await expect(tab(page, PRODUCT)).toHaveClass(/active/);
  await page.locator('.avatar-wrapper').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(PROFILE);
  await expect(tab(page, PROFILE)).toHaveClass(/active/);
  expect(await tabPaths(page)).toEqual(['/index', DOCTYPE, TEMPLATE, PRODUCT, PROFILE]);
}

async function menuFor(page: Page, path: string) {
  await page.mouse.click(700, 780);
  await tab(page, path).click({ button: 'right' });
  const menu = page.locator('.contextmenu');
  await expect(menu).toBeVisible();
  return menu;
}

test.beforeEach(async ({ page }) => {
  await withLayoutSettings(page, { tagsView: true });
  await openSignedIn(page);
});

test('the tag bar pins home and hides menu items that cannot apply', async ({ page }) => {
  await visitAll(page);
  await expect(tab(page, '/index').locator('.tags-view-close')).toHaveCount(0);
  await expect(tab(page, DOCTYPE).locator('.tags-view-close')).toHaveCount(1);
  await expect((await menuFor(page, '/index')).getByRole('menuitem')).toHaveText(['刷新页面', '关闭其他', '关闭右侧', '全部关闭']);
  await expect((await menuFor(page, DOCTYPE)).getByRole('menuitem')).toHaveText(['刷新页面', '关闭当前', '关闭其他', '关闭右侧', '全部关闭']);
  await expect((await menuFor(page, TEMPLATE)).getByRole('menuitem')).toHaveText(['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '关闭右侧', '全部关闭']);
  await expect((await menuFor(page, PROFILE)).getByRole('menuitem')).toHaveText(['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '全部关闭']);
  // The menu hides when the bar scrolls.
  await page.locator('.tags-view-wrapper').dispatchEvent('scroll');
  await expect(page.locator('.contextmenu')).toBeHidden();
});

test('close right, left and others keep the pinned tab and the chosen one', async ({ page }) => {
  await visitAll(page);
  await (await menuFor(page, PRODUCT)).getByRole('menuitem', { name: '关闭右侧' }).click();
  expect(await tabPaths(page)).toEqual(['/index', DOCTYPE, TEMPLATE, PRODUCT]);
  // The active tab was closed: the last remaining one opens.
  await expect(page).toHaveURL(PRODUCT);
  await (await menuFor(page, TEMPLATE)).getByRole('menuitem', { name: '关闭左侧' }).click();
  expect(await tabPaths(page)).toEqual(['/index', TEMPLATE, PRODUCT]);
  await expect(page).toHaveURL(PRODUCT);
  await (await menuFor(page, TEMPLATE)).getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page).toHaveURL(TEMPLATE);
  expect(await tabPaths(page)).toEqual(['/index', TEMPLATE]);
});

test('close current, middle-click and close all; where each goes', async ({ page }) => {
  await visitAll(page);
  await tab(page, PROFILE).locator('.tags-view-close').click();
  await expect(page).toHaveURL(PRODUCT);
  await tab(page, PRODUCT).click({ button: 'middle' });
  await expect(page).toHaveURL(TEMPLATE);
  expect(await tabPaths(page)).toEqual(['/index', DOCTYPE, TEMPLATE]);
  await (await menuFor(page, DOCTYPE)).getByRole('menuitem', { name: '关闭当前' }).click();
  expect(await tabPaths(page)).toEqual(['/index', TEMPLATE]);
  await expect(page).toHaveURL(TEMPLATE);
  await (await menuFor(page, TEMPLATE)).getByRole('menuitem', { name: '全部关闭' }).click();
  expect(await tabPaths(page)).toEqual(['/index']);
  await expect(page).toHaveURL(/\/index$/);
});

test('refresh reloads the page in place', async ({ page }) => {
  await page.locator('.avatar-wrapper').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page.locator('.profile-page')).toBeVisible();
  await (await menuFor(page, PROFILE)).getByRole('menuitem', { name: '刷新页面' }).click();
  await expect(page).toHaveURL(PROFILE);
  await expect(page.locator('.profile-page')).toBeVisible();
  await expect(tab(page, PROFILE)).toHaveClass(/active/);
});
