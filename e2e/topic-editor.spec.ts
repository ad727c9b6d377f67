import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { API, adminApi, openSignedIn, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The topic editor on a real library (bare repository over smart HTTP on 127.0.0.1): a writer
 * changes a paragraph in the visual view, sees it in the source view, inserts an xref and an
 * image through the pickers and saves one commit with exactly that change; broken XML is refused
 * with a located message; two writers on the same topic merge or meet the merge view; a reload
 * offers the draft back.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const REPO = 'manual';
/** A save validates, commits, pushes and reindexes: on a loaded machine that can take a while. */
const SAVED = { timeout: 60_000 };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const topic = (id: string, title: string, paragraphs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="${id}">
  <title>${title}</title>
  <body>
${paragraphs.map((p) => `    <p>${p}</p>`).join('\n')}
  </body>
</topic>
`;
const INTRO = topic('intro', 'Introduction', ['This manual explains the printer.', 'Read it before use.']);
const INSTALL = topic('install', 'Installing the printer', ['Unpack the printer.']);
const SHARED = topic('shared', 'Shared topic', ['First paragraph.', 'Second paragraph.', 'Third paragraph.']);
const DRAFTED = topic('drafted', 'Drafted topic', ['Nothing typed yet.']);
const BROKEN = topic('broken', 'Refused topic', ['Valid so far.']);
const WARNINGS = topic('warnings', 'Warnings', ['Read them all.']).replace('<p>Read them all.</p>', '<p id="dry">Keep the printer dry.</p>');
const REUSE = topic('reuse', 'Reused warnings', ['Own text.']).replace(
  '<p>Own text.</p>',
  '<p>Own text.</p>\n    <p conref="warnings.dita#warnings/dry"/>\n    <p conref="warnings.dita#warnings/gone"/>',
);
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Printer guide</title>
  <topicref href="../topics/intro.dita"/>
  <topicref href="../topics/install.dita"/>
</map>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;
let author = '';

const editorUrl = (path: string, source = false) =>
  `/ccms/${source ? 'mxeditor' : 'topic-editor'}/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path }).toString()}`;

/** The lines of `after` that differ from `before` (same line count expected). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

async function openEditor(page: Page, path: string, source = false) {
  await page.goto(editorUrl(path, source));
  // The first opening loads the editor's chunks and reads the library's fresh clone.
  await expect(page.locator('.navbar')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('topic-editor')).toBeVisible({ timeout: 30_000 });
  if (source) await expect(page.locator('.cm-content')).toBeVisible();
  else await expect(page.locator('[data-testid="visual-editor"] .ProseMirror')).toBeVisible();
}

/** Replaces the whole text of the source view (typed as one input, so no tag is auto-closed). */
async function replaceSource(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function save(page: Page) {
  await page.getByTestId('editor-save').click();
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: {
      [REPO]: {
        'maps/guide.ditamap': MAP,
        'topics/intro.dita': INTRO,
        'topics/install.dita': INSTALL,
        'topics/shared.dita': SHARED,
        'topics/drafted.dita': DRAFTED,
        'topics/broken.dita': BROKEN,
        'topics/warnings.dita': WARNINGS,
        'topics/reuse.dita': REUSE,
        'images/logo.png': PNG,
      },
    },
  });
  admin = await adminApi(baseURL ?? '');
  const id = unique();
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `ed_${id}`,
      displayText: `Editor ${id}`,
      libraryType: 'DITA',
      url: remote.url(REPO),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  libraryId = body.data?.libraryId ?? 0;
  const profile = (await (await admin.get(`${API}/system/user/profile`)).json()) as { data: { nickName: string; userName: string } };
  author = profile.data.nickName || profile.data.userName;
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('edit visually, see it in the source, insert an xref and an image, save one commit with exactly that change', async ({ page }) => {
  await signInByApi(page);
  await openEditor(page, 'topics/intro.dita');
  const commitsBefore = (await remote.log(REPO, 'main')).length;

  await page.locator('.ProseMirror').getByText('This manual explains the printer.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Keep it dry.');
  await expect(page.getByTestId('editor-dirty')).toBeVisible();

  await page.getByTestId('editor-mode').getByText('源码').click();
  await expect(page.locator('.cm-content')).toContainText('This manual explains the printer. Keep it dry.');

  await page.getByTestId('editor-insert').click();
  await page.getByRole('menuitem', { name: '交叉引用' }).click();
  const picker = page.getByTestId('insert-picker');
  await picker.getByPlaceholder('按标题、文件名、主题 id 或元素 id 搜索').fill('install');
  await picker
    .getByTestId('picker-target')
    .filter({ hasText: /install\.dita#install$/ })
    .first()
    .click();
  await expect(page.locator('.cm-content')).toContainText('<xref href="install.dita#install"/>');

  await page.getByTestId('editor-insert').click();
  await page.getByRole('menuitem', { name: '图片' }).click();
  // Each step says what it waited for (this test once ran out its time here with no picker open).
  await expect(page.getByTestId('insert-picker')).toBeVisible();
  await expect(page.getByTestId('picker-graphic').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('picker-graphic').first().click();
  await expect(page.locator('.cm-content')).toContainText('<image href="../images/logo.png"/>');

  await save(page);
  await expect(page.getByText(/已保存，提交/)).toBeVisible(SAVED);

  const log = await remote.log(REPO, 'main');
  expect(log.length).toBe(commitsBefore + 1);
  expect(log[0]?.author).toBe(author);
  expect(log[0]?.subject).toBe('更新 Introduction');
  const after = (await remote.show(REPO, 'main', 'topics/intro.dita')) ?? '';
  const changed = changedLines(INTRO, after);
  expect(changed).toHaveLength(1);
  expect(changed[0]).toContain('This manual explains the printer. Keep it dry.');
  expect(changed[0]).toContain('<xref href="install.dita#install"/>');
  expect(changed[0]).toContain('<image href="../images/logo.png"/>');
});

test('the source view completes allowed elements; broken XML is underlined and refused with a located message, committing nothing', async ({ page }) => {
  await signInByApi(page);
  await openEditor(page, 'topics/broken.dita', true);
  const commitsBefore = (await remote.log(REPO, 'main')).length;
  // Inside <body>, typing "<" offers the elements a body allows.
  await page.locator('.cm-line', { hasText: '<p>Valid so far.</p>' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('<');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('section');
  await page.keyboard.press('Escape');
  await replaceSource(page, BROKEN.replace('<p>Valid so far.</p>', '<p>Valid so far.'));
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+s');
  const problems = page.getByTestId('save-problems');
  await expect(problems).toBeVisible(SAVED);
  await expect(problems.getByTestId('save-problem').first()).toContainText(/第 \d+ 行，第 \d+ 列/);
  expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore);
  expect(await remote.show(REPO, 'main', 'topics/broken.dita')).toBe(BROKEN);
});

test('a conref is shown resolved and read-only in place, with open source; a broken one is underlined with the reason', async ({ page }) => {
  await signInByApi(page);
  await openEditor(page, 'topics/reuse.dita');
  const resolved = page.getByTestId('conref-resolved');
  await expect(resolved).toContainText('Keep the printer dry.', SAVED);
  await expect(page.getByTestId('broken-ref')).toHaveAttribute('title', /no element "warnings\/gone"/);
  await resolved.getByRole('button', { name: '打开来源' }).click();
  await expect(page.getByTestId('editor-title')).toHaveText('Warnings');
});

/** A second browser context signed in as the same writer (another machine). */
async function secondWriter(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page);
  return page;
}

test('two writers: non-overlapping changes both land; overlapping ones show the merge view and nothing is lost', async ({ page, browser }) => {
  await signInByApi(page);
  const other = await secondWriter(browser);
  try {
    await openEditor(page, 'topics/shared.dita', true);
    await openEditor(other, 'topics/shared.dita', true);

    const first = SHARED.replace('First paragraph.', 'First paragraph, by A.');
    await replaceSource(page, first);
    await save(page);
    await expect(page.getByText(/已保存，提交/)).toBeVisible(SAVED);

    await replaceSource(other, SHARED.replace('Third paragraph.', 'Third paragraph, by B.'));
    await save(other);
    await expect(other.getByTestId('merged-notice')).toBeVisible(SAVED);
    const merged = first.replace('Third paragraph.', 'Third paragraph, by B.');
    expect(await remote.show(REPO, 'main', 'topics/shared.dita')).toBe(merged);

    // Both continue from the merged file; now both change the second paragraph.
    await openEditor(page, 'topics/shared.dita', true);
    await replaceSource(page, merged.replace('Second paragraph.', 'Second paragraph, as A wants it.'));
    await replaceSource(other, merged.replace('Second paragraph.', 'Second paragraph, as B wants it.'));
    await save(page);
    await expect(page.getByText(/已保存，提交/)).toBeVisible(SAVED);
    const commitsBefore = (await remote.log(REPO, 'main')).length;
    await save(other);
    const view = other.getByTestId('merge-view');
    await expect(view).toBeVisible(SAVED);
    await expect(view.getByTestId('merge-theirs').first()).toContainText('as A wants it');
    await expect(view.getByTestId('merge-ours').first()).toContainText('as B wants it');
    expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore);

    await view.getByRole('button', { name: '两者都保留' }).click();
    await other.getByTestId('merge-save').click();
    await expect(other.getByText(/已保存，提交/)).toBeVisible(SAVED);
    // The notice of B's first save can still be on the page: the commit on the remote is what says the merge landed.
    await expect.poll(async () => (await remote.log(REPO, 'main')).length, SAVED).toBe(commitsBefore + 1);
    const final = (await remote.show(REPO, 'main', 'topics/shared.dita')) ?? '';
    expect(final).toContain('Second paragraph, as A wants it.');
    expect(final).toContain('Second paragraph, as B wants it.');
    expect(final).toContain('First paragraph, by A.');
    expect(final).toContain('Third paragraph, by B.');
    expect((await remote.log(REPO, 'main')).length).toBe(commitsBefore + 1);
  } finally {
    await other.context().close();
  }
});

test('a reload offers the unsaved draft back', async ({ page }) => {
  await openSignedIn(page, '/index');
  await openEditor(page, 'topics/drafted.dita', true);
  await replaceSource(page, DRAFTED.replace('Nothing typed yet.', 'Typed before the crash.'));
  await expect(page.getByTestId('draft-kept')).toBeVisible(SAVED);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  // The reopening fetches the library first: on a loaded machine the offer can take a while.
  await expect(page.locator('.ant-modal-confirm-title', { hasText: '恢复草稿？' })).toBeVisible(SAVED);
  await page.getByTestId('draft-restore').click();
  await expect(page.locator('.cm-content')).toContainText('Typed before the crash.');
  await expect(page.getByTestId('editor-dirty')).toBeVisible();
  expect(await remote.show(REPO, 'main', 'topics/drafted.dita')).toBe(DRAFTED);
});
