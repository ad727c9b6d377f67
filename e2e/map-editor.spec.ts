import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The map editor on a real library (bare repository over smart HTTP on 127.0.0.1): the document's
 * toc tab opens it with "Edit structure"; the tree shows resolved titles and a broken link; a
 * writer moves a node by keyboard and another by drag and drop, adds a new topic from the task
 * template and saves: the remote has one commit with the new map and the new topic. The
 * relationship table grid and a bookmap's parts are saved and read back.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'mapper';
const GIT_PASSWORD = 's3cret-pw';
const REPO = 'book';
const SAVED = { timeout: 60_000 };

const topic = (id: string, title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="${id}">
  <title>${title}</title>
  <body>
    <p>About ${title}.</p>
  </body>
</topic>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Printer guide</title>
  <!-- keep this comment -->
  <topicref href="../topics/alpha.dita"/>
  <topicref href="../topics/beta.dita"/>
  <topicref href="../topics/gamma.dita"/>
  <topicref href="../topics/missing.dita" navtitle="Missing"/>
</map>
`;

const OTHER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Other guide</title>
  <topicref href="../topics/gamma.dita"/>
</map>
`;

const BOOK = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE bookmap PUBLIC "-//OASIS//DTD DITA BookMap//EN" "bookmap.dtd">
<bookmap>
  <booktitle>
    <mainbooktitle>Printer book</mainbooktitle>
  </booktitle>
  <chapter href="../topics/alpha.dita"/>
</bookmap>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;
let author = '';

const titles = (page: Page) => page.getByTestId('map-tree').getByTestId('map-node-title');
const node = (page: Page, title: string) => page.getByTestId('map-tree').getByTestId('map-node').filter({ hasText: title });

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: {
      [REPO]: {
        'maps/guide.ditamap': MAP,
        'topics/alpha.dita': topic('alpha', 'Alpha'),
        'topics/beta.dita': topic('beta', 'Beta'),
        'topics/gamma.dita': topic('gamma', 'Gamma'),
        'maps/other.ditamap': OTHER,
        'maps/book.bookmap': BOOK,
      },
    },
  });
  admin = await adminApi(baseURL ?? '');
  const id = unique();
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `map_${id}`,
      displayText: `Maps ${id}`,
      libraryType: 'DITA',
      url: remote.url(REPO),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  libraryId = body.data?.libraryId ?? 0;
  const indexed = (await (await admin.post(`${API}/ccms/catalog/reindex?libraryId=${libraryId}`)).json()) as { code: number; msg: string };
  expect(indexed.code, indexed.msg).toBe(200);
  const profile = (await (await admin.get(`${API}/system/user/profile`)).json()) as { data: { nickName: string; userName: string } };
  author = profile.data.nickName || profile.data.userName;
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('open from the toc, reorder by keyboard and by drag and drop, add a topic from the task template, save one commit', async ({ page }) => {
  await signInByApi(page);
  const docs = (await (await admin.get(`${API}/ccms/document/list?libraryId=${libraryId}&pageNum=1&pageSize=10`)).json()) as {
    rows: { documentId: number; path: string }[];
  };
  const doc = docs.rows.find((r) => r.path === 'maps/guide.ditamap');
  expect(doc).toBeTruthy();
  await page.goto(`/ccms/document-detail/index?id=${doc?.documentId}`);
  await page.getByTestId('toc-edit-structure').click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/ccms\/ditamapeditor\/index\?/);
  await expect(page.getByTestId('map-editor')).toBeVisible({ timeout: 30_000 });

  // Resolved titles, the file of each node and the broken link.
  await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma', 'Missing']);
  await expect(node(page, 'Missing').getByTestId('map-node-broken')).toHaveText('错误：链接已断开');
  await expect(node(page, 'Alpha').getByTestId('map-node-broken')).toHaveCount(0);
  const commitsBefore = (await remote.log(REPO, 'main')).length;

  // Keyboard: Gamma up one place (Alt+↑), then indented under Alpha (Tab) and back out (Shift+Tab).
  await node(page, 'Gamma').click();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(titles(page)).toHaveText(['Alpha', 'Gamma', 'Beta', 'Missing']);
  await page.keyboard.press('Tab');
  await expect(page.locator('.cm-content')).toContainText('<topicref href="../topics/alpha.dita">');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('.cm-content')).toContainText('<topicref href="../topics/alpha.dita"/>');
  await expect(page.getByTestId('map-dirty')).toBeVisible();

  // Drag and drop: Beta before Alpha (dropped on the upper edge of Alpha's row, same indentation).
  const source = node(page, 'Beta');
  const targetRow = node(page, 'Alpha');
  const box = await targetRow.boundingBox();
  const from = await source.boundingBox();
  expect(box && from).toBeTruthy();
  await source.dragTo(targetRow, { sourcePosition: { x: 10, y: (from?.height ?? 20) / 2 }, targetPosition: { x: 10, y: 1 } });
  await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma', 'Missing']);

  // A new topic from the task template, after Gamma.
  await node(page, 'Gamma').click();
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '从模板新建主题' }).click();
  const form = page.getByTestId('add-form');
  await form.getByTestId('add-template').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '任务（含前提和步骤） (task, zh-CN)' }).click();
  await form.getByTestId('add-title').fill('Replace the toner');
  await expect(form.getByTestId('add-file-name')).toHaveValue('replace-the-toner.dita');
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma', 'Replace the toner', 'Missing']);
  await expect(node(page, 'Replace the toner').getByTestId('map-node-new')).toBeVisible();

  await page.getByTestId('map-save').click();
  await expect(page.getByText(/已保存（提交/)).toBeVisible(SAVED);
  await expect(page.getByTestId('map-clean')).toBeVisible();

  const log = await remote.log(REPO, 'main');
  expect(log.length).toBe(commitsBefore + 1);
  expect(log[0]?.author).toBe(author);
  expect(log[0]?.subject).toBe('更新映射 Printer guide');
  const map = (await remote.show(REPO, 'main', 'maps/guide.ditamap')) ?? '';
  expect(map).toBe(
    MAP.replace(
      '  <topicref href="../topics/alpha.dita"/>\n  <topicref href="../topics/beta.dita"/>\n  <topicref href="../topics/gamma.dita"/>\n',
      '  <topicref href="../topics/beta.dita"/>\n  <topicref href="../topics/alpha.dita"/>\n  <topicref href="../topics/gamma.dita"/>\n  <topicref href="../topics/replace-the-toner.dita" navtitle="Replace the toner"/>\n',
    ),
  );
  const created = (await remote.show(REPO, 'main', 'topics/replace-the-toner.dita')) ?? '';
  // The id is named like the file (issue 38, item 12).
  expect(created).toContain('<task id="replace-the-toner"');
  expect(created).toContain('<title>Replace the toner</title>');
  // The tree now resolves the new topic's title from the catalogue and shows no "new" mark.
  await expect(node(page, 'Replace the toner').getByTestId('map-node-new')).toHaveCount(0);
  await expect(node(page, 'Replace the toner').getByTestId('map-node-broken')).toHaveCount(0);
});

