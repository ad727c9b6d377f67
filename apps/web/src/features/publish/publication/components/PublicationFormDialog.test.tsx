import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { bikeServer, documentRow } from '../../../content/s1000d/testing/bike';
import { PublicationFormDialog } from './PublicationFormDialog';

/**
 * The publication dialog of an S1000D library (issue 31): the document is a publication module of
 * the branch (picked from its documents) and the filter an applicability selection (a PCT product or
 * a filter group offered, property values typed). A DITA library's dialog picks its map and filter from
 * the branch's lists (GET /ccms/publication/choices).
 */
const PM_PATH = 'csdb/PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const ok = (data: unknown = null): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
let calls: InternalAxiosRequestConfig[] = [];
let refuseChoices = false;

beforeAll(async () => {
  await i18n.loadNamespaces(['publication', 's1000d']);
});
beforeEach(() => {
  refuseChoices = false;
  fakeFeedback();
  resetDuplicateGuard();
  const bike = bikeServer({ documents: [documentRow({ path: PM_PATH, name: 'Mountain bicycle manual' })] });
  calls = fakeServer((config) => {
    const url = config.url ?? '';
    if (config.method === 'post' && url === '/ccms/publication') return ok({ publicationId: 12 });
    if (url.startsWith('/ccms/publication/choices?'))
      return refuseChoices
        ? { data: { code: 400, msg: 'The branch "main" does not exist' } }
        : ok({
            maps: [
              { path: 'maps/userguide.ditamap', title: 'User guide' },
              { path: 'maps/untitled.ditamap', title: '' },
            ],
            filters: [
              { value: 'filters/pdf.ditaval', kind: 'file' },
              { value: 'print-only', kind: 'group' },
            ],
          });
    if (url.startsWith('/ccms/library/filter/list'))
      return {
        data: {
          code: 200,
          msg: 'ok',
          rows: [{ settingId: 1, libraryId: 3, group: 'storm', name: 'model', type: 'include', value: 'Mountain storm', product: 'any' }],
          total: 1,
        },
      };
    return bike(config);
  });
});
afterAll(() => i18n.changeLanguage('en'));

function mount(libraryType: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <PublicationFormDialog open libraryId={3} libraryType={libraryType} defaultBranch="main" publicationId={undefined} onClose={() => undefined} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const posted = () => calls.filter((c) => c.method === 'post' && c.url === '/ccms/publication').map((c) => JSON.parse(String(c.data)));

describe('the publication dialog of an S1000D library', { timeout: 60_000 }, () => {
  it('picks a publication module and a PCT product, and saves them as the document and the filter', async () => {
    mount('S1000D');
    expect(screen.queryByLabelText('DITA map')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bike for 1B070643' } });
    const pm = await screen.findByTestId('publication-pm');
    fireEvent.mouseDown(within(pm).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(`Mountain bicycle manual — ${PM_PATH}`));
    const applic = screen.getByRole('combobox', { name: 'Applicability' });
    fireEvent.mouseDown(applic);
    fireEvent.change(applic, { target: { value: '1B0706' } });
    // The PCT's products are offered with their values; the library's filter groups too.
    fireEvent.click(await screen.findByText('1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE'));
    fireEvent.click(screen.getByRole('button', { name: /OK$/ }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({ libraryId: 3, name: 'Bike for 1B070643', branch: 'main', ditaMap: PM_PATH, ditaVal: '1B070643' });
  });

  it('offers the filter groups and takes property values typed in', async () => {
    mount('S1000D');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mk9' } });
    const pm = await screen.findByTestId('publication-pm');
    fireEvent.mouseDown(within(pm).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(`Mountain bicycle manual — ${PM_PATH}`));
    const applic = screen.getByRole('combobox', { name: 'Applicability' });
    fireEvent.mouseDown(applic);
    expect(await screen.findByText('Filter groups')).toBeTruthy();
    expect(screen.getByText('storm')).toBeTruthy();
    fireEvent.change(applic, { target: { value: 'model=Brook trekker;version=Mk9' } });
    fireEvent.click(screen.getByRole('button', { name: /OK$/ }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.ditaVal).toBe('model=Brook trekker;version=Mk9');
  });

  it('says what is missing, naming the field, and sends nothing', async () => {
    mount('S1000D');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Empty' } });
    await screen.findByTestId('publication-pm');
    fireEvent.click(screen.getByRole('button', { name: /OK$/ }));
    expect(await screen.findByText('Publication module is required')).toBeTruthy();
    expect(screen.getByText('Applicability is required')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("picks a DITA library's map and filter from the branch's lists: maps with titles, DITAVAL files and filter groups", async () => {
    mount('DITA');
    expect(screen.queryByTestId('publication-pm')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Guide for print' } });
    const map = await screen.findByTestId('publication-map');
    fireEvent.mouseDown(within(map).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('User guide — maps/userguide.ditamap'));
    const filter = screen.getByRole('combobox', { name: 'DITAVAL' });
    fireEvent.mouseDown(filter);
    expect(await screen.findByText('DITAVAL files')).toBeTruthy();
    expect(screen.getByText('Filter groups')).toBeTruthy();
    expect(screen.getByText('print-only')).toBeTruthy();
    fireEvent.click(screen.getByText('filters/pdf.ditaval'));
    fireEvent.click(screen.getByRole('button', { name: /OK$/ }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({ libraryId: 3, name: 'Guide for print', branch: 'main', ditaMap: 'maps/userguide.ditamap', ditaVal: 'filters/pdf.ditaval' });
    expect(calls.some((c) => c.url === '/ccms/publication/choices?libraryId=3&branch=main')).toBe(true);
  });

  it("shows the server's refusal of a branch under the map field", async () => {
    refuseChoices = true;
    mount('DITA');
    expect(await screen.findByText('The branch "main" does not exist')).toBeTruthy();
  });
});
