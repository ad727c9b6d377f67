import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { applicability, bikeServer } from '../testing/bike';
import { ApplicabilityDrawer, productColumns } from './ApplicabilityDrawer';

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));

function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/ccms/document/index']}>
        <App>
          <Routes>
            <Route path="/ccms/document/index" element={<ApplicabilityDrawer scope={{ libraryId: 3, branch: 'main' }} open onClose={() => undefined} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const rowOf = (table: HTMLElement, text: string) => within(table).getAllByText(text)[0]?.closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);

describe('the applicability drawer', () => {
  it('names the data modules of the ACT, CCT and PCT and opens them', async () => {
    fakeServer(bikeServer());
    show();
    const drawer = await screen.findByTestId('s1000d-applic-drawer');
    const tables = await within(drawer).findAllByTestId('applic-table');
    expect(tables.map((t) => t.textContent)).toEqual([
      'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00WA-D (006-00)',
      'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00QA-D (005-00)',
      'DMC-S1000DBIKE-AAA-D00-00-00-00AA-00PA-D (005-00)',
    ]);
    fireEvent.click(tables[2] as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/topic-detail/index?id=13');
  });

  it('lists the ACT attributes with the primary one marked, the CCT conditions, and each product with its values', async () => {
    fakeServer(bikeServer());
    show();
    const attributes = await screen.findByTestId('applic-attributes');
    expect(headers(attributes)).toEqual(['Name', 'Ident', 'Values']);
    expect(within(attributes).getAllByRole('row')).toHaveLength(6);
    expect(cells(rowOf(attributes, 'Serial number'))).toEqual(['Serial numberProduct identifier', 'serialno', '']);
    expect(cells(rowOf(attributes, 'Model'))).toEqual(['Model', 'model', 'Brook trekker|Mountain storm']);
    expect(within(attributes).getAllByTestId('applic-primary')).toHaveLength(1);

    const conditions = screen.getByTestId('applic-conditions');
    expect(headers(conditions)).toEqual(['Name', 'Ident', 'Condition type', 'Values']);
    expect(cells(rowOf(conditions, 'Service bulletin S001'))).toEqual(['Service bulletin S001', 'SB-S001', 'SB', 'PREPOST-001~POST-999']);
    expect(cells(rowOf(conditions, 'Tour finished'))).toEqual(['Tour finished', 'tourFinished', 'Boolean', 'true|false']);

    const products = screen.getByTestId('applic-products');
    expect(headers(products)).toEqual(['Product', 'Serial number', 'Type', 'Model', 'Version', 'Service bulletin S001']);
    expect(cells(rowOf(products, '1B070643'))).toEqual(['1B070643', '1B070643', 'Mountain bicycle', 'Brook trekker', 'Mk9', 'PRE']);
    expect(cells(rowOf(products, '1B070701'))).toEqual(['1B070701', '1B070701', 'Mountain bicycle', 'Mountain storm', 'Mk1', 'PRE']);
  });

  it('says which tables the branch lacks', async () => {
    fakeServer(
      bikeServer({
        applicability: applicability({ cct: null, pct: null, products: [], attributes: applicability().attributes.filter((a) => a.type === 'prodattr') }),
      }),
    );
    show();
    const drawer = await screen.findByTestId('s1000d-applic-drawer');
    expect(await within(drawer).findAllByText('The branch has no such table')).toHaveLength(3);
    expect(within(screen.getByTestId('applic-products')).getByText('No products cross-reference table: filter by property values')).toBeTruthy();
  });

  it('puts idents the tables do not declare after the declared ones', () => {
    const a = applicability();
    expect(productColumns(a.attributes, [{ key: 'p', assignment: { extra: '1', model: 'x' } }])).toEqual([
      { id: 'model', name: 'Model' },
      { id: 'extra', name: 'extra' },
    ]);
  });

  it('in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['s1000d', 'shared']);
    fakeServer(bikeServer());
    show();
    const attributes = await screen.findByTestId('applic-attributes');
    expect(within(attributes).getByText('产品标识')).toBeTruthy();
    expect(screen.getByText('产品交叉引用表（PCT）')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