test('attributes, an existing topic and a keydef in one save; deleting a file another map uses is refused, naming that map', async ({ page }) => {
  await signInByApi(page);
  await page.goto(`/ccms/ditamapeditor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: 'maps/guide.ditamap' }).toString()}`);
  await expect(page.getByTestId('map-editor')).toBeVisible({ timeout: 30_000 });
  await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma', 'Replace the toner', 'Missing']);
  const before = (await remote.show(REPO, 'main', 'maps/guide.ditamap')) ?? '';
  const commitsBefore = (await remote.log(REPO, 'main')).length;

  await node(page, 'Gamma').click();
  await page.getByTestId('map-delete-file').click();
  await expect(page.getByTestId('delete-refused')).toContainText('maps/other.ditamap');
  await page.locator('.ant-modal-confirm-btns button').click();

  // toc="no" on Alpha from the attributes panel.
  await node(page, 'Alpha').click();
  await page.getByTestId('attr-toc').click();
  await page.locator('.ant-select-item-option').filter({ hasText: /^no$/ }).click();
  await page.getByTestId('attrs-apply').click();
  await expect(page.locator('.cm-content')).toContainText('<topicref href="../topics/alpha.dita" toc="no"/>');

  // An existing topic from the catalogue, after Alpha.
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '已有主题' }).click();
  await page.getByTestId('topic-picker').click();
  await page.keyboard.type('gamma');
  await page.locator('.ant-select-item-option').filter({ hasText: 'topics/gamma.dita' }).click();
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma', 'Gamma', 'Replace the toner', 'Missing']);

  // A keydef to an external site with its variable text.
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '键定义（keydef）' }).click();
  await page.getByTestId('add-keys').fill('support');
  await page.getByTestId('add-url').fill('https://example.com/support');
  await page.getByTestId('add-keyword').fill('Support site');
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma', 'support', 'Gamma', 'Replace the toner', 'Missing']);

  await page.getByTestId('map-save').click();
  await expect(page.getByText(/已保存（提交/)).toBeVisible(SAVED);
  expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore + 1);
  const map = (await remote.show(REPO, 'main', 'maps/guide.ditamap')) ?? '';
  expect(map).toBe(
    before.replace(
      '  <topicref href="../topics/alpha.dita"/>\n',
      '  <topicref href="../topics/alpha.dita" toc="no"/>\n  <topicref href="../topics/gamma.dita"/>\n  <keydef keys="support" href="https://example.com/support" scope="external" format="html">\n    <topicmeta>\n      <keywords><keyword>Support site</keyword></keywords>\n    </topicmeta>\n  </keydef>\n',
    ),
  );
  expect(await remote.show(REPO, 'main', 'topics/gamma.dita')).not.toBeNull();
});

const openMap = async (page: Page, path: string) => {
  await page.goto(`/ccms/ditamapeditor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path }).toString()}`);
  await expect(page.getByTestId('map-editor')).toBeVisible({ timeout: 30_000 });
};

