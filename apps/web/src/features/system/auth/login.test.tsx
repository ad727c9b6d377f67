import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { useSession } from '../../../state/session-store';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { validateLogin } from './login-form';
import LoginPage from './pages/login';
import { safeRedirect } from './remember-me';

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
  Cookies.remove(TOKEN_COOKIE);
  Cookies.remove('username');
  Cookies.remove('rememberMe');
  useSession.getState().resetToken();
});

const values = (username: string, password: string, code = '') => ({ username, password, code, rememberMe: false });

describe('sign-in rules (spec section 5)', () => {
  it('user name required, 3 to 10; password required, 6 to 15; captcha when enabled', () => {
    expect(validateLogin(values('', ''), false)).toEqual({ username: 'usernameRequired', password: 'passwordRequired' });
    expect(validateLogin(values('ab', '12345'), false)).toEqual({ username: 'usernameLength', password: 'passwordLength' });
    expect(validateLogin(values('abcdefghijk', '1234567890123456'), false)).toEqual({ username: 'usernameLength', password: 'passwordLength' });
    expect(validateLogin(values('abc', '123456'), false)).toEqual({});
    expect(validateLogin(values('abc', '123456'), true)).toEqual({ code: 'captchaRequired' });
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('<LoginPage>', () => {
  const renderLogin = (path = '/login') => {
    const router = createMemoryRouter(
      [
        { path: '/login', Component: LoginPage },
        { path: '*', element: <div data-testid="landed" /> },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it('shows the spec messages, and the captcha image refreshes on click', async () => {
    let captchas = 0;
    fakeServer((c) =>
      c.url === '/captchaImage'
        ? { data: { code: 200, msg: 'ok', captchaEnabled: true, uuid: `u${++captchas}`, img: `iVBORw0KGgo${captchas}` } }
        : { data: { code: 200 } },
    );
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please input user name.')).toBeTruthy();
    expect(screen.getByText('Please input password')).toBeTruthy();
    expect(screen.getByText('Please input the captcha')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    expect(screen.getByText('User name must be 3 to 10 characters')).toBeTruthy();
    expect(screen.getByText('Password must be 6 to 15 characters')).toBeTruthy();
    // The server's base64 PNG, shown under its own data URL.
    expect(screen.getByAltText('Captcha image, click to refresh').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo1');
    fireEvent.click(screen.getByAltText('Captcha image, click to refresh'));
    await waitFor(() => expect(captchas).toBe(2));
    await waitFor(() => expect(screen.getByAltText('Captcha image, click to refresh').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo2'));
  });

  it('signs in and goes back to the page asked for', async () => {
    const calls = fakeServer((c) =>
      c.url === '/captchaImage' ? { data: { code: 200, msg: 'ok', captchaEnabled: false } } : { data: { code: 200, msg: 'ok', token: 'jwt-9' } },
    );
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/system/post?x=1')}`);
    fireEvent.change(await screen.findByLabelText('User name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname + router.state.location.search).toBe('/system/post?x=1');
    expect(calls.find((c) => c.url === '/login')).toBeTruthy();
    expect(Cookies.get(TOKEN_COOKIE)).toBe('jwt-9');
    expect(Cookies.get('username')).toBe('admin');
    expect(Cookies.get('rememberMe')).toBe('true');
  });

  it('a refused sign-in shows the server message as a notification', async () => {
    fakeServer((c) =>
      c.url === '/captchaImage'
        ? { data: { code: 200, msg: 'ok', captchaEnabled: false } }
        : { status: 400, data: { code: 400, msg: 'Wrong user name or password' } },
    );
    renderLogin();
    fireEvent.change(await screen.findByLabelText('User name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(fb.notification.error).toHaveBeenCalledWith({ title: 'Wrong user name or password' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
