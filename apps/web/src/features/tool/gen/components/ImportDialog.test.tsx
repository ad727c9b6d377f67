import type { DbTable } from '@ccms/contracts/tool/gen';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { ImportDialog } from './ImportDialog';

// The import dialog shows when each table was made and last altered (RuoYi's importTable columns); an unknown time is an empty cell.
const SLOW = { timeout: 15_000 };
const MADE = '2026-11-20T08:05:09.000Z';
const ALTERED = '2026-11-24T19:57:30.276Z';
const ROWS: DbTable[] = [
  { tableName: 'sys_user', tableComment: 'Users', columns: 20, createTime: MADE, updateTime: ALTERED },
  { tableName: 'ccms_by_hand', tableComment: '', columns: 2, createTime: null, updateTime: null },
];

/** The local wall-clock time the dialog shows, spelled out without the code under test. */
function local(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

function server(): InternalAxiosRequestConfig[] {
  return fakeServer(() => ({ data: { code: 200, msg: 'ok', rows: ROWS, total: ROWS.length } }));
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <ImportDialog open onClose={() => undefined} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const cellsOf = async (tableName: string) => {
  const row = (await screen.findByText(tableName, undefined, SLOW)).closest('tr');
  if (!row) throw new Error(`no row for ${tableName}`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
};

beforeAll(() => i18n.loadNamespaces('tool'));
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});
afterAll(() => i18n.changeLanguage('en'));

describe('Tool → code generator → import tables', { timeout: 60_000 }, () => {
  it('shows created and updated times, empty for a table nobody recorded, with headers in English and Chinese', async () => {
    await i18n.changeLanguage('en');
    server();
    const first = mount();
    expect(await screen.findByRole('columnheader', { name: 'Created' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Updated' })).toBeTruthy();
    expect((await cellsOf('sys_user')).slice(-2)).toEqual([local(MADE), local(ALTERED)]);
    expect((await cellsOf('ccms_by_hand')).slice(-2)).toEqual(['', '']);
    first.unmount();

    await i18n.changeLanguage('zh');
    server();
    mount();
    expect(await screen.findByRole('columnheader', { name: '创建时间' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '更新时间' })).toBeTruthy();
  });

  it('asks the server to sort by a time when its header is clicked, ascending then descending', async () => {
    await i18n.changeLanguage('en');
    const calls = server();
    mount();
    fireEvent.click(await screen.findByRole('columnheader', { name: 'Created' }, SLOW));
    await screen.findByText('sys_user', undefined, SLOW);
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/tool/gen/db/list?pageNum=1&pageSize=10&orderByColumn=createTime&isAsc=ascending'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Created/ }));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/tool/gen/db/list?pageNum=1&pageSize=10&orderByColumn=createTime&isAsc=descending'));
  });
});
