import { expect, test } from '@playwright/test';
import { API, adminApi, openSignedIn, pickOption, setConfig } from './helpers';

test.describe('the version notice', () => {
  // Both tests change the same two settings: one after the other, never alongside.
  test.describe.configure({ mode: 'serial' });

  test('the version notice: an announced newer version shows a notice that stays until closed, its button opens the update page', async ({ page, baseURL }) => {
    const admin = await adminApi(baseURL ?? '');
    const oldCode = await setConfig(admin, 'sys.version.code', 'V9.1.0');
    const oldUrl = await setConfig(admin, 'sys.version.url', `${baseURL}/index?release=9.1.0`);
    try {
      await openSignedIn(page, '/index');
      const notice = page.locator('.ant-notification-notice').filter({ hasText: '发现新版本' });
      await expect(notice).toContainText('新版本 V9.1.0 已发布');
      // The check's start is kept in session storage, so a reload waits out the rest of the 6 hours.
      expect(Number(await page.evaluate(() => sessionStorage.getItem('versionCheckStart')))).toBeGreaterThan(0);
      const popup = page.waitForEvent('popup');
      await notice.getByRole('button', { name: '立即更新' }).click();
      expect((await popup).url()).toContain('release=9.1.0');
      await notice.locator('.ant-notification-notice-close').click();
      await expect(notice).toHaveCount(0);
    } finally {
      await setConfig(admin, 'sys.version.code', oldCode);
      await setConfig(admin, 'sys.version.url', oldUrl);
      await admin.dispose();
    }
  });

  test('the version notice stays away while the announced version is not newer than the running one', async ({ page, baseURL }) => {
    const admin = await adminApi(baseURL ?? '');
    const old = await setConfig(admin, 'sys.version.code', 'V2.2.0');
    try {
      await openSignedIn(page, '/index');
      // The check has run (its start is stored) and found nothing newer.
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('versionCheckStart'))).not.toBeNull();
      await expect(page.getByText('发现新版本')).toHaveCount(0);
    } finally {
      await setConfig(admin, 'sys.version.code', old);
      await admin.dispose();
    }
  });
});

test('API docs (系统接口): "Try it out" calls the API with the signed-in session from inside the app', async ({ page }) => {
  // The manual loads the description of every route (300+) into the UI: slow on a loaded machine.
  test.slow();
  await openSignedIn(page, '/tool/swagger');
  const docs = page.frameLocator('[data-testid=swagger-frame]');
  await docs.getByRole('heading', { name: /system\/information/ }).click();
  const op = docs.locator('.opblock').filter({ hasText: '/prod-api/system/information/version' });
  await op.locator('.opblock-summary').click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  await op.getByRole('button', { name: 'Execute' }).click();
  const live = op.locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status').first()).toContainText('200');
  await expect(live).toContainText('"msg": "V2.2.0"');
});

test('the datasource monitor (数据监控) shows the pool, sessions, statements and largest tables', async ({ page }) => {
  await openSignedIn(page, '/monitor/druid');
  await expect(page.getByTestId('druid-pool')).toContainText('最大连接');
  await expect(page.getByTestId('druid-connections')).toContainText('活动');
  await expect(page.getByTestId('druid-size')).toHaveText(/\d/);
  // The server's own timings: the session check runs on every request, so it is among the most frequent.
  await expect(page.getByText('语句统计来自')).toBeVisible();
  await expect(page.getByTestId('druid-frequent').getByRole('row').filter({ hasText: 'sys_session' }).first()).toBeVisible();
  await expect(page.locator('.monitor-card').filter({ hasText: '最大的数据表' }).getByRole('row').nth(1)).toBeVisible();
});

