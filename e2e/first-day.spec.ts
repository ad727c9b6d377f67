import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { API, adminApi, openSignedIn, signIn, tokenOf } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * A writer's first day (issue 20): the rough edges a new writing team meets, each as the user
 * meets it. One git remote and one library for the file, created by the administrator's API.
 */
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT = { user: 'writer', password: 's3cret-pw' };
const TOPIC = (id: string, title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="${id}"><title>${title}</title><body><p>${title}</p></body></topic>\n`;

const GLOSS = (id: string, term: string, rest: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<glossentry id="${id}"><glossterm>${term}</glossterm>${rest}</glossentry>\n`;

let remote: E2eGitServer;
let admin: APIRequestContext;
const id = unique();

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT.user,
    password: GIT.password,
    repos: {
      docs: {
        'topics/intro.dita': TOPIC('intro', 'Introduction'),
        'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n',
        'README.md': '# Docs\n',
      },
      new2: {
        'topics/intro.dita': TOPIC('intro', 'Introduction'),
        'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n',
        'README.md': '# New\n',
      },
      tpl5: { 'topics/intro.dita': TOPIC('intro', 'Introduction') },
      detail9: { 'topics/intro.dita': TOPIC('intro', 'Introduction'), 'maps/main.ditamap': '<map><topicref href="../topics/intro.dita"/></map>\n' },
      gloss: {
        'glossary/terms/term-git.dita': GLOSS('term-git', 'Git', '<glossdef>A version control system.</glossdef>'),
        'reference/gloss-branch.dita': GLOSS('branch', 'Branch', '<glossdef>A line of commits.</glossdef>'),
        'reference/gloss-cpu.dita': GLOSS('cpu', 'Central processing unit', '<glossBody><glossAlt><glossAcronym>CPU</glossAcronym></glossAlt></glossBody>'),
      },
    },
  });
  admin = await adminApi(baseURL ?? '');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

async function data<T>(res: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg?: string; data?: T };
  if (body.code !== 200) throw new Error(`API call failed: ${body.msg}`);
  return body.data as T;
}

/** A library on the test remote, created through the administrator's API. */
async function createLibrary(name: string, repo = 'docs'): Promise<number> {
  const created = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name,
        displayName: name,
        libraryType: 'DITA',
        url: remote.url(repo),
        defaultBranch: 'main',
        credential: { username: GIT.user, password: GIT.password },
      },
    }),
  );
  return created.libraryId;
}

