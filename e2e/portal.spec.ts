import { type APIRequestContext, expect, test } from '@playwright/test';
import { API, adminApi, signIn } from './helpers';
import { type E2eGitServer, startGitServer } from './support/git-server';

/**
 * The document center as a reader's portal (issue 38, item 11): a user holding only the seeded
 * reader role signs in, lands on the portal, sees nothing of the administration (no sidebar, no
 * admin menus; an admin page sends them back), finds a published page by its words and opens it in
 * place under the portal header. What the portal answers (newest output only, restricted and
 * failed outputs absent, the reader's language first) is checked through the API in
 * apps/server/src/modules/publish/portal/portal.test.ts.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const id = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
const GIT_USER = 'writer';
const GIT_PASSWORD = 's3cret-pw';
const PASSWORD = 'secret123';
const READER = `rd${id}`;
const TITLE = `Valve manual ${id}`;

let remote: E2eGitServer;
let admin: APIRequestContext;

async function data<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await res).json()) as { code: number; msg: string; data?: T; rows?: T };
  if (body.code !== 200) throw new Error(body.msg);
  return (body.data ?? body.rows) as T;
}

test.beforeAll(async ({ baseURL }) => {
  remote = await startGitServer({
    user: GIT_USER,
    password: GIT_PASSWORD,
    repos: {
      valve: {
        'valve.ditamap': `<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Valve</title><topicref href="topics/bleed.dita"/></map>\n`,
        'topics/bleed.dita': `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="bleed" xml:lang="en-US"><title>Bleeding the valve ${id}</title><body><p>Turn the bleed screw ${id} half a turn.</p></body></topic>\n`,
        'all.ditaval': '<val/>\n',
      },
    },
  });
  admin = await adminApi(baseURL ?? '');
  const { libraryId } = await data<{ libraryId: number }>(
    admin.post(`${API}/ccms/library`, {
      data: {
        name: `portal_${id}`,
        displayText: `Portal ${id}`,
        libraryType: 'DITA',
        url: remote.url('valve'),
        defaultBranch: 'main',
        credential: { type: 'userpass', name: 'git', username: GIT_USER, password: GIT_PASSWORD },
      },
    }),
  );
  await expect
    .poll(async () => (await data<{ path: string }[]>(admin.get(`${API}/ccms/document/list`, { params: { libraryId } }))).map((d) => d.path), {
      timeout: 60_000,
    })
    .toContain('valve.ditamap');
  await data(
    admin.post(`${API}/ccms/library/publishConfig`, { data: { libraryId, configName: `web_${id}`, format: 'html5', lang: 'en', publishPath: 'preview' } }),
  );
  const configs = await data<{ configId: number; configName: string }[]>(admin.get(`${API}/ccms/library/publishConfig/list`, { params: { libraryId } }));
  const configId = configs.find((c) => c.configName === `web_${id}`)?.configId ?? 0;
  const { publicationId } = await data<{ publicationId: number }>(
    admin.post(`${API}/ccms/publication`, { data: { libraryId, name: TITLE, branch: 'main', ditaMap: 'valve.ditamap', ditaVal: 'all.ditaval' } }),
  );
  const [output] = await data<{ outputId: number }[]>(admin.post(`${API}/ccms/output/publish`, { data: { publicationId, configIds: [configId] } }));
  await expect
    .poll(async () => (await data<{ status: string }>(admin.get(`${API}/ccms/output/${output?.outputId}`))).status, { timeout: 120_000 })
    .toBe('success');
  // The reader: the seeded reader job role only, and the library to read.
  const [role] = await data<{ roleId: number }[]>(admin.get(`${API}/system/role/list`, { params: { roleKey: 'reader' } }));
  await data(admin.post(`${API}/system/user`, { data: { userName: READER, nickName: `Reader ${id}`, password: PASSWORD, roleIds: [role?.roleId ?? 0] } }));
  const [user] = await data<{ userId: number }[]>(admin.get(`${API}/system/user/list`, { params: { userName: READER } }));
  await data(admin.post(`${API}/ccms/library/permission`, { data: { libraryId, granteeType: 'user', granteeId: user?.userId, level: 'read' } }));
});

test.afterAll(async () => {
  await admin?.dispose();
  await remote?.close();
});

test('a reader signs in to the portal, sees no administration, finds a page by its words and opens it in place', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, READER, PASSWORD);
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.locator('.portal-header')).toBeVisible();
  await expect(page.getByTestId('portal-publication').filter({ hasText: TITLE })).toBeVisible();
  // Nothing of the administration: no shell, no admin menus, no way there.
  await expect(page.locator('.navbar, .sidebar-container, .tags-view-container')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '管理后台' })).toHaveCount(0);
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/portal$/);

  await page.getByRole('searchbox', { name: '搜索' }).fill(`screw ${id}`);
  await page.getByRole('searchbox', { name: '搜索' }).press('Enter');
  const hit = page.getByTestId('portal-hit').filter({ hasText: `Turn the bleed screw ${id} half a turn.` });
  await expect(hit).toBeVisible();
  await hit.getByRole('link', { name: new RegExp(`Bleeding the valve ${id}`) }).click();
  await expect(page).toHaveURL(/\/portal\/view\/\d+\?page=/);
  await expect(page.getByTestId('portal-view-title')).toHaveText(TITLE);
  await expect(page.locator('.portal-header')).toBeVisible();
  await expect(page.frameLocator('[data-testid=portal-frame]').getByText(`Turn the bleed screw ${id} half a turn.`)).toBeVisible();
});
