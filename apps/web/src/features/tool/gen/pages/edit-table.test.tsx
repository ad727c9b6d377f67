import type { GenTableDetail } from '@ccms/contracts/tool/gen';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import GenEditPage from './edit-table';

// The generator's edit screen says why a name the generated code uses is refused, in the contract's words, in both languages.
const SLOW = { timeout: 15_000 };
const BASE: Pick<GenTableDetail, 'table' | 'columns'> = {
  table: {
    tableId: 7,
    tableName: 'ccms_widget',
    tableComment: 'Widgets',
    area: 'work',
    entityName: 'widget',
    businessName: 'widget',
    functionNameZh: '部件',
    functionNameEn: 'Widget',
    author: 'admin',
    parentMenuId: 0,
    tplCategory: 'crud',
    treeParentColumn: '',
    treeNameColumn: '',
    subTableName: '',
    subTableFkName: '',
    createBy: 'admin',
    createTime: null,
    updateTime: null,
  },
  columns: [
    {
      columnId: 70,
      tableId: 7,
      columnName: 'status',
      columnComment: '',
      columnType: 'varchar(1)',
      propName: 'status',
      tsType: 'string',
      labelZh: '状态',
      labelEn: 'Status',
      isPk: false,
      isIncrement: false,
      isRequired: false,
      isInsert: true,
      isEdit: true,
      isList: true,
      isQuery: true,
      queryType: 'eq',
      htmlType: 'radio',
      dictType: '',
      maxLength: 1,
      sort: 1,
    },
  ],
};
const DETAIL: GenTableDetail = { ...BASE, info: BASE.table, rows: BASE.columns, tables: [{ ...BASE.table, columns: BASE.columns }] };
const ok = (data: unknown = null): FakeReply => ({ data: { code: 200, msg: 'ok', data } });

function server(): InternalAxiosRequestConfig[] {
  return fakeServer((config) => {
    if (config.url === '/tool/gen/7') return ok(DETAIL);
    if (config.url === '/tool/gen/writeStatus') return ok({ enabled: false, reason: 'off' });
    return ok([]);
  });
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/tool/gen-edit/index/:tableId', element: <GenEditPage /> }], { initialEntries: ['/tool/gen-edit/index/7'] });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => i18n.loadNamespaces('tool'));
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});
afterAll(() => i18n.changeLanguage('en'));

const saves = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.method === 'put');

describe('Tool → code generator → edit (tool/gen-edit)', { timeout: 60_000 }, () => {
  it('refuses an entity name with a quote, saying what a name may hold, in English and Chinese', async () => {
    await i18n.changeLanguage('en');
    let calls = server();
    const first = mount();
    fireEvent.change(await screen.findByLabelText('Entity', undefined, SLOW), { target: { value: "widget');x('" } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(
        'Entity must start with a lower-case letter and hold only letters and digits (the generated code uses it as a name)',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);
    first.unmount();

    await i18n.changeLanguage('zh');
    calls = server();
    mount();
    fireEvent.change(await screen.findByLabelText('实体名', undefined, SLOW), { target: { value: "widget');x('" } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    expect(await screen.findByText('实体名须以小写字母开头，且只能包含字母和数字（生成的代码把它用作名称）', undefined, SLOW)).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it("refuses a column's field name with a quote, naming the column and the setting, in English and Chinese", async () => {
    await i18n.changeLanguage('en');
    let calls = server();
    const first = mount();
    fireEvent.click(await screen.findByRole('tab', { name: 'Columns' }, SLOW));
    fireEvent.change(await screen.findByDisplayValue('status', undefined, SLOW), { target: { value: "st'atus" } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(
        'A column setting is wrong (status): propName must start with a lower-case letter and hold only letters and digits (the generated code uses it as a name)',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);
    first.unmount();

    await i18n.changeLanguage('zh');
    calls = server();
    mount();
    fireEvent.click(await screen.findByRole('tab', { name: '字段信息' }, SLOW));
    fireEvent.change(await screen.findByDisplayValue('status', undefined, SLOW), { target: { value: "st'atus" } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    expect(
      await screen.findByText('字段设置有误（status）：propName须以小写字母开头，且只能包含字母和数字（生成的代码把它用作名称）', undefined, SLOW),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });
});