test('form builder (表单构建): design a form by drag and drop, preview it, export code and JSON, and load the JSON back', async ({ page }) => {
  test.slow();
  const dictCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/system\/dict\/data\/type\/?$/.test(new URL(r.url()).pathname)) dictCalls.push(r.url());
  });
  await openSignedIn(page, '/tool/build');
  const canvas = page.getByTestId('fb-canvas');
  // A grid row dragged onto the canvas, a select dragged into its second column.
  await page.getByTestId('fb-palette-row').dragTo(canvas);
  await expect(page.getByTestId('fb-row')).toHaveCount(1);
  await page.getByTestId('fb-palette-select').dragTo(page.getByTestId('fb-col-2'));
  await expect(page.getByTestId('fb-col-2')).toContainText('下拉选择');
  // A select with no dictionary chosen asks the server nothing (it once raised "dictType不能为空").
  await expect(page.getByTestId('fb-col-2').getByRole('combobox')).toBeVisible();
  // A text control and a switch added by a click; the text control named in the property panel.
  await page.getByTestId('fb-palette-input').click();
  const props = page.getByRole('complementary', { name: '属性' });
  await props.getByLabel('标题').fill('姓名');
  await props.getByLabel('字段名').fill('userName');
  await props.getByLabel('必填').click();
  await expect(page.getByTestId('fb-field-userName')).toContainText('姓名');
  // Drag the text control above the row: the canvas keeps the order it is given.
  await page.getByTestId('fb-field-userName').dragTo(page.getByTestId('fb-row'));
  await page.getByTestId('fb-palette-switch').click();

  // The live preview validates as the designed rules say.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '预览' });
  await preview.getByRole('button', { name: '提 交' }).click();
  await expect(preview.getByText('姓名不能为空')).toBeVisible();
  await preview.getByLabel('姓名').fill('张三');
  await preview.getByRole('button', { name: '提 交' }).click();
  await expect(preview.getByTestId('fb-preview-values')).toContainText('"userName": "张三"');
  await preview.getByRole('button', { name: '关闭' }).click();

  await page.getByRole('button', { name: '导出代码' }).click();
  const source = page.getByTestId('fb-source');
  await expect(source).toContainText('<Form.Item label="姓名" name="userName" rules={[{ required: true');
  await expect(source).toContainText('<Col span={12}>');
  await expect(source).toContainText('<Switch />');
  await page.getByRole('dialog', { name: '导出代码' }).getByRole('button', { name: '关闭' }).click();

  await page.getByRole('button', { name: '导出 JSON' }).click();
  const json = (await page.getByTestId('fb-json').textContent()) ?? '';
  const items = JSON.parse(json).items;
  expect(items.map((n: { kind: string }) => n.kind)).toEqual(['input', 'row', 'switch']);
  expect(items[0]).toMatchObject({ kind: 'input', label: '姓名', name: 'userName', required: true });
  expect(items[1].columns[1].items[0]).toMatchObject({ kind: 'select' });
  await page.getByRole('dialog', { name: '导出 JSON' }).getByRole('button', { name: '关闭' }).click();

  await page.getByRole('button', { name: '清空' }).click();
  await expect(page.getByTestId('fb-field-userName')).toHaveCount(0);
  // A broken JSON names the wrong field and changes nothing; the exported one loads back.
  await page.getByRole('button', { name: '导入 JSON' }).click();
  const load = page.getByRole('dialog', { name: '导入 JSON' });
  await load.getByLabel('JSON 内容').fill(json.replace('"userName"', '"user name"'));
  await load.getByRole('button', { name: '导 入' }).click();
  await expect(load).toContainText('JSON 中的字段“items.0.name”有误');
  await expect(page.getByTestId('fb-field-userName')).toHaveCount(0);
  await load.getByLabel('JSON 内容').fill(json);
  await load.getByRole('button', { name: '导 入' }).click();
  await expect(page.getByTestId('fb-field-userName')).toContainText('姓名');
  await expect(page.getByTestId('fb-col-2')).toContainText('下拉选择');
  expect(dictCalls).toEqual([]);
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
});

