import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API, adminApi, confirmDialog, openSignedIn } from './helpers';

/**
 * Work items on screen: a defect is raised, commented on and answered, gets an attachment (a
 * second upload of the same name asks before replacing), is resolved with a resolution and
 * closed, and its change history shows each step; the list is filtered with three conditions;
 * the home dashboard's 7-day trend counts the new items.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const ok = /^确\s*定$/;
const projectTitle = `Work items ${id}`;
const defectTitle = `Torque value missing ${id}`;

let admin: APIRequestContext;
let projectId: number;

interface Today {
  created: number;
  resolved: number;
  closed: number;
}
async function today(): Promise<Today> {
  const body = (await (await admin.get(`${API}/ccms/dashboard`)).json()) as { data: { trends: Today[] } };
  const last = body.data.trends.at(-1);
  if (!last) throw new Error('no trend days');
  return last;
}
let before: Today;

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  const created = await admin.post(`${API}/ccms/project`, { data: { title: projectTitle, version: '1.0', sourceBranch: 'main', useOriginBranch: true } });
  expect(((await created.json()) as { code: number; msg: string }).msg).toBe('操作成功');
  const list = (await (await admin.get(`${API}/ccms/project/list`, { params: { title: projectTitle, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { id: number; title: string }[];
  };
  const project = list.rows.find((p) => p.title === projectTitle);
  if (!project) throw new Error('project not listed');
  projectId = project.id;
  before = await today();
  // Items for the three-condition filter, raised through the API.
  for (const item of [
    { title: `Torque alpha ${id}`, priority: 1, module: 'engine' },
    { title: `Torque beta ${id}`, priority: 3, module: 'engine' },
    { title: `Wiring ${id}`, priority: 1, module: 'electrical' },
  ]) {
    const res = await admin.post(`${API}/ccms/workitem`, { data: { projectId, workItemType: 'defect', ...item } });
    expect(((await res.json()) as { code: number }).code).toBe(200);
  }
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Opens a page with this file's project chosen in the top bar. */
async function openInProject(page: Page, path: string) {
  await page.addInitScript((pid) => sessionStorage.setItem('currentProjectId', String(pid)), projectId);
  await openSignedIn(page, path);
}

