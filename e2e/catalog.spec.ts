import { DUPLICATE_SUBMIT_WINDOW_MS } from '@ccms/contracts/constants';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import yazl from 'yazl';
import { API, adminApi, chooseLibrary, openSignedIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The content catalogue over git: a small DITA repository (a map, a Chinese topic, an English
 * topic, a broken topicref) served by `git http-backend` on 127.0.0.1 becomes a library. The
 * administrator opens the document, walks its toc, opens a topic, sees its references and
 * history, sets a status, creates a revision (and is refused the same name again), and searches
 * a Chinese and an English word.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const ok = /^确\s*定$/;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map xml:lang="zh-CN">
  <title>打印机用户指南</title>
  <topicref href="../topics/intro.dita">
    <topicref href="../topics/install.dita"/>
  </topicref>
  <topicref href="../topics/missing.dita" navtitle="Missing page"/>
</map>
`;
const INTRO = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="intro" xml:lang="zh-CN">
  <title>简介</title>
  <body>
    <p>本手册介绍如何安装打印机。</p>
    <p>参见 <xref href="install.dita"/>。</p>
  </body>
</topic>
`;
const INSTALL = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="install" xml:lang="en-US">
  <title>Installing the printer</title>
  <body>
    <p>Unpack the printer and insert the ink cartridge.</p>
  </body>
</topic>
`;
const INSTALL_V2 = INSTALL.replace('insert the ink cartridge.', 'insert the ink cartridge.</p>\n    <p>Load paper into the tray.');

let remote: E2eGitServer;
let admin: APIRequestContext;
const id = unique();
const libraryName = `cat_${id}`;
const displayText = `Manual ${id}`;
let libraryId = 0;
let documentUrl = '';

function zipOf(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
    zip.end();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** Picks this file's library in a catalogue screen's library selector. */
async function pickLibrary(page: Page) {
  await chooseLibrary(page, displayText);
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { manual: { 'maps/guide.ditamap': MAP, 'topics/intro.dita': INTRO, 'topics/install.dita': INSTALL } },
  });
  admin = await adminApi(baseURL ?? '');
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: libraryName,
      displayText,
      libraryType: 'DITA',
      url: remote.url('manual'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  libraryId = body.data?.libraryId ?? 0;
  // A second commit on the English topic, through the server (so its history has two versions).
  // A save names the commit it was read at (a stale one is refused), so read the file first.
  const read = await admin.get(`${API}/ccms/explorer/file`, { params: { libraryId, ref: 'main', path: 'topics/install.dita' } });
  const file = (await read.json()) as { code: number; msg: string; data?: { commit: string } };
  expect(file.code, file.msg).toBe(200);
  const saved = await admin.put(`${API}/ccms/explorer/file`, {
    data: { libraryId, branch: 'main', path: 'topics/install.dita', content: INSTALL_V2, message: `Mention the tray ${id}`, baseCommit: file.data?.commit },
  });
  const savedBody = (await saved.json()) as { code: number; msg: string };
  expect(savedBody.code, savedBody.msg).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('open the document and walk its toc: nested nodes in map order, the broken one marked', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  await expect(page.getByTestId('indexed-commit').first()).toBeVisible();
  const row = page.getByRole('row', { name: /打印机用户指南/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('草稿');
  await row.getByTestId('document-link').click();
  await expect(page).toHaveURL(/\/ccms\/document-detail\/index\?id=\d+/);
  documentUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByTestId('document-title')).toHaveText('打印机用户指南');
  await expect(page.getByTestId('indexed-commit').first()).toBeVisible();

  const nodes = page.getByTestId('toc-node');
  await expect(nodes).toHaveCount(3);
  await expect(nodes.nth(0)).toHaveAttribute('data-node-id', '0');
  await expect(nodes.nth(0)).toContainText('简介');
  await expect(nodes.nth(0)).toContainText('有内容');
  await expect(nodes.nth(1)).toHaveAttribute('data-node-id', '0.0');
  await expect(nodes.nth(1)).toContainText('Installing the printer');
  await expect(nodes.nth(2)).toHaveAttribute('data-node-id', '1');
  await expect(nodes.nth(2).getByTestId('toc-broken')).toHaveText('错误：链接已断开');
  await expect(nodes.nth(2).getByTestId('toc-broken')).toHaveCSS('color', 'rgb(255, 77, 79)');

  // Connections: the map uses both topics.
  await page.getByRole('tab', { name: '关联' }).click();
  await expect(page.getByTestId('connections-uses')).toContainText('topics/intro.dita');
  await expect(page.getByTestId('connections-uses')).toContainText('topics/install.dita');

  // A toc node opens its topic.
  await page.getByRole('tab', { name: '结构' }).click();
  await page.getByTestId('toc-node').filter({ hasText: 'Installing the printer' }).locator('.toc-node-title').click();
  await expect(page).toHaveURL(/\/ccms\/topic-detail\/index\?id=\d+/);
  await expect(page.getByTestId('topic-title')).toHaveText('Installing the printer');
});

test('a topic: references each lead to their place, history shows versions side by side, status changes', async ({ page }) => {
  await openSignedIn(page, '/content/topic');
  await pickLibrary(page);
  await page
    .getByRole('row', { name: /Installing the printer/ })
    .getByTestId('topic-link')
    .click();
  await expect(page.getByTestId('topic-title')).toHaveText('Installing the printer');
  const topicUrl = page.url();

  // References: the map and the Chinese topic point at it; the Chinese topic's place opens it.
  await page.getByRole('tab', { name: '引用' }).click();
  const incoming = page.getByTestId('refs-incoming');
  await expect(incoming).toContainText('maps/guide.ditamap');
  await expect(incoming).toContainText('topics/intro.dita');
  await incoming.getByTestId('link-place').filter({ hasText: 'topics/intro.dita' }).click();
  await expect(page.getByTestId('topic-title')).toHaveText('简介');
  await page.getByRole('tab', { name: '引用' }).click();
  await page.getByTestId('refs-outgoing').getByTestId('link-place').filter({ hasText: 'topics/install.dita' }).click();
  await expect(page.getByTestId('topic-title')).toHaveText('Installing the printer');
  await page.goto(topicUrl);

  // History: two versions; the two side by side, and an old one on its own.
  await page.getByRole('tab', { name: '修订历史' }).click();
  const history = page.getByTestId('topic-history');
  await expect(history.getByRole('row', { name: new RegExp(`Mention the tray ${id}`) })).toBeVisible();
  await expect(history.getByRole('row', { name: /Initial content/ })).toBeVisible();
  for (const box of await history.locator('tbody .ant-checkbox-input').all()) await box.check();
  await page.getByRole('button', { name: '比较所选版本' }).click();
  const diff = page.getByTestId('diff-table');
  await expect(diff.locator('tr.added')).toContainText('Load paper into the tray.');
  await expect(page.getByTestId('diff-summary')).toContainText('新增');
  await history
    .getByRole('row', { name: /Initial content/ })
    .getByRole('button', { name: '查看' })
    .click();
  const version = page.getByTestId('topic-version-content');
  await expect(version).toContainText('insert the ink cartridge.');
  await expect(version).not.toContainText('tray');
  await page.keyboard.press('Escape');

  // Set status: from draft only "under review" and "archived" are offered.
  await page.getByRole('button', { name: '设置状态' }).click();
  const dialog = page.getByRole('dialog', { name: '设置主题状态' });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByTestId('status-targets')).toContainText('审阅中');
  await expect(dialog.getByTestId('status-targets')).toContainText('已归档');
  await expect(dialog.getByTestId('status-targets')).not.toContainText('已批准');
  await dialog.getByText('审阅中', { exact: true }).click();
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-card-head').getByText('审阅中', { exact: true })).toBeVisible();

  // A stale link.
  await page.goto('/ccms/topic-detail/index?id=99999999');
  await expect(page.getByTestId('topic-missing')).toHaveText('主题不存在');
});

test('a new revision of the document, and the same name again refused', async ({ page }) => {
  await openSignedIn(page, documentUrl || '/content/document');
  if (!documentUrl) throw new Error('the first test did not open the document');
  await page.getByRole('tab', { name: '修订历史' }).click();
  const name = `v${id}`;
  await page.getByRole('button', { name: '新建修订版本' }).click();
  let dialog = page.getByRole('dialog', { name: '新建修订版本' });
  await dialog.getByLabel('修订版本', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('revision-table').getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The same request within a second is the spec's double submit, held by the client ("数据正在处理"); a
  // writer trying the name again takes longer than that, and the server's refusal is what is tested here.
  await page.waitForTimeout(DUPLICATE_SUBMIT_WINDOW_MS + 100);
  await page.getByRole('button', { name: '新建修订版本' }).click();
  dialog = page.getByRole('dialog', { name: '新建修订版本' });
  await dialog.getByLabel('修订版本', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog.getByTestId('revision-error')).toHaveText(`修订版本 ${name} 已存在！`);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Compare the revision with the indexed commit: nothing changed since.
  await page.getByRole('button', { name: /比\s*较$/ }).click();
  await expect(page.getByTestId('compare-summary')).toContainText('0 个主题有变化');

  // The document's own status: draft -> under review.
  await page.getByRole('button', { name: '设置状态' }).click();
  const status = page.getByRole('dialog', { name: '设置文档状态' });
  await status.getByText('审阅中', { exact: true }).click();
  await status.getByRole('button', { name: ok }).click();
  await expect(status).toBeHidden();
  await expect(page.locator('.ant-card-head').getByText('审阅中', { exact: true })).toBeVisible();
});

test('toc fast create from an indented outline, and a zip import with a chosen root map', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await pickLibrary(page);
  await page.getByRole('button', { name: '目录快速创建' }).click();
  const dialog = page.getByRole('dialog', { name: '目录快速创建' });
  await dialog.getByLabel('映射标题').fill(`快速手册 ${id}`);
  await dialog.getByLabel('映射路径').fill(`quick/quick-${id}.ditamap`);
  const outline = dialog.getByTestId('outline');
  await outline.click();
  await outline.pressSequentially('第一章');
  await outline.press('Enter');
  await outline.press('Tab');
  await outline.pressSequentially('Section A');
  await outline.press('Enter');
  await outline.press('Tab');
  await outline.pressSequentially('Existing | topics/intro.dita');
  await expect(outline).toHaveValue('第一章\n\tSection A\n\tExisting | topics/intro.dita');
  await expect(dialog).toContainText('预览：3 个节点，新建 2 个主题');
  await expect(dialog.getByTestId('outline-preview')).toContainText('Section A');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/ccms\/document-detail\/index\?id=\d+/);
  const nodes = page.getByTestId('toc-node');
  await expect(nodes).toHaveCount(3);
  await expect(nodes.nth(1)).toHaveAttribute('data-node-id', '0.0');
  await expect(nodes.nth(1)).toContainText('Section A');
  // The existing topic keeps the outline's title as the node's navtitle and has content.
  await expect(nodes.nth(2)).toHaveAttribute('data-node-id', '0.1');
  await expect(nodes.nth(2)).toContainText('Existing');
  await expect(nodes.nth(2)).toContainText('有内容');

  // Import: one zip, the root map chosen from the maps the server found in it.
  await page.goto('/content/document');
  await pickLibrary(page);
  await page.getByRole('button', { name: '导入' }).click();
  const importing = page.getByRole('dialog', { name: '导入文档' });
  await importing.locator('input[type=file]').setInputFiles({
    name: 'pack.zip',
    mimeType: 'application/zip',
    buffer: await zipOf({
      'pack/book.ditamap': MAP.replace('打印机用户指南', `Imported ${id}`).replace(/\s*<topicref href="..\/topics\/missing.dita"[^>]*\/>/, ''),
      'pack/keys.ditamap': '<?xml version="1.0" encoding="UTF-8"?>\n<map><title>Keys</title></map>\n',
      'topics/intro.dita': INTRO,
      'topics/install.dita': INSTALL,
    }),
  });
  await expect(importing.getByTestId('import-inspect')).toContainText('2 个映射');
  await importing.getByRole('combobox', { name: '根文件' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('pack/book.ditamap', { exact: true }).click();
  await importing.getByLabel('目标文件夹').fill(`imported-${id}`);
  await importing.getByRole('button', { name: ok }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByTestId('document-title')).toHaveText(`Imported ${id}`);
  await expect(page.getByTestId('toc-node')).toHaveCount(2);
});

test('search as you type: a Chinese word and an English word, matches marked', async ({ page }) => {
  await openSignedIn(page, '/content/search');
  await pickLibrary(page);
  const box = page.getByRole('searchbox', { name: '搜索内容' }).or(page.getByRole('textbox', { name: '搜索内容' }));
  await box.fill('打印机');
  const hits = page.getByTestId('search-hit');
  const intro = hits.filter({ hasText: '简介' }).first();
  await expect(intro).toBeVisible();
  await expect(intro.locator('mark').first()).toHaveText('打印机');

  await box.fill('cartridge');
  const install = hits.filter({ hasText: 'Installing the printer' }).first();
  await expect(install).toBeVisible();
  await expect(install.locator('mark').first()).toHaveText(/cartridge/i);
  await expect(hits.filter({ hasText: '简介' })).toHaveCount(0);
  await install.getByTestId('search-hit-title').click();
  await expect(page.getByTestId('topic-title')).toHaveText('Installing the printer');
});
