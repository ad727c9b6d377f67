import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * A team lead's home page (issue 38, item 15): a user holding the seeded team lead role manages a
 * project; its task is past due and a publish of its library failed (a map whose one topic is
 * missing yields no page). Signed in, the lead sees both under "Needs you" and clicks through to
 * the task and to the document's Output tab. Scoping, rights and the other panels are checked
 * through the API in apps/server/src/modules/work/dashboard/attention.test.ts.
 */
test.describe.configure({ timeout: 120_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT = { user: 'writer', password: 's3cret-pw' };
const PASSWORD = 'secret123';
const TEAM_LEAD_ROLE = 8;
const LEAD = `ld${id}`;
const TASK = `Write the seal topic ${id}`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let documentId = 0;
/** What the failed publish said first: the panel's error summary. */
let firstProblem = '';

async function data<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T; rows?: T };
  if (body.code !== 200) throw new Error(body.msg);
  return (body.data ?? body.rows) as T;
}

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT.user,
    password: GIT.password,
    repos: { seal: { 'seal.ditamap': '<?xml version="1.0" encoding="UTF-8"?>\n<map><title>Seal</title><topicref href="topics/missing.dita"/></map>\n' } },
  });
  admin = await adminApi(baseURL ?? '');
  const { libraryId } = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `home_${id}`,
        displayText: `Home ${id}`,
        libraryType: 'DITA',
        url: remote.url('seal'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT.user, password: GIT.password },
      },
    }),
  );
  await data(admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } }));
  const [config] = await data<{ configId: number }[]>(admin.get(`${API}/ccms/library/publishConfig/list`, { params: { libraryId } }));
  const docs = await data<{ documentId: number; path: string }[]>(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }));
  documentId = docs.find((d) => d.path === 'seal.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);

  // The lead: the seeded team lead role, reading the library, managing the project.
  await data(admin.post(`${API}/system/user`, { data: { userName: LEAD, nickName: `Lead ${id}`, password: PASSWORD, roleIds: [TEAM_LEAD_ROLE] } }));
  const [lead] = await data<{ userId: number }[]>(admin.get(`${API}/system/user/list`, { params: { userName: LEAD } }));
  const leadId = lead?.userId ?? 0;
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'user', granteeId: leadId, level: 'read' } }));
  const project = await data<{ id: number }>(
    admin.post(`${API}/ccms/project`, {
      data: { title: `Seal manual ${id}`, name: `seal${id}`, version: '1.0', libraryId, sourceBranch: 'main', useOriginBranch: true },
    }),
  );
  await data(admin.post(`${API}/ccms/project/member`, { data: { projectId: project.id, userIds: [leadId], projectRole: 'manager' } }));
  await data(admin.post(`${API}/ccms/task`, { data: { projectId: project.id, title: TASK, assigneeId: leadId, beginDate: daysAgo(10), dueDate: daysAgo(2) } }));

  // The publish fails for real: the map's only topic is missing, so no page comes out.
  const [output] = await data<{ outputId: number }[]>(admin.post(`${API}/ccms/output/publish`, { data: { documentId, configIds: [config?.configId] } }));
  await expect.poll(async () => (await data<{ status: string }>(admin.get(`${API}/ccms/output/${output?.outputId}`))).status, { timeout: 60_000 }).toBe('fail');
  const failed = await data<{ message: string; problems: { message: string }[] }>(admin.get(`${API}/ccms/output/${output?.outputId}`));
  firstProblem = failed.message || (failed.problems[0]?.message ?? '');
  expect(firstProblem).not.toBe('');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('a team lead sees the overdue task and the failed publish on the home page and clicks through', async ({ page }) => {
  await signInByApi(page, LEAD, PASSWORD);
  // The panels come with their own answer: wait for it rather than for a time.
  const answered = page.waitForResponse((r) => r.url().endsWith(`${API}/ccms/dashboard/attention`) && r.status() === 200, { timeout: 60_000 });
  await page.goto('/index');
  await answered;
  const needs = page.getByTestId('needs-you');
  await expect(needs.getByText('需要你处理')).toBeVisible();
  await expect(needs).toContainText(`Seal manual ${id}`);

  const tasks = needs.getByTestId('needs-overdueTasks');
  const task = tasks.getByTestId('needs-task').filter({ hasText: TASK });
  await expect(task).toContainText('逾期 2 天');
  await expect(task).toContainText(`Lead ${id}`);
  const publishes = needs.getByTestId('needs-failedPublishes');
  const failed = publishes.getByTestId('needs-publish').filter({ hasText: 'seal.ditamap' });
  await expect(failed).toContainText(`Home ${id}`);
  // No page came out: the summary is what the engine said first.
  await expect(failed).toContainText(firstProblem);
  // The deliverables' receipts are the team lead's to read: that panel is there, not left out.
  await expect(needs.getByTestId('needs-failedDeliveries').getByTestId('needs-omitted')).toHaveCount(0);

  await failed.getByRole('link', { name: 'seal.ditamap · web' }).click();
  await expect(page).toHaveURL(new RegExp(`/ccms/document-detail/index\\?id=${documentId}&tab=output`));
  await expect(page.getByTestId('output-table').getByRole('row').filter({ hasText: 'web' }).first().locator('.ant-tag', { hasText: '失败' })).toBeVisible();

  await page.goto('/index');
  await page.getByTestId('needs-task').filter({ hasText: TASK }).getByRole('link', { name: TASK }).click();
  await expect(page).toHaveURL(/\/ccms\/task\/detail\?id=\d+/);
  await expect(page.getByText(TASK).first()).toBeVisible();
});
