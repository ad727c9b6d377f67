import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API, adminApi } from './helpers';

/** Signs in through the API and opens `path` with the session cookie: one app start instead of two. */
async function openWithSession(page: Page, request: APIRequestContext, path: string, baseURL = '') {
  const { token } = (await (await request.post(`${API}/login`, { data: ADMIN })).json()) as { token: string };
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  await page.goto(path);
  await expect(page.locator('.navbar')).toBeVisible();
  return token;
}

const ok = /^确\s*定$/;
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;

test('a job made on the screen with session.purgeExpired runs once and its row shows on the job log page', async ({ page, request, baseURL }) => {
  // Several screens and a real server round trip each: room for a loaded CI machine.
  test.slow();
  const name = `清理会话${unique()}`;
  try {
    await openWithSession(page, request, '/monitor/job', baseURL);
    await page.getByRole('button', { name: /新增$/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加任务' });
    await dialog.getByLabel('任务名称').fill(name);
    await dialog.getByLabel('调用目标').click();
    await page.locator('.ant-select-item-option', { hasText: 'session.purgeExpired' }).click();
    await expect(dialog.getByText('清理过期会话')).toBeVisible();

    // The cron helper: every day at 03:00, previewed as five runs at 03:00:00.
    await dialog.getByRole('button', { name: '生成表达式' }).click();
    const cron = page.getByRole('dialog', { name: 'Cron 表达式生成器' });
    await cron.getByRole('tab', { name: '分钟' }).click();
    await cron.getByRole('tabpanel').getByText('指定').click();
    await cron.getByRole('tabpanel').getByRole('checkbox', { name: '00' }).check();
    await cron.getByRole('tab', { name: '小时' }).click();
    await cron.getByRole('tabpanel').getByText('指定').click();
    await cron.getByRole('tabpanel').getByRole('checkbox', { name: '03' }).check();
    await expect(cron.getByTestId('cron-expression')).toHaveText('0 0 3 * * ?');
    await expect(cron.getByTestId('cron-runs').locator('li')).toHaveCount(5);
    await expect(cron.getByTestId('cron-runs').locator('li').first()).toContainText('03:00:00');
    await cron.getByRole('button', { name: ok }).click();
    await expect(dialog.getByLabel('cron 执行表达式')).toHaveValue('0 0 3 * * ?');

    await dialog.getByRole('button', { name: ok }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('session.purgeExpired');

    // Run once, then its log.
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '执行一次' }).click();
    await page.getByRole('dialog').filter({ hasText: '系统提示' }).getByRole('button', { name: ok }).click();
    await expect(page.getByText('执行成功')).toBeVisible();
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '调度日志' }).click();
    await expect(page).toHaveURL(/\/monitor\/job-log\/index\?jobId=\d+$/);
    await expect(page.getByText(`任务：${name}`)).toBeVisible();

    const logRow = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(async () => {
      await page.getByRole('button', { name: '刷新' }).click();
      await expect(logRow.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(logRow.first()).toContainText('session.purgeExpired');
    await expect(logRow.first()).toContainText('成功');
  } finally {
    const admin = await adminApi(baseURL ?? '');
    const jobs = (await (await admin.get(`${API}/monitor/job/list?jobName=${encodeURIComponent(name)}`)).json()) as { rows: { jobId: number }[] };
    for (const j of jobs.rows) await admin.delete(`${API}/monitor/job/${j.jobId}`);
    await admin.dispose();
  }
});

test('a refused cron expression is named by its label under its field (issue 38, item 16)', async ({ page, request, baseURL }) => {
  // A real server round trip: room for a loaded CI machine, as above.
  test.slow();
  await openWithSession(page, request, '/monitor/job', baseURL);
  await page.getByRole('button', { name: /新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '添加任务' });
  await dialog.getByLabel('任务名称').fill(`坏表达式${unique()}`);
  await dialog.getByLabel('调用目标').click();
  await page.locator('.ant-select-item-option', { hasText: 'session.purgeExpired' }).click();
  await dialog.getByLabel('cron 执行表达式').fill('every minute');
  await dialog.getByRole('button', { name: ok }).click();
  // The server's refusal names the field as the form does ("cron 执行表达式", not "cronExpression") and shows under it.
  const refusal = dialog.locator('.ant-form-item-explain-error', { hasText: 'cron 执行表达式：Cron表达式不正确' });
  await expect(refusal).toBeVisible();
  await expect(dialog.getByText(/cronExpression/)).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
