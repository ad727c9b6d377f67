import { act, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInLazy } from './signed-in-lazy';

// Every module behind the sign-in wall counts its imports; none may load for an unsigned visit.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../UiProviders', async () => {
  loaded.push('UiProviders');
  const { Outlet } = await import('react-router');
  return { UiProviders: Outlet };
});
vi.mock('../layout/Layout', async () => {
  loaded.push('Layout');
  const { Outlet } = await import('react-router');
  return { Layout: Outlet };
});
vi.mock('../../features/work/dashboard/pages/index', () => {
  loaded.push('dashboard');
  return { default: () => <p>dashboard</p> };
});
vi.mock('../../features/errors/pages/404', () => {
  loaded.push('404');
  return { default: () => <p>not found</p> };
});
vi.mock('../../features/system/auth/pages/login', () => ({ default: () => <p>sign in</p> }));

const { appRoutes } = await import('./router');

function Page() {
  return <p>page</p>;
}

afterEach(() => {
  loaded.length = 0;
  Cookies.remove('Admin-Token');
});

describe('an unsigned visit to a protected page', () => {
  it.each(['/index', '/system/user?pageNum=2', '/ccms/topic-detail/index?id=4'])('%s goes to sign-in without loading the shell or the page', async (path) => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('sign in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
    expect(loaded).toEqual([]);
  });
});

describe('signedInLazy', () => {
  it('with a session it loads the route at once', async () => {
    const load = vi.fn(async () => ({ Component: Page }));
    const route = await signedInLazy(load, () => true)();
    expect(load).toHaveBeenCalledOnce();
    expect(route.Component).toBeTypeOf('function');
  });

  it('without one it loads nothing until the placeholder renders, then shows the page', async () => {
    const load = vi.fn(async () => ({ Component: Page }));
    const route = await signedInLazy(load, () => false)();
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      render(route.element);
    });
    expect(await screen.findByText('page')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });
});
