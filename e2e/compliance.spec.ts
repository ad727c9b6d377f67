import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API, adminApi, closedDialog, openedDialog, openSignedIn, pickOption } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Compliance: the administrator creates a regulation, imports its clauses from Excel, links a
 * clause to a topic from the topic detail and another to a paragraph (without an id yet) from the
 * topic editor, opens the compliance report of the document, and exports it to Excel and PDF
 * (the files' contents are checked through the API in the server's compliance/report/report.test.ts).
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const REGULATION = `CS-${id}`;
const TOPIC_TITLE = `Airspeed limits ${id}`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map xml:lang="en-US">
  <title>Flight manual ${id}</title>
  <topicref href="topics/limits.dita"/>
</map>
`;
const TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<topic id="limits" xml:lang="en-US"><title>${TOPIC_TITLE}</title><body><p id="vmo">The maximum operating speed is shown.</p><p>The flight manual is furnished with the aeroplane.</p></body></topic>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let topicId = 0;
let libraryId = 0;

async function call<T>(res: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string } & T;
  expect(body.code, body.msg).toBe(200);
  return body;
}

async function clausesWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('条款');
  sheet.addRow(['编号', '标题', '正文', '上级编号']);
  sheet.addRow(['25.1581', 'General', 'An aeroplane flight manual must be furnished.', '']);
  sheet.addRow(['25.1583', 'Operating limitations', 'Airspeed limitations must be furnished.', '']);
  sheet.addRow(['25.1583(a)', 'Airspeed limitations', 'The maximum operating limit speed.', '25.1583']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { afm: { 'afm.ditamap': MAP, 'topics/limits.dita': TOPIC } },
  });
  admin = await adminApi(baseURL ?? '');
  const created = await call<{ data: { libraryId: number } }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `afm_${id}`,
        displayText: `AFM ${id}`,
        libraryType: 'DITA',
        url: remote.url('afm'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  const topics = await call<{ rows: { topicId: number; path: string }[] }>(
    admin.get(`${API}/ccms/topic/list`, { params: { libraryId: created.data.libraryId } }),
  );
  libraryId = created.data.libraryId;
  topicId = topics.rows.find((r) => r.path === 'topics/limits.dita')?.topicId ?? 0;
  expect(topicId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('create a regulation, import clauses, link clauses from the topic detail and the topic editor, open the report, export Excel and PDF', async ({
  page,
}) => {
  // The regulation.
  await openSignedIn(page, '/compliance/regulation');
  await page.getByRole('button', { name: /新增$/ }).click();
  const form = await openedDialog(page.getByRole('dialog', { name: '新增法规' }));
  await form.getByLabel('名称').fill(REGULATION);
  await form.getByLabel('标题').fill('Certification Specifications for Large Aeroplanes');
  await form.getByLabel('发布机构').fill('EASA');
  await form.getByLabel('修订版').fill('Amendment 27');
  await form.getByLabel('发布日期').fill('2023-01-24');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(form);
  await page.getByRole('button', { name: REGULATION }).click();

  // Its clauses, from the Excel template's columns.
  const drawer = page.getByRole('dialog').filter({ hasText: `${REGULATION} Amendment 27 — Certification` });
  await expect(drawer.getByRole('tab', { name: '条款' })).toBeVisible();
  await drawer.locator('input[type=file]').setInputFiles({
    name: 'clauses.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await clausesWorkbook(),
  });
  await expect(page.getByText('导入完成：新增 3，更新 0，标记待复核的关联 0')).toBeVisible();
  await expect(drawer.getByRole('cell', { name: '25.1583(a)' })).toBeVisible();
  await drawer.locator('.ant-segmented-item').filter({ hasText: '树' }).click();
  await expect(drawer.locator('.ant-tree').getByText('25.1583(a) Airspeed limitations')).toBeVisible();

  // A link from the topic's detail.
  await openSignedIn(page, `/ccms/topic-detail/index?id=${topicId}`);
  await page.getByRole('tab', { name: '法规' }).click();
  await page.getByRole('button', { name: '关联到法规' }).click();
  const linking = await openedDialog(page.getByRole('dialog', { name: '关联到法规条款' }));
  await pickOption(linking.getByLabel('法规'), `${REGULATION} Amendment 27`);
  await pickOption(linking.getByLabel('条款'), '25.1583(a) Airspeed limitations');
  await pickOption(linking.getByLabel('符合性方法'), 'MC2 计算/分析');
  await linking.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(linking);
  const row = page.locator('.ant-table-row').filter({ hasText: '25.1583(a)' });
  await expect(row).toContainText(TOPIC_TITLE);
  await expect(row).toContainText('MC2');

  // A link from the topic editor to a paragraph that has no id: the editor gives it one and saves the topic first.
  await page.goto(`/ccms/topic-editor/index?libraryId=${libraryId}&path=${encodeURIComponent('topics/limits.dita')}`);
  await expect(page.getByTestId('topic-editor')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-testid="visual-editor"] .ProseMirror').getByText('The flight manual is furnished').click();
  await page.getByTestId('editor-link-regulation').click();
  // The dialog opens (a warning instead would name why not).
  const linkDialog = page.getByRole('dialog', { name: '关联到法规条款' });
  await expect(linkDialog.or(page.locator('.ant-message-notice'))).toBeVisible();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  const fromEditor = await openedDialog(linkDialog);
  await expect(fromEditor.getByTestId('link-element')).toHaveText(/^<p> #p_[a-z0-9]+$/);
  await expect(fromEditor.getByTestId('link-saves-first')).toBeVisible();
  const elementId = ((await fromEditor.getByTestId('link-element').textContent()) ?? '').replace('<p> #', '');
  await pickOption(fromEditor.getByLabel('法规'), `${REGULATION} Amendment 27`);
  await pickOption(fromEditor.getByLabel('条款'), '25.1581 General');
  await pickOption(fromEditor.getByLabel('符合性方法'), 'MC1 设计评审');
  await fromEditor.getByRole('button', { name: /确\s*定/ }).click();
  // The save commits and indexes the topic before the link is made: more than a dialog's usual wait.
  await expect(fromEditor).toBeHidden({ timeout: 60_000 });
  await closedDialog(fromEditor);
  await expect(page.getByTestId('editor-dirty')).toHaveCount(0);
  // The id is in the saved topic, and the editor's regulations tab lists the clause with its element.
  const saved = await call<{ data: { content: string } }>(admin.get(`${API}/ccms/topic-editor/open`, { params: { libraryId, path: 'topics/limits.dita' } }));
  expect(saved.data.content).toContain(`<p id="${elementId}">The flight manual is furnished`);
  await page.locator('.te-left').getByRole('tab', { name: '法规' }).click();
  const linked = page.getByTestId('editor-regulation-link').filter({ hasText: '25.1581' });
  await expect(linked).toContainText(`#${elementId}`);
  await expect(linked).toContainText('MC1');

  // The report of the document.
  await openSignedIn(page, '/compliance/complianceReport');
  await page.getByRole('button', { name: /新增$/ }).click();
  const creating = await openedDialog(page.getByRole('dialog', { name: '新建合规报告' }));
  await creating.getByLabel('名称').fill(`Report ${id}`);
  await pickOption(creating.getByLabel('法规'), `${REGULATION} Amendment 27`);
  await pickOption(creating.getByLabel('库'), `afm_${id}`);
  await pickOption(creating.getByLabel('文档'), `Flight manual ${id}`);
  await creating.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(creating);
  const report = page.getByRole('dialog').filter({ hasText: '合规矩阵' });
  await expect(report.getByTestId('coverage-chart')).toBeVisible();
  await expect(report.getByTestId('total-partial')).toHaveText('2');
  await expect(report.getByTestId('total-notCovered')).toHaveText('1');
  await expect(report.locator('.ant-table-row').filter({ hasText: '25.1583(a)' })).toContainText(TOPIC_TITLE);
  // The clause linked from the editor shows the topic's title.
  await expect(report.locator('.ant-table-row').filter({ hasText: '25.1581' }).first()).toContainText(TOPIC_TITLE);

  // Excel: the file arrives named after the report. Its rows (a row per clause and link, the
  // verdicts in the caller's language) and the PDF's text are checked through the API in
  // apps/server/src/modules/compliance/report/report.test.ts.
  const [excel] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: '导出 Excel' }).click()]);
  expect(excel.suggestedFilename()).toBe(`Report ${id}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await excel.path()) ?? '')) as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);

  // PDF: the button asks the server for this report's PDF (its printing is the API test's part).
  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/ccms\/complianceReport\/\d+\/pdf$/.test(r.url())),
    report.getByRole('button', { name: '导出 PDF' }).click(),
  ]);
  expect(asked.url()).toMatch(/\/prod-api\/ccms\/complianceReport\/\d+\/pdf$/);
});
