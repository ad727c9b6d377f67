import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../api/duplicate-guard';
import { useSession } from '../../state/session-store';
import { fakeFeedback, fakeServer } from '../../test/fakes';

vi.mock('../UiProviders', async () => {
  const { Outlet } = await import('react-router');
  return { UiProviders: Outlet };
});
vi.mock('../layout/Layout', async () => {
  const { Outlet } = await import('react-router');
  return { Layout: Outlet };
});
vi.mock('../../features/work/dashboard/pages/index', () => ({ default: () => <p>dashboard</p> }));
vi.mock('../../features/system/auth/pages/login', () => ({ default: () => <p>sign in</p> }));
vi.mock('./dynamic-routes', () => ({ buildDynamicRoutes: () => [] }));

const { appRoutes } = await import('./router');

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
  Cookies.set(TOKEN_COOKIE, 'jwt-1');
  useSession.setState({ token: 'jwt-1', roles: [] });
});
afterEach(async () => {
  // The guard preloads the shell's code and namespaces without waiting: let them land before the file's environment goes.
  await vi.dynamicImportSettled();
  Cookies.remove(TOKEN_COOKIE);
  useSession.getState().resetToken();
});

const info = (pwdChangeRequired: boolean) => ({
  code: 200,
  msg: 'ok',
  user: { userId: 5, userName: 'given', nickName: 'Given', avatar: '', email: '', phonenumber: '', sex: '0', deptId: null, deptName: '', remark: '' },
  roles: [],
  permissions: [],
  pwdChangeRequired,
  isDefaultModifyPwd: pwdChangeRequired,
  isPasswordExpired: false,
  home: null,
});

/** A reload of a signed-in page: the guard loads getInfo and getRouters (which the server now answers such a user too). */
function reload(pwdChangeRequired: boolean) {
  const calls = fakeServer((c) => {
    if (c.url === '/getInfo') return { data: info(pwdChangeRequired) };
    if (c.url === '/getRouters') return { data: { code: 200, msg: 'ok', data: [] } };
    return { data: { code: 200, msg: 'ok' } };
  });
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/index'] });
  render(<RouterProvider router={router} />);
  return { router, calls };
}

describe('a reload while a password someone else set must change', () => {
  it('does not open the shell: the session ends with the reason and the sign-in page (with its password form) follows', async () => {
    const { router, calls } = reload(true);
    expect(await screen.findByText('sign in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.url === '/logout')).toBe(true);
    expect(fb.message.error).toHaveBeenCalledWith('Someone else set your password (initial password or reset): change it first');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('opens the shell for a user with their own password', async () => {
    const { router, calls } = reload(false);
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index');
    await waitFor(() => expect(calls.some((c) => c.url === '/logout')).toBe(false));
    expect(fb.message.error).not.toHaveBeenCalled();
  });
});