/** Picks an option of an antd select by typing into its search and pressing Enter. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible').getByText(text, { exact: true }).first().click();
}

test('raise a defect, comment and reply, attach a file, resolve and close it, see its history', async ({ page }) => {
  await openInProject(page, '/work/bug');
  await page.getByTestId('workitem-add').click();
  const dialog = page.getByRole('dialog', { name: '新增缺陷' });
  await dialog.getByLabel('标题').fill(defectTitle);
  await dialog.getByLabel('模块').fill('engine');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: defectTitle }).click();
  await expect(page).toHaveURL(/\/ccms\/staging\/detail\?id=\d+/);
  const detail = page.getByTestId('workitem-detail');
  await expect(detail.getByTestId('status-tag').first()).toHaveText('激活');

  // A comment and a reply to it.
  await detail.getByRole('tab', { name: '评论' }).click();
  await page.getByTestId('comment-input').fill('The torque table on page 4 is empty');
  await page.getByTestId('comment-send').click();
  const comments = page.getByTestId('comment');
  await expect(comments).toHaveCount(1);
  await comments.first().getByRole('button', { name: '回复' }).click();
  await page.getByTestId('comment-input').fill('Confirmed, the source has no values');
  await page.getByTestId('comment-send').click();
  await expect(comments).toHaveCount(2);
  // The reply sits inside the comment it answers.
  await expect(comments.first().getByTestId('comment')).toContainText('Confirmed, the source has no values');

  // An attachment; the same name again asks before replacing.
  await detail.getByRole('tab', { name: '附件' }).click();
  const file = { name: `torque-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from('torque values: 12 Nm') };
  await page.getByTestId('attachments-panel').locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('attachments-panel').getByRole('button', { name: file.name })).toBeVisible();
  await page
    .getByTestId('attachments-panel')
    .locator('input[type=file]')
    .setInputFiles({ ...file, buffer: Buffer.from('torque values: 14 Nm') });
  const confirm = page.getByRole('dialog').filter({ hasText: `已存在名为“${file.name}”的附件，是否替换？` });
  await expect(confirm).toBeVisible();
  // Clicked again while it stays open: a click during its entry animation can miss (once under load).
  await confirmDialog(page);
  await expect(page.getByText('附件已替换')).toBeVisible();
  await expect(page.getByTestId('attachments-panel').getByRole('row')).toHaveCount(2);

  // Resolve with a resolution, then close: only allowed actions are offered.
  await expect(page.getByTestId('transition-buttons').getByRole('button')).toHaveText([/^解\s*决$/]);
  await page
    .getByTestId('transition-buttons')
    .getByRole('button', { name: /解\s*决/ })
    .click();
  const resolve = page.getByRole('dialog', { name: new RegExp(`^解决 · ${defectTitle}`) });
  await choose(page, resolve.getByTestId('resolution-select'), '已修复');
  await resolve.getByRole('button', { name: ok }).click();
  await expect(detail.getByTestId('status-tag').first()).toHaveText('已解决');
  await page
    .getByTestId('transition-buttons')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  const close = page.getByRole('dialog', { name: new RegExp(`^关闭 · ${defectTitle}`) });
  await close.getByRole('button', { name: ok }).click();
  await expect(detail.getByTestId('status-tag').first()).toHaveText('已关闭');
  await expect(page.getByTestId('transition-buttons').getByRole('button')).toHaveText([/^重新激活$/]);

  // The history: one row per changed field, for every step.
  await detail.getByRole('tab', { name: '变更历史' }).click();
  const history = page.getByTestId('history-table');
  await expect(history.getByRole('row').filter({ hasText: '解决' }).filter({ hasText: '已修复' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: '关闭' }).filter({ hasText: '已关闭' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: '回复' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: '替换附件' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: '创建' }).filter({ hasText: defectTitle })).toHaveCount(1);
});

test('filter the work item list with three conditions', async ({ page }) => {
  await openInProject(page, '/work/workitem');
  const area = page.getByTestId('workitem-area');
  await expect(area.getByRole('button', { name: `Wiring ${id}` })).toBeVisible();
  const add = page.getByTestId('condition-add');
  await add.click();
  await add.click();
  await add.click();
  const rows = page.getByTestId(/^condition-row-/);
  await expect(rows).toHaveCount(3);
  // 1: title contains "Torque" (the default field and operator).
  await rows.nth(0).getByLabel('值').fill('Torque');
  // 2: module contains "engine".
  await choose(page, rows.nth(1).getByTestId('condition-field'), '模块');
  await rows.nth(1).getByLabel('值').fill('engine');
  // 3: priority equals 1.
  await choose(page, rows.nth(2).getByTestId('condition-field'), '优先级');
  await rows.nth(2).getByLabel('值').fill('1');
  await page.getByTestId('condition-run').click();
  const table = area.locator('.ant-table-tbody');
  await expect(table.getByRole('button', { name: `Torque alpha ${id}` })).toBeVisible();
  await expect(table.getByRole('button', { name: `Torque beta ${id}` })).toBeHidden();
  await expect(table.getByRole('button', { name: `Wiring ${id}` })).toBeHidden();
  await expect(table.getByRole('button', { name: defectTitle })).toBeHidden();
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
});

test('the dashboard trend counts the new items', async ({ page }) => {
  await openSignedIn(page, '/index');
  const trends = page.getByTestId('home-trends');
  await expect(trends.getByTestId('trend-chart')).toBeVisible();
  await expect(trends).toHaveAttribute('data-today-created', String(before.created + 4));
  await expect(trends).toHaveAttribute('data-today-resolved', String(before.resolved + 1));
  await expect(trends).toHaveAttribute('data-today-closed', String(before.closed + 1));
  await expect(page.getByTestId('home-projects')).toContainText(projectTitle);
});
