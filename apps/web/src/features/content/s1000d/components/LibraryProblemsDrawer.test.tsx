import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { bikeServer, queryOf } from '../testing/bike';
import { LibraryProblemsDrawer } from './LibraryProblemsDrawer';

let calls: InternalAxiosRequestConfig[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
beforeEach(() => {
  calls = fakeServer(bikeServer());
});
afterAll(() => i18n.changeLanguage('en'));

function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

const show = (onClose = () => undefined) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/ccms/document/index']}>
        <App>
          <Routes>
            <Route path="/ccms/document/index" element={<LibraryProblemsDrawer scope={{ libraryId: 3, branch: 'main' }} open onClose={onClose} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const drawer = () => screen.getByTestId('s1000d-problems-drawer');
const rows = () => within(drawer()).getAllByTestId('problem-row');
const lastAsked = () => {
  const last = calls.filter((c) => c.url?.startsWith('/ccms/catalog/problems')).at(-1);
  if (!last) throw new Error('no problems asked');
  return queryOf(last);
};

describe("the library's problems", () => {
  it('lists them page by page; problems of the whole library say so', async () => {
    show();
    await screen.findByText('No schema package is installed for S1000D issue 4.1');
    expect(rows()).toHaveLength(20);
    expect(within(drawer()).getByText('Total 45')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByTestId('problem-whole-library').textContent).toBe('Whole library');
    expect(lastAsked().get('libraryId')).toBe('3');
    expect(lastAsked().get('branch')).toBe('main');
    fireEvent.click(within(drawer()).getByTitle('3'));
    await within(drawer()).findByText('Checked against the default BREX');
    expect(rows()).toHaveLength(5);
    expect(lastAsked().get('pageNum')).toBe('3');
    expect(lastAsked().get('pageSize')).toBe('20');
  });

  it('filters by severity and by code, from the first page', async () => {
    show();
    await screen.findByText('No schema package is installed for S1000D issue 4.1');
    fireEvent.click(within(drawer()).getByTitle('2'));
    await waitFor(() => expect(lastAsked().get('pageNum')).toBe('2'));
    fireEvent.mouseDown(within(within(drawer()).getByTestId('problems-severity')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Warning'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastAsked().get('severity')).toBe('warning');
    expect(lastAsked().get('pageNum')).toBe('1');
    expect(within(rows()[0] as HTMLElement).getByText('Warning')).toBeTruthy();

    fireEvent.mouseDown(within(within(drawer()).getByTestId('problems-severity')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Error'));
    await waitFor(() => expect(within(drawer()).getByText('Total 43')).toBeTruthy());
    const code = within(drawer()).getByPlaceholderText('e.g. brex-rule');
    fireEvent.change(code, { target: { value: 'brex-rule' } });
    fireEvent.keyDown(code, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await within(drawer()).findByText('Bike information codes: @infoCode 952 is not allowed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastAsked().get('severity')).toBe('error');
    expect(lastAsked().get('code')).toBe('brex-rule');
  });

  it('opens the data module or publication module a problem is in, and closes', async () => {
    const onClose = vi.fn();
    show(onClose);
    await screen.findByText('No schema package is installed for S1000D issue 4.1');
    const pm = within(drawer()).getByText('PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML');
    expect(within(rows()[0] as HTMLElement).queryByTestId('problem-file')).toBeNull();
    fireEvent.click(pm);
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/document-detail/index?id=9');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens a data module by its topic', async () => {
    show();
    fireEvent.click(await screen.findByText('DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML'));
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/topic-detail/index?id=52');
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['s1000d', 'shared']);
    show();
    await screen.findByText('No schema package is installed for S1000D issue 4.1');
    expect(within(rows()[0] as HTMLElement).getByText('整个库')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('警告')).toBeTruthy();
    expect(screen.getByText('库中的问题')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
