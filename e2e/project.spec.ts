import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API, adminApi, closedDialog, openedDialog, openSignedIn } from './helpers';

/**
 * Work tracking on screen: a project with a category, a release on its detail, a plan with two
 * tasks; completing a task moves the plan's progress; with the plan disabled, deleting a task
 * is refused with the spec's message.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
// The OK button's name may start with "loading": antd leaves the spinner of the last save in the
// button (its leave motion never ends while the dialog is hidden) when the same dialog reopens.
const ok = /(^|loading )确\s*定$/;
const projectTitle = `Manual ${id}`;
const categoryName = `Category ${id}`;

let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  const res = await admin.post(`${API}/ccms/project/dictData/add`, { data: { name: categoryName, value: `cat_${id}`, sort: 1 } });
  expect(((await res.json()) as { code: number }).code).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Picks an option of an antd select (opened by clicking its field). */
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

test('project, release, plan and tasks: progress follows, a refused delete shows the message', async ({ page }) => {
  await openSignedIn(page, '/content/project');

  // The project, with its category from the dictionary.
  await page.getByRole('button', { name: /新增$/ }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: '添加项目' }));
  await dialog.getByLabel('项目标题', { exact: true }).fill(projectTitle);
  await dialog.getByLabel('项目代号').fill(`m${id}`);
  await pick(page, dialog.getByLabel('项目类别'), categoryName);
  await dialog.getByLabel('版本', { exact: true }).fill('1.0');
  await dialog.getByLabel('源分支', { exact: true }).fill('main');
  await dialog.getByLabel('项目分支', { exact: true }).fill(`project/${id}`);
  await dialog.getByRole('button', { name: ok }).click();
  await closedDialog(dialog);
  const link = page.getByTestId('project-link').getByText(projectTitle, { exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(projectTitle) })).toContainText(categoryName);
  // The top bar selector lists the open projects.
  await expect(page.locator('.project-selector')).toBeVisible();

  // Its detail: a release on the release tab.
  await link.click();
  await expect(page).toHaveURL(/\/ccms\/projectDetail\/index\?id=\d+/);
  await expect(page.getByText(categoryName).first()).toBeVisible();
  await page.getByRole('tab', { name: '版本' }).click();
  await page.getByRole('button', { name: /新增$/ }).click();
  const release = await openedDialog(page.getByRole('dialog', { name: '添加版本' }));
  await release.getByLabel('版本标题').fill(`R1 ${id}`);
  await release.getByRole('button', { name: ok }).click();
  await closedDialog(release);
  await expect(page.getByRole('row', { name: new RegExp(`R1 ${id}`) })).toBeVisible();

  // A plan in the project list tab, in that release.
  await page.getByRole('tab', { name: '项目列表' }).click();
  const plans = page.getByTestId('project-plans');
  await plans.getByRole('button', { name: /新增$/ }).click();
  const plan = await openedDialog(page.getByRole('dialog', { name: '添加计划' }));
  await plan.getByLabel('计划标题').fill(`Plan ${id}`);
  await pick(page, plan.getByLabel('版本'), `R1 ${id}`);
  await plan.getByRole('button', { name: ok }).click();
  await closedDialog(plan);
  await plans.getByTestId('plan-link').getByText(`Plan ${id}`, { exact: true }).click();
  await expect(page).toHaveURL(/\/ccms\/staging\/planDetail\?id=\d+/);

  // Two tasks on the plan's detail (scoped to it: the project page may still be leaving).
  const planTasks = page.getByTestId('plan-tasks');
  for (const title of [`Task A ${id}`, `Task B ${id}`]) {
    await planTasks.getByRole('button', { name: /新增$/ }).click();
    const task = await openedDialog(page.getByRole('dialog', { name: '添加任务' }));
    await task.getByLabel('任务标题').fill(title);
    await task.getByLabel('预计工时').fill('4');
    await task.getByRole('button', { name: ok }).click();
    await closedDialog(task);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  }
  const progress = page.getByTestId('plan-progress');
  await expect(progress).toContainText('0%');

  // Completing one of two tasks: the plan is half done.
  await page
    .getByRole('row', { name: new RegExp(`Task A ${id}`) })
    .getByTestId('task-complete')
    .click();
  await expect(page.getByRole('row', { name: new RegExp(`Task A ${id}`) })).toContainText('已完成');
  await expect(progress).toContainText('50%');

  // Disable the plan (confirmed), then try to delete a task: refused with the message.
  await page.getByTestId('plan-enable').click();
  const disable = await openedDialog(page.getByRole('dialog').filter({ hasText: '确认要停用计划' }));
  await disable.getByRole('button', { name: ok }).click();
  await expect(page.getByTestId('plan-enable')).not.toBeChecked();
  await page
    .getByRole('row', { name: new RegExp(`Task B ${id}`) })
    .getByTestId('task-delete')
    .click();
  const confirm = await openedDialog(page.getByRole('dialog').filter({ hasText: `Task B ${id}` }));
  await confirm.getByRole('button', { name: ok }).click();
  await expect(page.getByText('当前计划状态下，不允许删除任务。')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Task B ${id}`) })).toBeVisible();
});
