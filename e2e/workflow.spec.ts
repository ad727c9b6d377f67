import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The review workflow in the browser: the writer initiates the approval; the reviewer finds it
 * in My tasks, comments on a paragraph in the editor's review tab and rejects with a reason; the
 * writer initiates again; the reviewer approves. The steps bar and the content status follow.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const id = `${Date.now().toString(36).slice(-5)}`;
const REPO = 'reviewed';
const GIT = { user: 'git', password: 's3cret-pw' };
const PASSWORD = 'secret123';
const TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="review">
  <title>Reviewed topic</title>
  <conbody>
    <p id="p1">The printer needs paper.</p>
    <p id="p2">Switch it on.</p>
  </conbody>
</concept>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map><title>Guide</title><topicref href="../topics/review.dita"/></map>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let planId = 0;
let taskId = 0;
let libraryId = 0;
const writerName = `wfw${id}`;
const reviewerName = `wfr${id}`;

async function data<T>(res: Promise<{ json: () => Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T };
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

async function completeTask() {
  const task = await data<{ rowVersion: number }>(admin.get(`${API}/ccms/task/${taskId}`));
  await data(admin.put(`${API}/ccms/task/progress`, { data: { id: taskId, rowVersion: task.rowVersion, status: 'completed', effortCompleted: 1 } }));
}

async function as(browser: Browser, userName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, userName, PASSWORD);
  return page;
}

async function openWorkflow(page: Page) {
  await page.goto(`/work/workflow?planId=${planId}`);
  await expect(page.getByTestId('workflow-view')).toBeVisible({ timeout: 30_000 });
}

