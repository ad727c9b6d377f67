import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/errors';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { PRODUCTS_PATH, ProductNeeded } from './ProductNeeded';

const none = { loading: false, options: [], error: null };
const show = (products: Parameters<typeof ProductNeeded>[0]['products']) =>
  render(
    <MemoryRouter>
      <ProductNeeded products={products} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await i18n.loadNamespaces(['library', 'shared']);
});
beforeEach(() => useSession.setState({ roles: ['author'], permissions: ['ccms:product:list'] }));
afterAll(() => i18n.changeLanguage('en'));

describe('ProductNeeded', () => {
  it('says a product is needed and links to Products for a user who may open it', () => {
    show(none);
    expect(screen.getByTestId('product-needed').textContent).toContain('No product to choose yet');
    expect(screen.getByRole('link', { name: 'Open Products' }).getAttribute('href')).toBe(PRODUCTS_PATH);
  });

  it('asks someone else to make one when the user may not open Products, in Chinese too', async () => {
    useSession.setState({ roles: ['author'], permissions: [] });
    await i18n.changeLanguage('zh');
    show(none);
    expect(screen.getByTestId('product-needed').textContent).toContain('请有产品管理权限的人创建');
    expect(screen.queryByRole('link')).toBeNull();
    await i18n.changeLanguage('en');
  });

  it('names the missing right when the product list was refused, and shows nothing while loading or with products', () => {
    const refused = new ApiError('The current operation has no permission', 403, { permissions: [{ perms: 'ccms:product:list', name: 'Products › Query' }] });
    const { rerender, container } = show({ loading: false, options: [], error: refused });
    expect(screen.getByTestId('product-needed').textContent).toContain('(ccms:product:list)');
    for (const products of [
      { loading: true, options: [], error: null },
      { loading: false, options: [{ value: 'widget', label: 'Widget' }], error: null },
    ]) {
      rerender(
        <MemoryRouter>
          <ProductNeeded products={products} />
        </MemoryRouter>,
      );
      expect(container.textContent).toBe('');
    }
  });
});