test('code generator (代码生成): import a table, edit a column, preview the generated files and download them', async ({ page, baseURL }) => {
  test.slow();
  // A retry starts from sys_post not imported.
  const admin = await adminApi(baseURL ?? '');
  const imported = (await (await admin.get(`${API}/tool/gen/list`, { params: { tableName: 'sys_post' } })).json()) as { rows: { tableId: number }[] };
  for (const row of imported.rows) await admin.delete(`${API}/tool/gen/${row.tableId}`);
  await admin.dispose();

  await openSignedIn(page, '/tool/gen');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入表' });
  await dialog.getByLabel('表名称').fill('sys_post');
  await dialog.getByRole('button', { name: '搜 索' }).click();
  await dialog.getByRole('row').filter({ hasText: 'sys_post' }).getByRole('checkbox').check();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'sys_post' });
  await expect(row).toContainText('post');

  // Column settings: a new Chinese label for post_name.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/tool\/gen-edit\/index\/\d+/);
  await page.getByRole('tab', { name: '字段信息' }).click();
  await page.getByLabel('中文标签 post_name').fill('岗位称谓');
  await page.getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/tool\/gen$/);

  // Preview: one tab per file, each with its path in the project.
  await page.getByRole('row').filter({ hasText: 'sys_post' }).getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '代码预览' });
  await expect(preview.getByTestId('gen-file-path').first()).toHaveText('packages/contracts/src/work/post.ts');
  await expect(preview.getByTestId('gen-code').first()).toContainText('export const PostPerm = {');
  // The URL is written once, in the contract's descriptor; the route names the descriptor.
  await expect(preview.getByTestId('gen-code').first()).toContainText("url: '/ccms/post/list',");
  await preview.getByRole('tab', { name: 'post/post.routes.ts' }).click();
  await expect(preview.getByTestId('gen-code').filter({ hasText: 'routeOf(PostApi.list)' })).toBeVisible();
  await preview.getByRole('tab', { name: 'zh/post.ts' }).click();
  await expect(preview.getByTestId('gen-code').filter({ hasText: "postName: '岗位称谓'" })).toBeVisible();
  await preview.getByRole('button', { name: '关闭' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('row').filter({ hasText: 'sys_post' }).getByRole('button', { name: '生成代码' }).click();
  expect((await download).suggestedFilename()).toBe('ccms-gen.zip');
});

test('code generator (代码生成): the tree template lists as a tree table with a parent select in the preview; "generate to project" is off by default', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const admin = await adminApi(baseURL ?? '');
  const imported = (await (await admin.get(`${API}/tool/gen/list`, { params: { tableName: 'sys_dept' } })).json()) as { rows: { tableId: number }[] };
  for (const row of imported.rows) await admin.delete(`${API}/tool/gen/${row.tableId}`);
  expect((await (await admin.post(`${API}/tool/gen/importTable?tables=sys_dept`)).json()).code).toBe(200);
  await admin.dispose();

  await openSignedIn(page, '/tool/gen');
  const row = page.getByRole('row').filter({ hasText: 'sys_dept' });
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/tool\/gen-edit\/index\/\d+/);
  // Off by default: disabled, and the tooltip says why.
  const write = page.getByTestId('gen-write');
  await expect(write).toBeDisabled();
  // Hover again until it shows: the shell's side menu comes in a moment after the page and moves
  // the button from under a hover made before it.
  await expect(async () => {
    await page.getByTestId('gen-write-wrap').hover();
    await expect(page.getByRole('tooltip')).toContainText('tool.gen.writeToWorkTree', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await page.getByRole('tab', { name: '生成信息' }).click();
  await pickOption(page.getByLabel('生成模板'), '树表');
  await pickOption(page.getByLabel('树父编号字段'), /^parent_id/);
  await pickOption(page.getByLabel('树名称字段'), /^dept_name/);
  await page.getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/tool\/gen$/);

  await page.getByRole('row').filter({ hasText: 'sys_dept' }).getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '代码预览' });
  await preview.getByRole('tab', { name: 'pages/index.tsx' }).click();
  await expect(preview.getByTestId('gen-code').filter({ hasText: 'tableProps={{ expandable: tree.expandable }}' })).toBeVisible();
  await preview.getByRole('tab', { name: 'components/DeptFormDialog.tsx' }).click();
  await expect(preview.getByTestId('gen-code').filter({ hasText: '<TreeSelectField treeData={parents} />' })).toBeVisible();
  await preview.getByRole('tab', { name: 'dept/dept.routes.ts' }).click();
  // A tree is listed whole: the list answers its rows as data, not as a page.
  await expect(
    preview.getByTestId('gen-code').filter({ hasText: 'routeOf(DeptApi.list), handler: async (req) => ok(await service.list(req.query))' }),
  ).toBeVisible();
});