const step = (page: Page, stage: string) => page.getByTestId(`workflow-step-${stage}`);
const confirm = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({ user: GIT.user, password: GIT.password, repos: { [REPO]: { 'maps/guide.ditamap': MAP, 'topics/review.dita': TOPIC } } });
  admin = await adminApi(baseURL ?? '');
  const library = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `wf_${id}`,
        displayText: `Workflow ${id}`,
        libraryType: 'DITA',
        url: remote.url(REPO),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT.user, password: GIT.password },
      },
    }),
  );
  libraryId = library.libraryId;
  // One role with every menu: only the library and project grants limit the two users.
  const menus = await data<{ menuId: number }[]>(admin.get(`${API}/system/menu/list`));
  await data(
    admin.post(`${API}/system/role`, { data: { roleName: `wf${id}`, roleKey: `wf${id}`, roleSort: 9, status: '0', menuIds: menus.map((m) => m.menuId) } }),
  );
  const roles = (await (await admin.get(`${API}/system/role/list`, { params: { roleName: `wf${id}`, pageNum: 1, pageSize: 10 } })).json()) as {
    rows: { roleId: number }[];
  };
  const roleId = roles.rows[0]?.roleId ?? 0;
  for (const userName of [writerName, reviewerName])
    await data(admin.post(`${API}/system/user`, { data: { userName, nickName: userName, password: PASSWORD, roleIds: [roleId] } }));
  const users = (await (await admin.get(`${API}/system/user/list`, { params: { userName: `wf`, pageNum: 1, pageSize: 50 } })).json()) as {
    rows: { userId: number; userName: string }[];
  };
  const userId = (name: string) => users.rows.find((u) => u.userName === name)?.userId ?? 0;
  const [writer, reviewer] = [userId(writerName), userId(reviewerName)];
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'role', granteeId: roleId, level: 'write' } }));
  await data(admin.get(`${API}/ccms/topic/list`, { params: { libraryId } }));

  const project = await data<{ id: number }>(
    admin.post(`${API}/ccms/project`, { data: { title: `Workflow ${id}`, name: `wf${id}`, version: '1.0', sourceBranch: 'main', useOriginBranch: true } }),
  );
  const projectId = project.id;
  await data(
    admin.put(`${API}/ccms/project/config`, {
      data: { projectId, writerId: writer, writeReviewerId: reviewer, translatorId: writer, translateReviewerId: reviewer, existTranslate: false },
    }),
  );
  await data(admin.post(`${API}/ccms/project/member`, { data: { projectId, userIds: [writer, reviewer], projectRole: 'writer' } }));
  planId = (
    await data<{ id: number }>(admin.post(`${API}/ccms/plan`, { data: { projectId, title: `Plan ${id}`, libraryId, reviewerId: reviewer, reviewRule: 'all' } }))
  ).id;
  taskId = (
    await data<{ id: number }>(
      admin.post(`${API}/ccms/task`, {
        data: { projectId, planId, title: `Write ${id}`, category: 'writing', writerId: writer, assigneeId: writer, status: 'inProgress' },
      }),
    )
  ).id;
  await data(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('the writer picks what the task covers in the task detail: a topic and a document from the catalogue, removes one, saves', async ({ browser }) => {
  const writer = await as(browser, writerName);
  await writer.goto(`/ccms/task/detail?id=${taskId}`);
  const card = writer.getByTestId('task-content');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('尚未选择内容');
  const pick = async (kind: string, search: string, option: string) => {
    await card.getByRole('combobox', { name: '类型' }).click();
    await writer.locator('.ant-select-dropdown:visible').getByText(kind, { exact: true }).click();
    await card.getByRole('combobox', { name: '搜索标题或路径' }).fill(search);
    await writer.locator('.ant-select-dropdown:visible').getByText(option).click();
    await card.getByRole('button', { name: /添\s*加/ }).click();
  };
  await pick('主题', 'Reviewed', 'Reviewed topic — topics/review.dita');
  await pick('文档', 'Guide', 'Guide — maps/guide.ditamap');
  await expect(card.getByRole('row')).toHaveCount(3);
  await card
    .getByRole('row', { name: /maps\/guide\.ditamap/ })
    .getByRole('button', { name: /移\s*除/ })
    .click();
  await expect(card.getByText('有未保存的修改')).toBeVisible();
  await card.getByRole('button', { name: '保存内容' }).click();
  await expect(writer.getByText('内容已保存')).toBeVisible();
  await expect(card.getByText('有未保存的修改')).toHaveCount(0);
  expect(await data(admin.get(`${API}/ccms/workflow/task-content/${taskId}`))).toEqual([{ kind: 'topic', path: 'topics/review.dita' }]);
  // A fresh load shows what was saved.
  await writer.reload();
  await expect(writer.getByTestId('task-content').getByRole('row', { name: /topics\/review\.dita/ })).toBeVisible({ timeout: 30_000 });
  await data(admin.post(`${API}/ccms/workflow/activate`, { data: { planId } }));
  await writer.context().close();
});

test('writer initiates, reviewer comments and rejects with a reason, writer initiates again, reviewer approves', async ({ browser }) => {
  const writer = await as(browser, writerName);
  const reviewer = await as(browser, reviewerName);

  await completeTask();
  await openWorkflow(writer);
  await expect(step(writer, 'edit')).toHaveAttribute('data-state', 'current');
  // The plan sets "all", which wins over the project config's rule.
  await expect(writer.getByTestId('workflow-rule')).toHaveAttribute('data-rule', 'all');
  await expect(writer.getByTestId('workflow-rule')).toContainText('计划设定');
  await writer.getByRole('button', { name: '发起审批' }).click();
  await confirm(writer);
  await expect(step(writer, 'editApproval')).toHaveAttribute('data-state', 'current');
  await expect(writer.getByTestId('workflow-content-status')).toHaveAttribute('data-status', 'underReview');

  await reviewer.goto('/work/myTask');
  await expect(reviewer.getByTestId('my-approvals').getByText(`Plan ${id}`)).toBeVisible({ timeout: 30_000 });

  const editor = `/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: 'topics/review.dita' })}`;
  await reviewer.goto(editor);
  await expect(reviewer.getByTestId('topic-editor')).toBeVisible({ timeout: 30_000 });
  await reviewer.getByRole('tab', { name: '评审' }).click();
  const review = reviewer.getByTestId('review-threads');
  await review.getByLabel('元素').click();
  await reviewer.locator('.ant-select-dropdown:visible').getByText('#p2 Switch it on.').click();
  await review.getByLabel('引用的文字').fill('Switch');
  await review.getByLabel('意见').fill(`Say which switch, @${writerName}`);
  await review.getByRole('button', { name: /评\s*论/ }).click();
  await expect(review.getByTestId('review-thread')).toContainText('Say which switch');

  await openWorkflow(reviewer);
  await reviewer.getByRole('button', { name: /驳\s*回/ }).click();
  const dialog = reviewer.locator('.ant-modal:visible');
  await dialog.getByLabel('驳回原因').fill('The second paragraph is unclear');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(step(reviewer, 'edit')).toHaveAttribute('data-state', 'current');
  await expect(reviewer.getByTestId('workflow-approval-state')).toHaveAttribute('data-state', 'rejected');
  await expect(reviewer.getByTestId('workflow-content-status')).toHaveAttribute('data-status', 'draft');
  await expect(reviewer.getByTestId('workflow-history')).toContainText('The second paragraph is unclear');

  await completeTask();
  await openWorkflow(writer);
  await writer.getByRole('button', { name: '发起审批' }).click();
  await confirm(writer);
  await expect(step(writer, 'editApproval')).toHaveAttribute('data-state', 'current');

  await openWorkflow(reviewer);
  await reviewer.getByRole('button', { name: /通\s*过/ }).click();
  await confirm(reviewer);
  await expect(step(reviewer, 'end')).toHaveAttribute('data-state', 'current');
  for (const stage of ['start', 'edit', 'editApproval']) await expect(step(reviewer, stage)).toHaveAttribute('data-state', 'completed');
  await expect(reviewer.getByTestId('workflow-content-status')).toHaveAttribute('data-status', 'approved');
});

test('after the approval the writer edits; the reviewer opens the item’s "what changed": the inserted words marked at the first change, then the XML', async ({
  browser,
}) => {
  const open = await data<{ content: string; baseCommit: string; baseBlob: string }>(
    admin.get(`${API}/ccms/topic-editor/open`, { params: { libraryId, path: 'topics/review.dita' } }),
  );
  await data(
    admin.put(`${API}/ccms/topic-editor/save`, {
      data: {
        libraryId,
        path: 'topics/review.dita',
        content: open.content.replace('Switch it on.', 'Switch the main power on.'),
        baseCommit: open.baseCommit,
        baseBlob: open.baseBlob,
      },
    }),
  );
  const reviewer = await as(browser, reviewerName);
  await openWorkflow(reviewer);
  await reviewer.getByTestId('workflow-content-diff').click();
  const drawer = reviewer.getByTestId('workflow-diff');
  await expect(drawer.getByTestId('workflow-diff-base')).toHaveAttribute('data-source', 'approval');
  await expect(drawer).toContainText('上次批准的版本');
  const frame = drawer.frameLocator('[data-testid="workflow-diff-frame"]');
  // Opens at the first change: the replaced words, marked and current.
  await expect(frame.locator('ins.diff-current')).toHaveText('the main power ');
  await expect(frame.locator('del.diff-current')).toHaveText('it ');
  await expect(drawer.getByTestId('workflow-diff-position')).toHaveText('第 1 处变更，共 1 处');
  await drawer.getByRole('tab', { name: 'XML' }).click();
  const xml = drawer.getByTestId('workflow-diff-xml');
  await expect(xml.locator('[data-op="ins"]')).toContainText('<p id="p2">Switch the main power on.</p>');
  await expect(xml.locator('[data-op="del"]')).toContainText('<p id="p2">Switch it on.</p>');
  // The item's path opens it in the editor, on the plan's branch.
  await reviewer.locator('.ant-drawer-close').click();
  await reviewer.getByTestId('workflow-content-open').click();
  await expect(reviewer).toHaveURL(/\/ccms\/topic-editor\/index\?.*path=topics%2Freview\.dita/);
  await reviewer.context().close();
});
