import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { applicability, bikeServer, documentDetail, PM_MODULES, queryOf } from '../testing/bike';
import { ProductFilterTab } from './ProductFilterTab';

let calls: InternalAxiosRequestConfig[] = [];
let feedback = fakeFeedback();

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
beforeEach(() => {
  feedback = fakeFeedback();
  calls = fakeServer(bikeServer());
});
afterAll(() => i18n.changeLanguage('en'));

function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/ccms/document-detail/index?id=9&tab=filter']}>
        <App>
          <Routes>
            <Route path="/ccms/document-detail/index" element={<ProductFilterTab document={documentDetail()} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

async function pick(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

const rowsShown = () => screen.getAllByTestId('s1000d-filter-row');
const asked = () => calls.filter((c) => c.url?.startsWith('/ccms/s1000d/filter')).map(queryOf);

describe('filtering a publication module by product', () => {
  it('asks nothing until a product is chosen, then lists the modules with N of M applying', async () => {
    show();
    expect(await screen.findByText('Choose a product to see which data modules of the publication module apply to it')).toBeTruthy();
    expect(asked()).toEqual([]);
    await pick('s1000d-filter-product', '1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE');
    expect((await screen.findByTestId('s1000d-filter-count')).textContent).toBe('67 of 72 data modules apply');
    expect(rowsShown()).toHaveLength(72);
    expect(rowsShown().filter((r) => r.getAttribute('data-applies') === 'false')).toHaveLength(5);
    const q = asked()[0];
    expect(q?.get('documentId')).toBe('9');
    expect(q?.get('product')).toBe('1B070643');
  });

  it('shows only the modules that do not apply when asked, and another product changes them', async () => {
    show();
    await pick('s1000d-filter-product', '1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE');
    await screen.findByTestId('s1000d-filter-count');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only not applicable' }));
    expect(rowsShown().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A',
      'DMC-BRAKE-AAA-DA1-00-00-00AA-341A-A',
      'DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A',
      'DMC-S1000DBIKE-AAA-D00-00-01-00AA-720A-A',
      'DMC-S1000DBIKE-AAA-DA2-40-00-00AA-720A-A',
    ]);
    expect(within(rowsShown()[0] as HTMLElement).getByText('Not applicable')).toBeTruthy();
    await pick('s1000d-filter-product', '1B070701 — Mountain bicycle, Mountain storm, Mk1, PRE');
    await waitFor(() => expect(screen.getByTestId('s1000d-filter-count').textContent).toBe('68 of 72 data modules apply'));
    expect(rowsShown()).toHaveLength(4);
    expect(rowsShown()[3]?.textContent).toContain('DMC-S1000DBIKE-AAA-D00-00-01-00AB-720A-A');
  });

  it('opens the topic detail of a module clicked', async () => {
    show();
    await pick('s1000d-filter-product', '1B070701 — Mountain bicycle, Mountain storm, Mk1, PRE');
    await screen.findByTestId('s1000d-filter-count');
    fireEvent.click(screen.getByText(PM_MODULES[2] ?? ''));
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/topic-detail/index?id=102');
  });

  it('without a PCT, builds the property values from one field per ACT attribute and CCT condition', async () => {
    calls = fakeServer(bikeServer({ applicability: applicability({ pct: null, products: [] }) }));
    show();
    const form = await screen.findByTestId('s1000d-filter-product-properties');
    expect(screen.queryByTestId('s1000d-filter-product')).toBeNull();
    for (const label of ['Serial number', 'Type', 'Model', 'Version', 'Version rank', 'Service bulletin S001', 'Tour finished']) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
    const apply = within(form).getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    // The enumerated values are offered; ranges are typed.
    fireEvent.mouseDown(within(form).getByLabelText('Model'));
    expect(await screen.findByTitle('Mountain storm')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'Mountain bicycle' } });
    fireEvent.change(within(form).getByLabelText('Model'), { target: { value: 'Mountain storm' } });
    fireEvent.change(within(form).getByLabelText('Tour finished'), { target: { value: 'true' } });
    fireEvent.click(apply);
    expect((await screen.findByTestId('s1000d-filter-count')).textContent).toBe('68 of 72 data modules apply');
    expect(asked()[0]?.get('assign')).toBe('type=Mountain bicycle;model=Mountain storm;tourFinished=true');
    expect(asked()[0]?.get('product')).toBeNull();
  });

  it("shows the server's refusal in the user's language", async () => {
    calls = fakeServer((config) =>
      config.url?.startsWith('/ccms/s1000d/filter')
        ? { data: { code: 400, msg: 'Product: product "1B070644" is not in the products cross-reference table (PCT)' } }
        : bikeServer()(config),
    );
    show();
    await pick('s1000d-filter-product', '1B070644 — Mountain bicycle, Brook trekker, Mk9, POST-001');
    await waitFor(() =>
      expect(feedback.notification.error).toHaveBeenCalledWith({ title: 'Product: product "1B070644" is not in the products cross-reference table (PCT)' }),
    );
    expect(screen.queryByTestId('s1000d-filter-count')).toBeNull();
  });

  it('counts in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['s1000d', 'shared']);
    show();
    await pick('s1000d-filter-product', '1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE');
    expect((await screen.findByTestId('s1000d-filter-count')).textContent).toBe('72 个数据模块中 67 个适用');
    expect(screen.getByText('只显示不适用的')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
