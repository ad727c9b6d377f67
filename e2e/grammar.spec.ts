import { expect, test } from '@playwright/test';
import { grammarForTests, zipFolder } from '../test-support/grammars';
import { s1000dCorpus } from '../test-support/s1000d-corpora';
import { API, adminApi, closedDialog, confirmDialog, openedDialog, openSignedIn } from './helpers';

const dita13 = grammarForTests('dita-1.3');
const schemas50 = s1000dCorpus('s1000d-schemas-5.0');
// About 25 s alone; in the full parallel run the install (unzip, every DTD compiled) waits for CPU behind the other specs.
test.describe.configure({ timeout: 90_000 });

/** A package left by an earlier try of this test (a retry) is removed first. */
async function removeLeftover(baseURL: string, name: string) {
  const admin = await adminApi(baseURL);
  try {
    const list = (await (await admin.get(`${API}/ccms/grammar/list`, { params: { name } })).json()) as {
      rows: { grammarId: number; name: string }[];
    };
    const ids = list.rows.filter((r) => r.name === name).map((r) => r.grammarId);
    if (ids.length > 0) await admin.delete(`${API}/ccms/grammar/${ids.join(',')}`);
  } finally {
    await admin.dispose();
  }
}

test('the administrator installs the DITA 1.3 grammar package; it is listed with its version and Doctypes validate with it', async ({ page, baseURL }) => {
  test.skip(!dita13, 'the DITA 1.3 grammar is not beside the repository (CCMS_GRAMMARS_DIR)');
  await removeLeftover(baseURL ?? '', 'dita-1.3');
  const zip = await zipFolder(dita13 as string, 'dita-1.3/');
  await openSignedIn(page, '/manager/settings/grammar');
  // The first-start hint: nothing installed yet, the machine's catalog validates.
  await expect(page.getByTestId('grammar-hint')).toContainText('尚未安装 DITA 语法包');

  await page.getByRole('button', { name: '安装语法包' }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: '安装语法包' }));
  await dialog.locator('input[type=file]').setInputFiles({ name: 'dita-1.3.zip', mimeType: 'application/zip', buffer: zip });
  // The name comes from the zip's.
  await expect(dialog.getByLabel('名称')).toHaveValue('dita-1.3');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // The server unpacks it and compiles every DTD before answering.
  await expect(page.getByText('已安装 DITA 1.3 语法包')).toBeVisible({ timeout: 60_000 });
  await closedDialog(dialog);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'dita-1.3', exact: true }) });
  await expect(row).toContainText('DITA 1.3');
  await expect(row).toContainText('dita-1.3/catalog.xml');
  await expect(row).toContainText('admin');
  await expect(page.getByTestId('grammar-hint')).toBeHidden();

  await page.goto('/manager/doctype');
  const map = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'map', exact: true }) });
  await expect(map).toContainText('DITA 1.3（语法包 dita-1.3）');
  await expect(page.getByTestId('grammar-hint')).toBeHidden();

  // Deleted again, so the other specs validate against the machine's catalog as before.
  await page.goto('/manager/settings/grammar');
  await row.getByRole('button', { name: '删除' }).click();
  await confirmDialog(page);
  await expect(row).toBeHidden();
  await expect(page.getByTestId('grammar-hint')).toBeVisible();
});

test('the administrator installs the S1000D Issue 5.0 schemas through the same dialog; they are listed as S1000D schemas 5.0', async ({ page, baseURL }) => {
  test.skip(!schemas50, 'the S1000D 5.0 schemas are not among the shared corpora (CCMS_CORPORA_DIR)');
  await removeLeftover(baseURL ?? '', 's1000d-5.0');
  const zip = await zipFolder(schemas50 as string, 's1000d-schemas-5.0/');
  await openSignedIn(page, '/manager/settings/grammar');
  await page.getByRole('button', { name: '安装语法包' }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: '安装语法包' }));
  await expect(dialog).toContainText('xml_schema_flat');
  await dialog.locator('input[type=file]').setInputFiles({ name: 's1000d-5.0.zip', mimeType: 'application/zip', buffer: zip });
  await expect(dialog.getByLabel('名称')).toHaveValue('s1000d-5.0');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已安装 S1000D Issue 5.0 模式包')).toBeVisible({ timeout: 60_000 });
  await closedDialog(dialog);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 's1000d-5.0', exact: true }) });
  await expect(row).toContainText('S1000D 模式');
  await expect(row).toContainText('S1000D 5.0');
  await expect(row).toContainText('s1000d-schemas-5.0/xml_schema_flat');

  await row.getByRole('button', { name: '删除' }).click();
  await confirmDialog(page);
  await expect(row).toBeHidden();
});
