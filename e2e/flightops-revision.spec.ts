import { type APIRequestContext, expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { API, adminApi, chooseLibrary, openSignedIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * A manufacturer revision loaded onto an airline's customised FCOM in the browser: the library (an
 * AirbusFlightOps library on a local git remote) holds 12 DUs delivered on the manufacturer branch
 * and the airline's edits on main; the revision touches 4 DUs, one of them on the line the airline
 * reworded. The dialog shows the highlights and the one conflict with its three versions; taking
 * the manufacturer's text commits the resolution on revision/<name>.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const displayText = `FCOM ${id}`;
const USER = 'fcom';
const PASSWORD = 's3cret-fcom';
let remote: E2eGitServer;
let admin: APIRequestContext;

const du = (n: number, lines: { title?: string; step?: string; note?: string } = {}) =>
  [
    `<du id="DU-${n}" type="procedure" manual="FCOM">`,
    `  <title>${lines.title ?? `Procedure ${n}`}</title>`,
    '  <solution id="S1"><effectivity msn="0101"/>',
    `    <para>${lines.step ?? `Step of DU ${n}.`}</para>`,
    '  </solution>',
    `  <note>${lines.note ?? 'none'}</note>`,
    '</du>',
    '',
  ].join('\n');
const file = (n: number) => `fcom/du/DU-${String(n).padStart(3, '0')}.xml`;

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
  const delivered: Record<string, string> = {};
  for (let n = 1; n <= 12; n++) delivered[file(n)] = du(n);
  remote = await startGitServer({ user: USER, password: PASSWORD, repos: { fcom: delivered } });
  await remote.branch('fcom', 'manufacturer', 'main');
  await remote.commit(
    'fcom',
    'main',
    { [file(3)]: du(3, { note: 'Airline note' }), [file(9)]: du(9, { step: 'Airline wording of DU 9.' }) },
    'Airline customisation',
  );
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      name: `fcom_${id}`,
      displayText,
      libraryType: 'AirbusFlightOps',
      url: remote.url('fcom'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: USER, password: PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  await expect
    .poll(async () => ((await (await admin.get(`${API}/ccms/library/${body.data?.libraryId}/progress`)).json()) as { data?: { phase?: string } }).data?.phase, {
      timeout: 120_000,
    })
    .toBe('ready');
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('loads a revision, shows its highlights and resolves the conflict by taking the manufacturer’s text', async ({ page }) => {
  const zip = new JSZip();
  for (let n = 1; n <= 12; n++) {
    const revised: Record<number, Parameters<typeof du>[1]> = {
      1: { title: 'Procedure 1 (rev 2)' },
      3: { step: 'Revised step of DU 3.' },
      5: { title: 'Procedure 5 (rev 2)' },
      9: { step: 'Manufacturer wording of DU 9.' },
    };
    zip.file(`du/DU-${String(n).padStart(3, '0')}.xml`, du(n, revised[n]));
  }
  const buffer = await zip.generateAsync({ type: 'nodebuffer' });

  await openSignedIn(page, '/content/document');
  await chooseLibrary(page, displayText);
  await page.getByTestId('flightops-revision-button').click();
  const dialog = page.getByRole('dialog', { name: '载入制造商修订' });
  await dialog.getByTestId('revision-name').fill('2026-10');
  await dialog.getByTestId('revision-folder').fill('fcom');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'rev-2026-10.zip', mimeType: 'application/zip', buffer });
  await dialog.getByTestId('revision-load').click();
  await expect(dialog.getByTestId('revision-summary')).toHaveText('新增 0 · 修订 2 · 删除 0 · 合并 1 · 保留航空公司修改 0 · 冲突 1');
  const conflict = dialog.getByTestId(`conflict-${file(9)}`);
  await expect(conflict).toContainText('双方修改了相同的行');
  await expect(conflict.locator('.flightops-version')).toHaveText([
    du(9).trimEnd(),
    du(9, { step: 'Manufacturer wording of DU 9.' }).trimEnd(),
    du(9, { step: 'Airline wording of DU 9.' }).trimEnd(),
  ]);
  await conflict.getByTestId('take-manufacturer').click();
  await expect(conflict.getByTestId('resolution-text')).toHaveValue(du(9, { step: 'Manufacturer wording of DU 9.' }));
  await conflict.getByTestId('resolve-commit').click();
  await expect(conflict.getByTestId('conflict-resolved')).toBeVisible();

  expect(await remote.show('fcom', 'revision/2026-10', file(9))).toBe(du(9, { step: 'Manufacturer wording of DU 9.' }));
  expect(await remote.show('fcom', 'revision/2026-10', file(3))).toBe(du(3, { step: 'Revised step of DU 3.', note: 'Airline note' }));
  expect(await remote.show('fcom', 'revision/2026-10', file(1))).toBe(du(1, { title: 'Procedure 1 (rev 2)' }));
  expect(await remote.show('fcom', 'main', file(1))).toBe(du(1));
  expect((await remote.subjects('fcom', 'revision/2026-10')).slice(0, 2)).toEqual([`Resolve ${file(9)} (revision/2026-10)`, 'Revision 2026-10 onto main']);
});
