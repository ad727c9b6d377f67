import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { flightopsPackage } from '../packages/flightops/test/kit';
import { API, adminApi, chooseLibrary, openSignedIn, pickOption } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * A flight-operations library's screen in the browser (data set up through the API: an
 * AirbusFlightOps library holding the profile's test package of 30 DUs, a fleet of two aircraft
 * and an HTML5 publish config): the DUs filtered by aircraft, then the working copy frozen for
 * review (tag freeze/<name>), its FCOM approved and dispatched for B-6205; the output is published.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const displayText = `Ops ${id}`;
const USER = 'ops';
const PASSWORD = 's3cret-ops';
let remote: E2eGitServer;
let admin: APIRequestContext;
let libraryId = 0;

/** The combobox of an antd Select by its data-testid (on the combobox itself or around it). */
async function comboboxOf(scope: Locator, testId: string): Promise<Locator> {
  const field = scope.getByTestId(testId);
  return (await field.getAttribute('role')) === 'combobox' ? field : field.getByRole('combobox');
}

async function call<T>(res: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T };
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  remote = await startGitServer({ user: USER, password: PASSWORD, repos: { ops: flightopsPackage('fcom') } });
  const created = await call<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `ops_${id}`,
        displayText,
        libraryType: 'AirbusFlightOps',
        url: remote.url('ops'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: '', username: USER, password: PASSWORD },
      },
    }),
  );
  libraryId = created.libraryId;
  await expect
    .poll(async () => ((await (await admin.get(`${API}/ccms/library/${libraryId}/progress`)).json()) as { data?: { phase?: string } }).data?.phase, {
      timeout: 120_000,
    })
    .toBe('ready');
  await call(admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('filters the DUs by aircraft, freezes the working copy, approves its FCOM and dispatches it for B-6205', async ({ page }) => {
  await openSignedIn(page, '/content/document');
  await chooseLibrary(page, displayText);
  await page.getByTestId('flightops-drawer-button').click();
  const drawer = page.getByRole('dialog', { name: '飞行运行' });

  await pickOption(await comboboxOf(drawer, 'flightops-aircraft'), 'MSN 0101 · B-6101');
  await expect(drawer.getByTestId('flightops-effective-count')).toHaveText('适用 DU 26 个，不适用 4 个');
  await expect(drawer.locator('.ant-table-row').first()).toContainText('DU-21-001');

  await drawer.getByRole('tab', { name: '冻结与分发' }).click();
  await drawer.getByTestId('flightops-freeze-name').fill('2026-11');
  await drawer.getByTestId('flightops-freeze').click();
  const psl = drawer.getByTestId('frozen-psl-fcom/psl.xml');
  await expect(psl.getByTestId('frozen-status')).toHaveText('审阅中');
  await expect(drawer.getByTestId('frozen-tag')).toContainText('标签 freeze/2026-11');
  await expect(psl.getByTestId('flightops-dispatch')).toBeDisabled();
  await psl.getByTestId('flightops-approve').click();
  await expect(psl.getByTestId('frozen-status')).toHaveText('已批准');

  await pickOption(await comboboxOf(psl, 'flightops-dispatch-aircraft'), 'MSN 0205 · B-6205');
  await psl.getByTestId('flightops-dispatch').click();
  const dialog = page.getByRole('dialog', { name: '选择发布配置' });
  await dialog.getByText('web (html5, en)').click();
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();

  const listed = (await (await admin.get(`${API}/ccms/publication/list`, { params: { libraryId } })).json()) as {
    rows: { publicationId: number; branch: string; ditaVal: string }[];
  };
  expect(listed.rows).toEqual([expect.objectContaining({ branch: 'frozen/2026-11', ditaVal: '0205' })]);
  await expect
    .poll(
      async () =>
        (
          (await (await admin.get(`${API}/ccms/output/list`, { params: { publicationId: listed.rows[0]?.publicationId ?? 0 } })).json()) as {
            rows?: { status: string }[];
          }
        ).rows?.map((r) => r.status),
      { timeout: 120_000 },
    )
    .toEqual(['success']);
});

test('opens a DU in the editor (source view) and previews it for an aircraft: only its solution', async ({ page }) => {
  const path = 'fcom/du/DU-21-001.xml';
  await openSignedIn(page, `/ccms/topic-editor/index?${new URLSearchParams({ libraryId: String(libraryId), branch: 'main', path }).toString()}`);
  await expect(page.getByTestId('topic-editor')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.cm-content')).toContainText('ALPHA-0101-1');
  const preview = page.frameLocator('[data-testid="editor-preview-frame"]');
  await expect(preview.locator('body')).toContainText('BRAVO-0205-1', { timeout: 30_000 });
  await pickOption(await comboboxOf(page.locator('body'), 'aircraft-preview'), 'MSN 0205 · B-6205');
  await expect(preview.locator('body')).not.toContainText('ALPHA-0101-1', { timeout: 30_000 });
  await expect(preview.locator('body')).toContainText('BRAVO-0205-1');
});
