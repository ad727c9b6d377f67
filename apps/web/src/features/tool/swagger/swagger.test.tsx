import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPage, lazyPage } from '../../../app/router/pages';
import { i18n } from '../../../i18n';
import SwaggerPage from './pages/index';

beforeAll(() => i18n.loadNamespaces('tool'));
afterAll(() => i18n.changeLanguage('en'));

describe('Tool → API docs (tool/swagger/index)', () => {
  it('is a page of its own, not the "not available yet" placeholder', async () => {
    expect(hasPage('tool/swagger/index')).toBe(true);
    const route = await lazyPage('tool/swagger/index')();
    expect(route.Component).toBe(SwaggerPage);
  });

  it('shows the server API manual in a frame, titled in the UI language', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = render(<SwaggerPage />);
    const frame = screen.getByTestId('swagger-frame');
    expect(frame.getAttribute('src')).toBe('/prod-api/swagger');
    expect(frame.getAttribute('title')).toBe('API Docs');
    expect(screen.getByRole('heading').textContent).toBe('API Docs');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/prod-api/swagger');
    unmount();

    await i18n.changeLanguage('zh');
    render(<SwaggerPage />);
    expect(screen.getByTestId('swagger-frame').getAttribute('title')).toBe('系统接口');
    expect(screen.getByRole('link').textContent).toContain('在新窗口打开');
  });
});
