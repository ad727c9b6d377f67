import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { API, adminApi, signInByApi } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * Review comments anchored to selected text (issue 38, item 6): a reviewer selects two words of a
 * paragraph far down a topic and comments on them; the author rewrites the sentence before those
 * words and saves; the server re-anchors the thread to the words (not outdated), the visual view
 * still marks them, and clicking the thread scrolls the editor to them and marks them in the preview.
 */
test.describe.configure({ timeout: 120_000 });

const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const REPO = 'anchored';
const PATH = 'topics/power.dita';
const FILLER = Array.from({ length: 40 }, (_, i) => `    <p>Filler paragraph ${i + 1} about nothing in particular.</p>`);
const TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">
<topic id="power">
  <title>Power</title>
  <body>
${FILLER.join('\n')}
    <p>Press the red switch to turn it on.</p>
  </body>
</topic>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map><title>Power guide</title><topicref href="../topics/power.dita"/></map>
`;

let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({ user: GIT_USER, password: GIT_PASSWORD, repos: { [REPO]: { 'maps/guide.ditamap': MAP, [PATH]: TOPIC } } });
  admin = await adminApi(baseURL ?? '');
  const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `anc_${id}`,
      displayText: `Anchors ${id}`,
      libraryType: 'DITA',
      url: remote.url(REPO),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  libraryId = body.data?.libraryId ?? 0;
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

async function openEditor(page: Page) {
  await page.goto(`/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path: PATH })}`);
  await expect(page.getByTestId('topic-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="visual-editor"] .ProseMirror')).toBeVisible();
  await page.getByRole('tab', { name: '评审' }).click();
}

test('a comment on selected words follows them through an edit of the sentence before them; clicking the thread scrolls to them', async ({ page }) => {
  await signInByApi(page);
  await openEditor(page);
  const target = page.locator('.ProseMirror p').filter({ hasText: 'to turn it on.' });
  const review = page.getByTestId('review-threads');

  // The reviewer selects "red switch" with the keyboard and comments on it.
  await target.click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 'Press the '.length; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 'red switch'.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(review.getByTestId('review-selection')).toHaveText('“red switch”');
  await review.getByLabel('意见').fill('Which switch is red?');
  await review.getByRole('button', { name: /评\s*论/ }).click();
  await expect(review.getByTestId('review-thread')).toHaveCount(1);
  await expect(review.getByTestId('review-quote')).toHaveText('“red switch”');
  await expect(page.locator('.ProseMirror [data-review-anchor]')).toHaveText('red switch');

  // The author rewrites the start of the sentence, before the words, and saves.
  await target.click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.insertText('When the lamp is off, press the red switch to turn it on.');
  await page.getByTestId('editor-save').click();
  await expect(page.getByText(/已保存，提交/)).toBeVisible({ timeout: 60_000 });

  // The server re-anchored the thread to the words (their offset moved); the tab read it again.
  const [stored] = (
    (await (await admin.get(`${API}/ccms/review-comment/list`, { params: { libraryId, path: PATH } })).json()) as {
      rows: Array<{ rangeStart: number; outdated: boolean; prefix: string }>;
    }
  ).rows;
  expect(stored).toMatchObject({ rangeStart: 'When the lamp is off, press the '.length, outdated: false, prefix: expect.stringMatching(/off, press the $/) });
  const thread = review.getByTestId('review-thread');
  await expect(thread).toHaveCount(1);
  await expect(thread.getByText('评论的文字已被修改或删除')).toHaveCount(0);
  const mark = page.locator('.ProseMirror [data-review-anchor]');
  await expect(mark).toHaveText('red switch');

  // Back at the top of the topic, the words are out of view until the thread is clicked.
  await page.locator('.ProseMirror p').first().click();
  await expect(mark).not.toBeInViewport();
  await thread.getByTestId('review-thread-place').click();
  await expect(page.locator('.ProseMirror [data-review-active]')).toHaveText('red switch');
  await expect(mark).toBeInViewport();
  // The preview marks the same words (a CSS highlight: the preview's markup is untouched).
  await expect
    .poll(() =>
      page.getByTestId('editor-preview-frame').evaluate((f: HTMLIFrameElement) => {
        const win = f.contentWindow as (Window & typeof globalThis) | null;
        // The registry is maplike (e2e's DOM types lack its get).
        const registry = win?.CSS.highlights as unknown as Map<string, Set<Range>> | undefined;
        const [range] = registry?.get('review-anchor-active') ?? [];
        return range instanceof (win?.Range ?? Range) ? range.toString() : '';
      }),
    )
    .toBe('red switch');
});
