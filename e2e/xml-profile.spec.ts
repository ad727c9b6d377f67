import { expect, test } from '@playwright/test';
import { API, adminApi, closedDialog, openedDialog, openSignedIn } from './helpers';

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