/** A user with a role holding the given menus, returned signed in on a fresh page. */
async function userWithMenus(browser: Browser, name: string, menuIds: number[]): Promise<{ page: Page; userId: number }> {
  const password = 'secret123';
  await data(admin.post(`${API}/system/role`, { data: { roleName: name, roleKey: name, roleSort: 9, status: '0', menuIds } }));
  const roles = (await (await admin.get(`${API}/system/role/list`, { params: { roleName: name, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { roleId: number }[];
  };
  await data(admin.post(`${API}/system/user`, { data: { userName: name, nickName: `Writer ${name}`, password, roleIds: [roles.rows[0]?.roleId ?? 0] } }));
  const users = (await (await admin.get(`${API}/system/user/list`, { params: { userName: name, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { userId: number }[];
  };
  const page = await (await browser.newContext()).newPage();
  await page.goto('/index');
  await signIn(page, name, password);
  await expect(page.locator('.navbar')).toBeVisible();
  return { page, userId: users.rows[0]?.userId ?? 0 };
}

test('1. a library write grant is enough to work in it, without the Libraries admin menu', async ({ browser }) => {
  const libraryId = await createLibrary(`w1_${id}`);
  // Explorer and its buttons only: no Libraries admin menu (2102, 3040...).
  const { page, userId } = await userWithMenus(browser, `wr${id}`, [2100, 2101, 3030, 3031, 3032, 3033, 3034]);
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'user', granteeId: userId, level: 'write' } }));
  await page.goto('/content/explorer');
  await expect(page.locator('.ccms-explorer-main .ant-table').getByText('README.md')).toBeVisible();
  // The spec's pager: 20 a page by default, the sizes 10/20/30/50.
  await expect(page.locator('.ccms-explorer-main .ccms-pagination')).toContainText('20条/页');
  await expect(page.getByRole('button', { name: '上传文件' })).toBeEnabled();
  await expect(page.getByText('没有权限')).toHaveCount(0);
  await expect(page.getByText('尚未获取')).toHaveCount(0);
});

test('3. the defect detail and its history show names and words, not ids and booleans', async ({ page }) => {
  const title = `First day ${id}`;
  await data(admin.post(`${API}/ccms/project`, { data: { title, version: '1.0', sourceBranch: 'main', useOriginBranch: true } }));
  const projects = (await (await admin.get(`${API}/ccms/project/list`, { params: { title, pageNum: 1, pageSize: 10 } })).json()) as { rows: { id: number }[] };
  const projectId = projects.rows[0]?.id ?? 0;
  await data(admin.post(`${API}/ccms/release`, { data: { projectId, title: `Release A ${id}` } }));
  const releases = (await (await admin.get(`${API}/ccms/release/list`, { params: { projectId, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { id: number }[];
  };
  const releaseId = releases.rows[0]?.id ?? 0;
  const plan1 = await data<{ id: number }>(admin.post(`${API}/ccms/plan`, { data: { projectId, title: `Sprint one ${id}` } }));
  const plan2 = await data<{ id: number }>(admin.post(`${API}/ccms/plan`, { data: { projectId, title: `Sprint two ${id}` } }));
  const created = await data<{ workItemId: number }>(
    admin.post(`${API}/ccms/workitem`, { data: { projectId, workItemType: 'defect', title: `Torque ${id}`, iterationId: plan1.id } }),
  );
  const item = await data<{ rowVersion: number }>(admin.get(`${API}/ccms/workitem/${created.workItemId}`));
  await data(
    admin.put(`${API}/ccms/workitem`, {
      data: { workItemId: created.workItemId, projectId, rowVersion: item.rowVersion, iterationId: plan2.id, releaseId, archived: true },
    }),
  );

  await page.addInitScript((pid) => sessionStorage.setItem('currentProjectId', String(pid)), projectId);
  await openSignedIn(page, `/ccms/staging/detail?id=${created.workItemId}`);
  const detail = page.getByTestId('workitem-detail');
  await expect(detail.getByRole('row', { name: /计划（迭代）/ })).toContainText(`Sprint two ${id}`);
  await detail.getByRole('tab', { name: '变更历史' }).click();
  const history = page.getByTestId('history-table');
  const edits = history.getByRole('row').filter({ hasText: '编辑' });
  await expect(edits.filter({ hasText: '计划（迭代）' })).toContainText(`Sprint one ${id}Sprint two ${id}`);
  await expect(edits.filter({ hasText: '发布' })).toContainText(`Release A ${id}`);
  const archived = edits.filter({ hasText: '已归档' });
  await expect(archived).toContainText('是');
  await expect(archived).not.toContainText('true');
  // The people pickers name users as "name (username)", as every other picker does.
  await detail.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('指派给').click();
  await expect(page.locator('.ant-select-dropdown:visible').getByText(/\(admin\)$/)).toBeVisible();
});

test('4. an expired session: the confirm dialog once, in English, and staying keeps what was typed', async ({ page, baseURL }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await openSignedIn(page, '/user/profile');
  const nick = page.getByLabel('Nickname');
  await expect(nick).not.toHaveValue('');
  await nick.fill(`Typed before expiry ${id}`);
  // The session ends (signed out from elsewhere) while the form holds unsaved text.
  const other = await adminApi(baseURL ?? '');
  await other.post(`${API}/logout`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  await other.dispose();

  await page.getByRole('button', { name: 'Save' }).first().click();
  const prompt = 'Login has expired, you can stay on this page or log in again';
  const dialog = page.getByRole('dialog').filter({ hasText: prompt });
  await expect(dialog).toBeVisible();
  await page
    .getByRole('button', { name: 'Save' })
    .first()
    .click({ force: true })
    .catch(() => undefined);
  await expect(page.getByText(prompt)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(nick).toHaveValue(`Typed before expiry ${id}`);
  // Moving on to another page of the menu: the dialog again, not a jump to the sign-in page.
  await page.locator('.sidebar-container').getByText('System', { exact: true }).click();
  await page.locator('.sidebar-container').getByText('Users', { exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: prompt })).toBeVisible();
  await expect(page).toHaveURL(/\/system\/user/);
});

test('6. terms and abbreviations list every glossentry of the library, with its file', async ({ page }) => {
  const name = `g6_${id}`;
  await createLibrary(name, 'gloss');
  await page.addInitScript((n) => sessionStorage.setItem('currentLibraryName', n), name);
  await openSignedIn(page, '/content/term');
  await expect(page.getByRole('row', { name: /Git/ })).toContainText('glossary/terms/term-git.dita');
  await expect(page.getByRole('row', { name: /Branch/ })).toContainText('reference/gloss-branch.dita');
  await page.goto('/content/abbreviation');
  await expect(page.getByRole('row', { name: /CPU/ })).toContainText('reference/gloss-cpu.dita');
});

test('5. toc fast create: the caret stays after Tab and Shift+Tab; a topic number is accepted; new topics named from titles', async ({ page }) => {
  const name = `t5_${id}`;
  await createLibrary(name);
  await page.addInitScript((n) => sessionStorage.setItem('currentLibraryName', n), name);
  await openSignedIn(page, '/content/document');
  await page.getByRole('button', { name: '目录快速创建' }).click();
  const dialog = page.getByRole('dialog', { name: '目录快速创建' });
  const outline = dialog.getByTestId('outline');
  await outline.fill('Overview\n安装步骤\nIntro | intro');
  // Caret at the start of line 2: Tab indents it and the caret stays on that line, after the tab.
  await outline.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(9, 9));
  await page.keyboard.press('Tab');
  await expect.poll(() => outline.evaluate((el: HTMLTextAreaElement) => [el.value, el.selectionStart])).toEqual(['Overview\n\t安装步骤\nIntro | intro', 10]);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => outline.evaluate((el: HTMLTextAreaElement) => [el.value, el.selectionStart])).toEqual(['Overview\n安装步骤\nIntro | intro', 9]);
  await page.keyboard.press('Tab');
  await dialog.getByLabel('映射标题').fill('Fast');
  await dialog.getByLabel('映射路径').fill(`fast${id}/guide.ditamap`);
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(dialog).toBeHidden();
  expect(await remote.show('docs', 'main', `fast${id}/topics/安装步骤.dita`)).toContain('<topic id="安装步骤">');
  expect(await remote.show('docs', 'main', `fast${id}/guide.ditamap`)).toContain('href="../topics/intro.dita"');
});

test('2. a new library is cloned and indexed at once, with its progress on the list and detail', async ({ page }) => {
  const name = `n2_${id}`;
  // A remote of its own: the fast create test adds maps to "docs" meanwhile.
  const libraryId = await createLibrary(name, 'new2');
  await openSignedIn(page, `/content/library?name=${name}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('library-progress')).toHaveAttribute('data-phase', 'ready');
  await expect(row.getByTestId('library-progress')).toContainText('已就绪：1 个文档，1 个主题');
  await page.goto(`/ccms/library-detail/index?id=${libraryId}`);
  await expect(page.getByTestId('library-progress')).toContainText('已就绪');
  // Content is there without anyone pressing "fetch now".
  await page.getByRole('tab', { name: '内容浏览' }).click();
  await expect(page.locator('.ccms-explorer-main .ant-table').getByText('README.md')).toBeVisible();
});

test('9. a topic detail checks the branch head and reindexes: the newest commit and the whole history', async ({ page }) => {
  const name = `d9_${id}`;
  const libraryId = await createLibrary(name, 'detail9');
  await openSignedIn(page, `/ccms/library-detail/index?id=${libraryId}`);
  await expect(page.getByTestId('library-progress')).toHaveAttribute('data-phase', 'ready');
  const topic = await data<{ topicId: number }>(admin.get(`${API}/ccms/topic/byPath`, { params: { libraryId, path: 'topics/intro.dita' } }));
  // Another writer pushes; the server's clone fetches it, no list page reindexes.
  await remote.commit('detail9', 'main', { 'topics/intro.dita': TOPIC('intro', 'Introduction, revised') }, `Revise intro ${id}`);
  await data(admin.post(`${API}/ccms/library/${libraryId}/fetch`));
  await page.goto(`/ccms/topic-detail/index?id=${topic.topicId}&tab=history`);
  await expect(page.getByText(`Revise intro ${id}`)).toBeVisible();
});

test('5. toc fast create: new topics get the chosen template body, not an empty <p/>', async ({ page }) => {
  const name = `t5b_${id}`;
  await createLibrary(name, 'tpl5');
  await page.addInitScript((n) => sessionStorage.setItem('currentLibraryName', n), name);
  await openSignedIn(page, '/content/document');
  await page.getByRole('button', { name: '目录快速创建' }).click();
  const dialog = page.getByRole('dialog', { name: '目录快速创建' });
  await dialog.getByTestId('outline').fill('Replace the toner');
  await dialog.getByLabel('映射标题').fill('Templated');
  await dialog.getByLabel('映射路径').fill(`tpl${id}/guide.ditamap`);
  await dialog.getByTestId('fast-template').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '任务（含前提和步骤） (task, zh-CN)' }).click();
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(dialog).toBeHidden();
  const topic = await remote.show('tpl5', 'main', `tpl${id}/topics/replace-the-toner.dita`);
  expect(topic).toContain('<task id="replace-the-toner"');
  expect(topic).toContain('<title>Replace the toner</title>');
  expect(topic).toContain('执行第一步。');
  expect(topic).not.toContain('<p></p>');
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('8. layout at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the explorer keeps its date column clear of the fixed actions column', async ({ page }) => {
    const libraryId = await createLibrary(`l8_${id}`, 'gloss');
    await openSignedIn(page, `/ccms/library-detail/index?id=${libraryId}`);
    await expect(page.getByTestId('library-progress')).toHaveAttribute('data-phase', 'ready');
    await page.getByRole('tab', { name: '内容浏览' }).click();
    const table = page.locator('.ccms-explorer-main .ant-table');
    await expect(table.getByText('glossary')).toBeVisible();
    const head = table.locator('.ant-table-thead');
    const date = await head.getByRole('columnheader', { name: '日期', exact: true }).boundingBox();
    const actions = await head.getByRole('columnheader', { name: '操作', exact: true }).boundingBox();
    const name = await head.getByRole('columnheader', { name: '名称', exact: true }).boundingBox();
    expect(date && actions && name).toBeTruthy();
    expect(overlaps(date as Box, actions as Box)).toBe(false);
    expect((date as Box).width).toBeGreaterThanOrEqual(140);
    expect((name as Box).width).toBeGreaterThanOrEqual(160);
  });

  test('the home chart legend keeps clear of the axis labels', async ({ page }) => {
    await openSignedIn(page, '/index');
    const chart = page.getByTestId('trend-chart');
    await expect(chart.locator('svg text').filter({ hasText: '已解决' })).toBeVisible();
    const boxes = await chart.locator('svg text').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    const legend = boxes.filter((b) => ['新建', '已解决', '已关闭'].includes(b.text));
    const labels = boxes.filter((b) => !legend.includes(b));
    expect(legend).toHaveLength(3);
    expect(labels.length).toBeGreaterThan(2);
    for (const l of legend) for (const a of labels) expect(overlaps(l, a), `${l.text} / ${a.text}`).toBe(false);
    // The legend sits wholly above the plot's highest label.
    expect(Math.max(...legend.map((l) => l.y + l.height))).toBeLessThanOrEqual(Math.min(...labels.map((a) => a.y)));
  });
});

test('7. the work item tabs 详情 / 变更历史 lead somewhere: the list to pick from, then the picked item', async ({ page }) => {
  const title = `Area ${id}`;
  await data(admin.post(`${API}/ccms/project`, { data: { title, version: '1.0', sourceBranch: 'main', useOriginBranch: true } }));
  const listed = (await (await admin.get(`${API}/ccms/project/list`, { params: { title, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { id: number; title: string }[];
  };
  const projectId = listed.rows.find((p) => p.title === title)?.id ?? 0;
  await data(admin.post(`${API}/ccms/workitem`, { data: { projectId, workItemType: 'defect', title: `Loose bolt ${id}`, priority: 2 } }));
  await page.addInitScript((pid) => sessionStorage.setItem('currentProjectId', String(pid)), projectId);
  await openSignedIn(page, '/work/workitem?tab=details');
  const area = page.getByTestId('workitem-area');
  await expect(area.getByText('点击下面列表中的一个工作项，在这里查看它')).toBeVisible();
  const row = area.locator('tr.ant-table-row').filter({ hasText: `Loose bolt ${id}` });
  // A click on the row (its number cell; the title opens the detail page, the last cell holds buttons) picks it.
  await row.locator('td').nth(1).click();
  await expect(area.getByTestId('area-picked')).toContainText(`Loose bolt ${id}`);
  // The area's own tab (the picked item's detail below has a history tab of its own).
  await area.getByRole('tab', { name: '变更历史' }).first().click();
  await expect(area.getByTestId('area-picked')).toContainText(`Loose bolt ${id}`);
  await area.getByRole('button', { name: '选择其他工作项' }).click();
  await expect(area.locator('tr.ant-table-row').filter({ hasText: `Loose bolt ${id}` })).toBeVisible();
});

test('7. the app switcher: a failed viewer address shows the message and opens no window', async ({ page }) => {
  await openSignedIn(page, '/index');
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  // The network fails for this one call (the server itself always answers).
  await page.route('**/ccms/mxView/getMxViewAddress', (route) => route.abort('failed'));
  await page.getByRole('button', { name: '应用切换' }).click();
  await page.getByRole('menuitem', { name: '文档中心查看器' }).click();
  await expect(page.getByText('获取查看器路径失败')).toBeVisible();
  expect(popups).toBe(0);
  expect(page.context().pages()).toHaveLength(1);
});
