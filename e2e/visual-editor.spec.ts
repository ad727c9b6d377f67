import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { API, adminApi, chooseLibrary, closedDialog, openedDialog, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The visual editor shows a topic as a writer reads it (issue 38, item 4): a user holding the
 * seeded job role "author" opens a task at 1366 × 768 and sees the title as a heading larger than
 * the short description, numbered steps, a labelled note, the prolog as a collapsible metadata
 * panel (not raw XML) with readable index terms, an SVG image drawn from the library, and the
 * attributes panel beside (not under) the preview; no "no permission" notification appears.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 768 } });

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const PASSWORD = 'secret123';
const REPO = 'manual';
const id = unique();

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60"><rect width="120" height="60" fill="#1677ff"/><circle cx="60" cy="30" r="20" fill="#fff"/></svg>\n`;
const PUMP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="pump"><title>Installing the pump</title><conbody><p>Mount it.</p></conbody></concept>
`;
const TASK = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">
<task id="replace">
  <title>Replacing the toner</title>
  <shortdesc>Replace the toner when the printer says it is low.</shortdesc>
  <prolog>
    <author>Jane Writer</author>
    <critdates><created date="2026-01-05"/></critdates>
    <metadata>
      <keywords>
        <keyword>toner</keyword>
        <indexterm>printer<indexterm>toner cartridge</indexterm></indexterm>
      </keywords>
    </metadata>
  </prolog>
  <taskbody>
    <context>
      <p>The drawing shows the cartridge. See <xref href="pump.dita"/>.</p>
      <fig><title>Cartridge</title><image href="../images/cartridge.svg"/></fig>
      <p/>
    </context>
    <steps>
      <step><cmd>Open the front cover.</cmd></step>
      <step><cmd>Pull out the old cartridge.</cmd>
        <info><note type="caution">Do not touch the drum.</note></info>
      </step>
      <step><cmd>Insert the new cartridge.</cmd></step>
    </steps>
  </taskbody>
</task>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;
let userName = '';

async function data<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T; rows?: T };
  if (body.code !== 200) throw new Error(body.msg);
  return (body.data ?? body.rows) as T;
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: { [REPO]: { 'topics/replace.dita': TASK, 'topics/pump.dita': PUMP, 'images/cartridge.svg': SVG } },
  });
  admin = await adminApi(baseURL ?? '');
  const library = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `vis_${id}`,
        displayText: `Visual ${id}`,
        libraryType: 'DITA',
        url: remote.url(REPO),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: 'git', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  libraryId = library.libraryId;
  // A user holding only the seeded author role, the library granted to that role at the level its work needs.
  const [author] = await data<{ roleId: number }[]>(admin.get(`${API}/system/role/list`, { params: { roleKey: 'author' } }));
  const roleId = author?.roleId ?? 0;
  userName = `au${id}`;
  await data(admin.post(`${API}/system/user`, { data: { userName, nickName: userName, password: PASSWORD, roleIds: [roleId] } }));
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'role', granteeId: roleId, level: 'write' } }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('an author reads the topic as a writer does, at 1366 × 768, without "no permission" notifications', async ({ page }) => {
  const refused: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (r) => {
    // A refusal is in the body (the server answers as RuoYi does, HTTP 200) or, set so, in the status.
    // JSON answers only: a stream's body (the presence and notification events) never ends.
    if (!r.url().includes(API) || !(r.headers()['content-type'] ?? '').includes('application/json')) return;
    reading.push(
      r.json().then(
        (body: { code?: number }) => {
          if (r.status() === 403 || body?.code === 403) refused.push(r.url());
        },
        () => undefined,
      ),
    );
  });
  await signInByApi(page, userName, PASSWORD);
  await page.goto(`/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: 'topics/replace.dita' }).toString()}`);
  await expect(page.locator('.navbar')).toBeVisible({ timeout: 30_000 });
  const editor = page.locator('[data-testid="visual-editor"] .ProseMirror');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('editor-save')).toBeVisible();

  // Title as a heading, larger than the short description, which is set apart.
  const title = editor.locator('.dita-task > .dita-title');
  const shortdesc = editor.locator('.dita-task > .dita-shortdesc');
  await expect(title).toHaveText('Replacing the toner');
  const size = (l: Locator) => l.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(await size(title)).toBeGreaterThan((await size(shortdesc)) * 1.2);
  expect(await shortdesc.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');

  // Steps are numbered.
  const steps = editor.locator('.dita-step');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0).locator('.te-step-num')).toHaveText('1.');
  await expect(steps.nth(1).locator('.te-step-num').first()).toHaveText('2.');
  await expect(steps.nth(2).locator('.te-step-num')).toHaveText('3.');

  // The note is a callout with its type's label.
  const note = editor.locator('.dita-note');
  await expect(note.locator('.te-note-label')).toHaveText('小心');
  await expect(note).toContainText('Do not touch the drum.');

  // The prolog: a collapsible metadata panel, not raw XML; index terms readable.
  await expect(editor).not.toContainText('<prolog');
  await expect(editor).not.toContainText('<indexterm');
  const prolog = editor.locator('details.te-prolog');
  await expect(prolog).toBeVisible();
  await expect(prolog.locator('summary')).toContainText('元数据');
  await expect(prolog.getByText('Jane Writer')).toBeHidden();
  await prolog.locator('summary').click();
  await expect(prolog).toHaveAttribute('open', '');
  await expect(prolog.getByText('Jane Writer')).toBeVisible();
  await expect(prolog).toContainText('printer › toner cartridge');
  await expect(prolog).toContainText('2026-01-05');
  await prolog.locator('summary').click();
  await expect(prolog.getByText('Jane Writer')).toBeHidden();

  // The SVG image is drawn from the library.
  const image = editor.locator('img.dita-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);

  // An xref without text shows its target's title, greyed as generated text (the href on hover).
  const xref = editor.locator('[data-dita-ref="xref"]');
  await expect(xref).toHaveText('Installing the pump', { timeout: 30_000 });
  await expect(xref).toHaveClass(/te-generated/);
  await expect(xref).toHaveAttribute('title', 'pump.dita');
  // The preview draws the SVG from the library as well.
  const previewImage = page.frameLocator('[data-testid="editor-preview-frame"]').locator('img').first();
  await expect.poll(() => previewImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);

  // An empty element is visible with its placeholder, and takes the cursor.
  const empty = editor.locator('.dita-p.te-empty');
  await expect(empty).toHaveAttribute('data-placeholder', '段落');
  expect((await box(empty)).height).toBeGreaterThanOrEqual(16);
  await empty.click();
  // The click selects the paragraph: type once the editor shows it selected (its attributes), not
  // while the selection's panels are still coming in.
  await expect(page.getByTestId('attrs-element')).toContainText('p');
  await page.keyboard.type('Wear gloves.');
  await expect(editor.locator('.dita-p', { hasText: 'Wear gloves.' })).toBeVisible();
  await expect(editor.locator('.te-empty')).toHaveCount(0);
  await expect(page.getByTestId('editor-dirty')).toBeVisible();

  // At 1366 × 768 the attributes panel is visible beside the preview, not under it.
  await editor.getByText('Open the front cover.').click();
  const attrs = page.getByTestId('editor-attributes');
  const preview = page.getByTestId('editor-preview');
  await expect(attrs).toBeVisible();
  await expect(page.getByTestId('attrs-element')).toContainText('cmd');
  await expect(preview).toBeVisible();
  const a = await box(attrs);
  const p = await box(preview);
  const overlap =
    Math.max(0, Math.min(a.x + a.width, p.x + p.width) - Math.max(a.x, p.x)) * Math.max(0, Math.min(a.y + a.height, p.y + p.height) - Math.max(a.y, p.y));
  expect(overlap).toBe(0);
  // Its apply button is inside the window (usable without scrolling the page).
  const apply = attrs.getByRole('button', { name: /应\s*用|Apply/ });
  const b = await box(apply);
  expect(b.y + b.height).toBeLessThanOrEqual(768);
  expect(b.x + b.width).toBeLessThanOrEqual(1366);
  const ed = await box(page.locator('.te-main'));
  expect(ed.width).toBeGreaterThan(500);

  // The side tabs a writer uses ask nothing the author may not do either.
  const left = page.locator('.te-left');
  for (const tab of ['评审', '法规']) {
    await left.getByRole('tab', { name: tab }).click();
    await expect(left.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }

  // No "no permission" notification, and no refused call behind one. The shell's project selector
  // asks silently and says "no permission" itself (rights.spec): the only refusal allowed.
  await page.waitForTimeout(1_500);
  await expect(page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: /没有权限|permission/i })).toHaveCount(0);
  await Promise.all(reading);
  expect(refused.filter((url) => !new URL(url).pathname.endsWith('/ccms/project/list'))).toEqual([]);
});

test('New topic offers the task templates and names the id like the file', async ({ page }) => {
  await signInByApi(page, userName, PASSWORD);
  await page.goto('/content/topic');
  await chooseLibrary(page, `Visual ${id}`);
  await page.getByTestId('new-topic').click();
  const dialog = await openedDialog(page.getByRole('dialog'));
  // The type's templates: none chosen for "topic" until one is; task offers its own, the writer's language first.
  await dialog.getByTestId('new-topic-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('task', { exact: true }).click();
  const template = dialog.getByTestId('new-topic-template');
  await expect(template).toContainText('任务（含前提和步骤）');
  await template.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
  await expect(options.first()).toContainText('zh-CN');
  await expect(options.filter({ hasText: /概念|concept/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await dialog.getByLabel('标题', { exact: true }).fill('Install the pump');
  await expect(dialog.getByLabel('文件名', { exact: true })).toHaveValue('install-the-pump.dita');
  await expect(dialog.getByLabel('id', { exact: true })).toHaveValue('install-the-pump');
  await dialog.getByLabel('文件名', { exact: true }).fill('install-pump.dita');
  await expect(dialog.getByLabel('id', { exact: true })).toHaveValue('install-pump');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(dialog);
  // The editor opens the new task, made from the template (its prerequisites section), with the id of the file.
  await expect(page).toHaveURL(/\/ccms\/topic-editor\/index\?.*install-pump\.dita/);
  const editor = page.locator('[data-testid="visual-editor"] .ProseMirror');
  await expect(editor.locator('.dita-task > .dita-title')).toHaveText('Install the pump', { timeout: 30_000 });
  await expect(editor.locator('.dita-prereq')).toBeVisible();
  await page.getByTestId('editor-mode').getByText('源码').click();
  await expect(page.getByTestId('source-editor')).toContainText('<task id="install-pump"');
  // The source view wraps long lines; the toggle turns it off.
  await expect(page.locator('.cm-content')).toHaveClass(/cm-lineWrapping/);
  await page.getByTestId('editor-wrap').click();
  await expect(page.locator('.cm-content')).not.toHaveClass(/cm-lineWrapping/);
});
