import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers';

test('language: Chinese by default, the switch keeps the page and survives a reload', async ({ page }) => {
  await openSignedIn(page, '/user/profile');
  await expect(page.locator('.app-breadcrumb')).toContainText('个人中心');
  await expect(page.locator('.sidebar-container')).toContainText('系统管理');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');

  await page.locator('.lang-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.locator('.app-breadcrumb')).toContainText('Personal center');
  // Menu titles come from the server's titles in both languages.
  await expect(page.locator('.sidebar-container')).toContainText('System');
  await expect(page).toHaveTitle('Personal center - CCMS');

  await page.reload();
  await expect(page.locator('.app-breadcrumb')).toContainText('Personal center');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Parameters have English names on English screens.
  await page.goto('/system/config');
  await expect(page.getByRole('cell', { name: 'Account self-service - captcha' })).toBeVisible();
  await page.goto('/user/profile');

  await page.locator('.lang-switch').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.locator('.app-breadcrumb')).toContainText('个人中心');
  await expect(page).toHaveURL(/\/user\/profile$/);
});
