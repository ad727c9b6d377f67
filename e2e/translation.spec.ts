import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, openSignedIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * A translator's round trip on a map whose topics are referenced by keys: export XLIFF for a target
 * language chosen from the list, the writer changes one sentence meanwhile, the translated file is
 * imported and the report lists that sentence as needing a new translation (the rest is written).
 */
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const id = unique();
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map xml:lang="en-US"><title>Pump guide ${id}</title>
  <keydef keys="install" href="topics/install.dita"/>
  <topicref keyref="install"/>
</map>
`;
const INSTALL = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="install" xml:lang="en-US"><title>Installing the pump</title><body>
<p>Set the pump on a flat floor.</p>
<p>Connect the hose.</p>
</body></topic>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let documentId = 0;
let libraryId = 0;

/** What a translation tool does: every segment gets a target keeping the source's placeholders. */
const translateAll = (xliff: string) =>
  xliff.replace(/<segment state="initial"><source>([\s\S]*?)<\/source><\/segment>/g, (_w, src: string) => {
    const target = src.replace(/(^|>)([^<]+)/g, (_m, lead: string, text: string) => `${lead}${text.trim() ? `DE ${text}` : text}`);
    return `<segment state="translated"><source>${src}</source><target>${target}</target></segment>`;
  });

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({ user: GIT_USER, password: GIT_PASSWORD, repos: { pump: { 'guide.ditamap': MAP, 'topics/install.dita': INSTALL } } });
  admin = await adminApi(baseURL ?? '');
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `tl_${id}`,
      displayText: `Pump ${id}`,
      libraryType: 'DITA',
      url: remote.url('pump'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  libraryId = body.data?.libraryId ?? 0;
  const docs = await admin.get(`${API}/ccms/document/list`, { params: { libraryId, pageSize: 10 } });
  const rows = ((await docs.json()) as { rows: { documentId: number; path: string }[] }).rows;
  documentId = rows.find((r) => r.path === 'guide.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('export for a language from the list, import a file one sentence of which changed since, see the report', async ({ page }) => {
  await openSignedIn(page, `/ccms/document-detail/index?id=${documentId}`);
  await page.getByRole('tab', { name: '翻译' }).click();
  const language = page.getByRole('combobox', { name: '目标语言' });
  await language.click();
  await language.fill('de-DE');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '德语 (de-DE)' }).click();
  await expect(page.locator('.translation-tab')).toContainText('德语 (de-DE)');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 XLIFF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/de-DE\.xlf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const exported = await readFile(path, 'utf8');
  expect(exported).toContain('trgLang="de-DE"');
  // The topic reached through its key is in the file.
  expect(exported).toContain('original="topics/install.dita"');

  // The writer changes one sentence before the translation comes back.
  const read = await admin.get(`${API}/ccms/explorer/file`, { params: { libraryId, ref: 'main', path: 'topics/install.dita' } });
  const file = (await read.json()) as { code: number; msg: string; data?: { commit: string } };
  expect(file.code, file.msg).toBe(200);
  const saved = await admin.put(`${API}/ccms/explorer/file`, {
    data: {
      libraryId,
      branch: 'main',
      path: 'topics/install.dita',
      content: INSTALL.replace('Connect the hose.', 'Connect the hose firmly.'),
      message: 'Firmly',
      baseCommit: file.data?.commit,
    },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);

  await page
    .locator('.translation-tab input[type=file]')
    .setInputFiles({ name: 'guide.de-DE.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(translateAll(exported)) });
  const report = page.locator('.translation-report');
  await expect(report).toContainText('需要重新翻译 1 个');
  await expect(report).toContainText('导入完成：提交');
  const stale = report.getByRole('row', { name: /topics\/install\.dita/ });
  await expect(stale).toContainText('Connect the hose.');
  await expect(stale).toContainText('Connect the hose firmly.');
  expect(await remote.show('pump', 'main', 'de-DE/topics/install.dita')).toContain('<p>DE Set the pump on a flat floor.</p>');
});