/** Picks a topic of the catalogue in the open picker (the add dialog's or a relationship cell's). */
const pickTopic = async (page: Page, picker: string, text: string, path: string) => {
  await page.getByTestId(picker).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option').filter({ hasText: path }).click();
};

test('relationship table grid: a new table, a row added, cells set, saved; reopening shows it', async ({ page }) => {
  await signInByApi(page);
  await openMap(page, 'maps/guide.ditamap');
  const commitsBefore = (await remote.log(REPO, 'main')).length;
  await page.getByRole('tab', { name: '关系表（0）' }).click();
  await page.getByTestId('rel-new').click();
  await page.getByTestId('rel-add-row').click();
  await expect(page.getByTestId('rel-row')).toHaveCount(2);

  // Row 1: Alpha in the concept column, Beta in the task column.
  const firstRow = page.getByTestId('rel-row').first();
  await firstRow.getByRole('button', { name: '添加主题' }).nth(0).click();
  await pickTopic(page, 'rel-picker', 'alpha', 'topics/alpha.dita');
  await page.getByTestId('rel-pick-ok').click();
  await expect(firstRow.locator('.ant-tag')).toHaveText(['Alpha']);
  await firstRow.getByRole('button', { name: '添加主题' }).nth(1).click();
  await pickTopic(page, 'rel-picker', 'beta', 'topics/beta.dita');
  await page.getByTestId('rel-pick-ok').click();
  await expect(firstRow.locator('.ant-tag')).toHaveText(['Alpha', 'Beta']);
  await expect(page.locator('.cm-content')).toContainText('<relcolspec type="concept"/><relcolspec type="task"/>');

  await page.getByTestId('map-save').click();
  await expect(page.getByText(/已保存（提交/)).toBeVisible(SAVED);
  expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore + 1);
  const map = (await remote.show(REPO, 'main', 'maps/guide.ditamap')) ?? '';
  // The new table is written after the map's references (rows on lines of their own after the first).
  const written = map.slice(map.indexOf('<reltable>')).replace(/>\s+</g, '><');
  expect(written).toBe(
    '<reltable><relheader><relcolspec type="concept"/><relcolspec type="task"/></relheader><relrow><relcell><topicref href="../topics/alpha.dita"/></relcell><relcell><topicref href="../topics/beta.dita"/></relcell></relrow><relrow><relcell/><relcell/></relrow></reltable></map>\n',
  );

  // Opened again: the table is read back from the library, its cells titled.
  await openMap(page, 'maps/guide.ditamap');
  await page.getByRole('tab', { name: '关系表（1）' }).click();
  await expect(page.getByTestId('rel-row')).toHaveCount(2);
  await expect(page.getByTestId('rel-row').first().locator('.ant-tag')).toHaveText(['Alpha', 'Beta']);
});

test('bookmap parts: a chapter, a part and an appendix added and saved; the source view shows them after reopening', async ({ page }) => {
  await signInByApi(page);
  await openMap(page, 'maps/book.bookmap');
  await expect(titles(page)).toHaveText(['Alpha']);
  const commitsBefore = (await remote.log(REPO, 'main')).length;

  // A chapter (the bookmap's default element for an existing topic) after Alpha.
  await node(page, 'Alpha').click();
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '已有主题' }).click();
  await expect(page.getByTestId('add-element')).toContainText('chapter');
  await pickTopic(page, 'topic-picker', 'beta', 'topics/beta.dita');
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Alpha', 'Beta']);

  // A part with its title, after the chapters.
  await node(page, 'Beta').click();
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '书籍结构（part、frontmatter、backmatter 等）' }).click();
  await expect(page.getByTestId('add-element')).toContainText('part');
  await page.getByTestId('add-navtitle').fill('Part one');
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Part one']);

  // An appendix after the part.
  await node(page, 'Part one').click();
  await page.getByTestId('map-add').click();
  await page.getByRole('menuitem', { name: '已有主题' }).click();
  await page.getByTestId('add-element').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^appendix$/ })
    .click();
  await pickTopic(page, 'topic-picker', 'gamma', 'topics/gamma.dita');
  await page.getByTestId('add-ok').click();
  await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Part one', 'Gamma']);

  await page.getByTestId('map-save').click();
  await expect(page.getByText(/已保存（提交/)).toBeVisible(SAVED);
  expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore + 1);
  const saved = (await remote.show(REPO, 'main', 'maps/book.bookmap')) ?? '';
  expect(saved).toMatch(
    /<chapter href="\.\.\/topics\/alpha\.dita"\/>\s*<chapter href="\.\.\/topics\/beta\.dita"\/>\s*<part navtitle="Part one"\/>\s*<appendix href="\.\.\/topics\/gamma\.dita"\/>\s*<\/bookmap>/,
  );

  await openMap(page, 'maps/book.bookmap');
  await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Part one', 'Gamma']);
  const source = page.locator('.cm-content');
  await expect(source).toContainText('<chapter href="../topics/beta.dita"/>');
  await expect(source).toContainText('<part navtitle="Part one"/>');
  await expect(source).toContainText('<appendix href="../topics/gamma.dita"/>');
});
