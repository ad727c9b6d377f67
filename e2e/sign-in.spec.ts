import { expect, test } from '@playwright/test';
import { openSignedIn, signIn } from './helpers';

test.describe('sign-in', () => {
  test('shows each validation message, in Chinese by default and in English', async ({ page }) => {
    await page.goto('/login');
    const submit = page.locator('button[type=submit]');
    await expect(submit).toHaveText('登 录');
    await submit.click();
    await expect(page.getByText('请输入您的账号')).toBeVisible();
    await expect(page.getByText('请输入您的密码')).toBeVisible();

    await page.getByRole('button', { name: 'English' }).click();
    await expect(submit).toHaveText('Log in');
    await expect(page.getByText('Please input user name.')).toBeVisible();
    await expect(page.getByText('Please input password', { exact: true })).toBeVisible();

    await page.locator('input[name=username]').fill('ab');
    await page.locator('input[name=password]').fill('12345');
    await expect(page.getByText('User name must be 3 to 10 characters')).toBeVisible();
    await expect(page.getByText('Password must be 6 to 15 characters')).toBeVisible();
    await page.locator('input[name=username]').fill('abcdefghijk');
    await page.locator('input[name=password]').fill('1234567890123456');
    await expect(page.getByText('User name must be 3 to 10 characters')).toBeVisible();
    await expect(page.getByText('Password must be 6 to 15 characters')).toBeVisible();
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('admin123');
    await expect(page.locator('.login-error:not(:empty)')).toHaveCount(0);
  });

  test('a wrong password is refused with the server message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await signIn(page, 'admin', 'wrong-pass1');
    await expect(page.getByText('Wrong user name or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('button[type=submit]')).toBeEnabled();
  });

  test('the right password opens the home page with the shell', async ({ page }) => {
    await openSignedIn(page, '/');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.locator('.sidebar-container')).toBeVisible();
    await expect(page).toHaveTitle('首页 - CCMS');
  });

  test('goes back to the page asked for after signing in', async ({ page }) => {
    await page.goto('/user/profile?tab=password');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/user/profile?tab=password')}`);
    await signIn(page);
    await expect(page).toHaveURL('/user/profile?tab=password');
    await expect(page.locator('.profile-page')).toBeVisible();
  });

  test('signed in, /login goes to the home page', async ({ page }) => {
    await openSignedIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/index$/);
  });
});
