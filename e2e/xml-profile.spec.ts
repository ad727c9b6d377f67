import { expect, test } from '@playwright/test';
import { PNG_1X1, RECIPE_FILES, RECIPE_PROFILE } from '../packages/xmlprofile/test/recipe-book';
import { API, adminApi, closedDialog, openedDialog, openSignedIn, signInByApi } from './helpers';
import { startGitServer } from './support/git-server';

/**
 * System Manager → Doctypes → XML profiles: the shipped FTID profile is listed; its description
 * and a vocabulary part edited in the dialog are saved (read back through the API); a bad XPath is
 * refused with the field named.
 */
test.describe.configure({ timeout: 90_000 });

test('edits the FTID profile in Doctypes and sees it saved', async ({ page, baseURL }) => {
  const stamp = Date.now().toString(36);
  await openSignedIn(page, '/manager/doctype');
  await page.getByRole('tab', { name: 'XML 配置' }).click();
  const row = page.getByRole('row', { name: /FTID/ });
  await expect(row).toBeVisible();
  await row.getByText('修改').click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: '修改 XML 配置' }));
  await expect(dialog.getByLabel('库类型')).toHaveValue('FTID');

  // A bad identity path is refused by the form, naming it; nothing is sent.
  await dialog.getByLabel('标识路径').fill('module[1]/@id');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('标识路径：不是可用的 XPath（元素名、/、//，最后一步可为 @属性 或 text()）');
  await dialog.getByLabel('标识路径').fill('@id');

  await dialog.getByLabel('说明').fill(`FTID as our manuals write it ${stamp}`);
  const inline = dialog.getByLabel('行内');
  await inline.click();
  await inline.pressSequentially(`mark${stamp}`);
  await inline.press('Enter');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await closedDialog(dialog);
  await expect(page.getByRole('row', { name: new RegExp(stamp) })).toBeVisible();

  const admin = await adminApi(baseURL ?? '');
  const list = (await (await admin.get(`${API}/ccms/xmlProfile/list`)).json()) as { data: { profileId: number; libraryType: string }[] };
  const ftid = list.data.find((p) => p.libraryType === 'FTID');
  const saved = (await (await admin.get(`${API}/ccms/xmlProfile/${ftid?.profileId}`)).json()) as {
    data: { description: string; idPath: string; vocabulary: { inline: string[] } };
  };
  expect(saved.data.description).toBe(`FTID as our manuals write it ${stamp}`);
  expect(saved.data.idPath).toBe('@id');
  expect(saved.data.vocabulary.inline).toContain(`mark${stamp}`);
});

/**
 * A library type an administrator made with a profile for a format of the test's own (the recipe
 * book of packages/xmlprofile/test), set up through the API: a recipe opens in the visual view
 * with the profile's vocabulary (its steps modelled, the insert menu listing the profile's
 * elements), a step is edited and the save is committed to the remote with only that line changed.
 */
test('opens a recipe of a profile-defined type in the visual view, edits a step and commits it', async ({ page, baseURL }) => {
  const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
  const libraryType = `Recipe${id}`;
  const admin = await adminApi(baseURL ?? '');
  const remote = await startGitServer({ user: 'cook', password: 's3cret-cook', repos: { recipes: { ...RECIPE_FILES, 'images/margherita.png': PNG_1X1 } } });
  try {
    const call = async (res: Promise<{ json(): Promise<unknown> }>) => {
      const body = (await (await res).json()) as { code: number; msg: string; data?: { libraryId?: number } };
      expect(body.code, body.msg).toBe(200);
      return body.data;
    };
    await call(admin.post(`${API}/ccms/xmlProfile`, { data: { ...RECIPE_PROFILE, libraryType } }));
    const created = await call(
      admin.post(`${API}/ccms/library`, {
        data: {
          name: `recipes_${id}`,
          displayText: `Recipes ${id}`,
          libraryType,
          url: remote.url('recipes'),
          defaultBranch: 'main',
          credential: { type: 'userpass', name: '', username: 'cook', password: 's3cret-cook' },
        },
      }),
    );
    const libraryId = created?.libraryId ?? 0;
    await expect
      .poll(async () => ((await (await admin.get(`${API}/ccms/library/${libraryId}/progress`)).json()) as { data?: { phase?: string } }).data?.phase, {
        timeout: 60_000,
      })
      .toBe('ready');

    await signInByApi(page);
    const path = 'recipes/margherita.xml';
    await page.goto(`/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path }).toString()}`);
    const editor = page.locator('[data-testid="visual-editor"] .ProseMirror');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    // The profile's list and items are modelled; the photo, in no part of the vocabulary, is an island.
    await expect(editor.locator('.dita-steps > .dita-step')).toHaveCount(2);
    await expect(editor.locator('[data-dita-island="photo"]')).toHaveCount(1);
    await page.getByTestId('profile-insert-element').click();
    await expect(page.getByRole('menuitem', { name: 'ingredients' })).toBeVisible();
    await page.keyboard.press('Escape');

    await editor.locator('.dita-step').getByText('Bake at 250 °C.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Serve hot.');
    await expect(page.getByTestId('editor-dirty')).toBeVisible();
    const before = (await remote.log('recipes', 'main')).length;
    await page.getByTestId('editor-save').click();
    await expect(page.getByText(/已保存，提交/)).toBeVisible({ timeout: 30_000 });
    expect((await remote.log('recipes', 'main')).length).toBe(before + 1);
    expect(await remote.show('recipes', 'main', path)).toBe(RECIPE_FILES[path]?.replace('Bake at 250 °C.', 'Bake at 250 °C. Serve hot.'));
  } finally {
    await admin.dispose();
    await remote.close();
  }
});
