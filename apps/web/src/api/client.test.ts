import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFeedback, fakeServer } from '../test/fakes';
import { browser } from './browser';
import { relogin, request, resourceUrl } from './client';
import { resetDuplicateGuard } from './duplicate-guard';

let fb: ReturnType<typeof fakeFeedback>;

beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
  relogin.show = false;
  Cookies.remove(TOKEN_COOKIE);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ok = { data: { code: 200, msg: 'ok', data: 1 } };

describe('request headers and params', () => {
  it('sends the Bearer token from cookie Admin-Token, the API base and the UI language', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    const calls = fakeServer(() => ok);
    await request({ url: '/getInfo', method: 'get' });
    expect(calls[0]?.baseURL).toBe('/prod-api');
    expect(calls[0]?.timeout).toBe(300000);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(calls[0]?.headers.get('Content-Language')).toBe('en');
  });

  it('sends no token on tokenless calls, and the captcha waits 20 s', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', captchaEnabled: false } }));
    const { authApi } = await import('./auth');
    await authApi.captcha();
    expect(calls[0]?.headers.get('Authorization')).toBeUndefined();
    expect(calls[0]?.timeout).toBe(20000);
  });

  it('flattens GET params into the query string with key[sub], leaving out empty values', async () => {
    const calls = fakeServer(() => ok);
    await request({
      url: '/system/user/list',
      method: 'get',
      params: { pageNum: 1, userName: '', status: undefined, params: { beginTime: '2024-01-01', endTime: '' } },
    });
    expect(calls[0]?.url).toBe('/system/user/list?pageNum=1&params%5BbeginTime%5D=2024-01-01');
    expect(calls[0]?.params).toEqual({});
  });
});

describe('duplicate-submit guard', () => {
  it('rejects the same POST within 1000 ms with the spec message, and lets it through after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    const calls = fakeServer(() => ok);
    await request({ url: '/system/post', method: 'post', data: { postName: 'a' } });
    await expect(request({ url: '/system/post', method: 'post', data: { postName: 'a' } })).rejects.toThrow('Data is being processed, please do not resubmit');
    expect(fb.message.error).toHaveBeenCalledWith({ content: 'Data is being processed, please do not resubmit', duration: 5 });
    // A different body or URL is not a repeat.
    await request({ url: '/system/post', method: 'post', data: { postName: 'b' } });
    vi.setSystemTime(new Date('2024-01-01T00:00:01.001Z'));
    await request({ url: '/system/post', method: 'post', data: { postName: 'b' } });
    expect(calls).toHaveLength(3);
  });

  it('guards PUT too, but not GET or calls that opt out', async () => {
    const calls = fakeServer(() => ok);
    await request({ url: '/x', method: 'put', data: { a: 1 } });
    await expect(request({ url: '/x', method: 'put', data: { a: 1 } })).rejects.toThrow();
    await request({ url: '/x', method: 'get' });
    await request({ url: '/x', method: 'get' });
    await request({ url: '/y', method: 'post', data: { a: 1 }, repeatSubmit: false });
    await request({ url: '/y', method: 'post', data: { a: 1 }, repeatSubmit: false });
    expect(calls).toHaveLength(5);
  });
});

describe('body codes (spec section 8)', () => {
  it('401: one dialog at a time offering re-login or stay, and rejects with the session message', async () => {
    fakeServer(() => ({ data: { code: 401, msg: 'expired' } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('Invalid session, or the session has expired, please log in again.');
    await expect(request({ url: '/b', method: 'get' })).rejects.toThrow('Invalid session');
    expect(fb.modal.confirm).toHaveBeenCalledTimes(1);
    const dialog = fb.modal.confirm.mock.calls[0]?.[0];
    expect(dialog.title).toBe('System prompt');
    expect(dialog.content).toBe('Login has expired, you can stay on this page or log in again');
    expect(dialog.okText).toBe('Log in again');
    expect(dialog.cancelText).toBe('Cancel');
    // Staying closes it; the next 401 may ask again.
    dialog.onCancel();
    await expect(request({ url: '/c', method: 'get' })).rejects.toThrow();
    expect(fb.modal.confirm).toHaveBeenCalledTimes(2);
  });

  it('401 re-login logs out, drops the token and goes to /index', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const calls = fakeServer((c) => (c.url === '/logout' ? ok : { data: { code: 401, msg: '' } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow();
    await fb.modal.confirm.mock.calls[0]?.[0].onOk();
    expect(calls.map((c) => c.url)).toEqual(['/a', '/logout']);
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/index');
    expect(relogin.show).toBe(false);
  });

  it('500 shows an error toast with the message', async () => {
    fakeServer(() => ({ data: { code: 500, msg: 'Disk full' } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('Disk full');
    expect(fb.message.error).toHaveBeenCalledWith('Disk full');
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('other codes show an error notification; 403 and 404 use the fixed texts, the rest the body msg or the default', async () => {
    const answers = [{ code: 403, msg: 'forbidden' }, { code: 404, msg: 'gone' }, { code: 400, msg: 'Post name is required' }, { code: 409 }];
    fakeServer(() => ({ data: answers.shift() }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('The current operation has no permission');
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('The requested resource does not exist');
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('Post name is required');
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow('Unknown system error, please report to the administrator');
    expect(fb.notification.error.mock.calls.map((c) => c[0].title)).toEqual([
      'The current operation has no permission',
      'The requested resource does not exist',
      'Post name is required',
      'Unknown system error, please report to the administrator',
    ]);
  });

  it('a refusal sent as RuoYi does (HTTP 200, code 500, its status beside) is read by that status, as when the HTTP status carries it', async () => {
    const answers = [
      { code: 500, status: 409, msg: 'Someone else saved it meanwhile' },
      { code: 500, status: 404, msg: 'The requested resource does not exist' },
      { code: 500, status: 500, msg: 'Disk full' },
    ];
    fakeServer(() => ({ data: answers.shift() }));
    await expect(request({ url: '/a', method: 'put', data: {} })).rejects.toMatchObject({ code: 409, message: 'Someone else saved it meanwhile' });
    await expect(request({ url: '/a', method: 'get' })).rejects.toMatchObject({ code: 404 });
    await expect(request({ url: '/a', method: 'get' })).rejects.toMatchObject({ code: 500, message: 'Disk full' });
    expect(fb.notification.error.mock.calls.map((c) => c[0].title)).toEqual(['Someone else saved it meanwhile', 'The requested resource does not exist']);
    expect(fb.message.error).toHaveBeenCalledWith('Disk full');
  });

  it('reads the body code first when the HTTP status mirrors it', async () => {
    fakeServer(() => ({ status: 403, data: { code: 403, msg: 'x' } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toMatchObject({ code: 403, message: 'The current operation has no permission' });
    expect(fb.notification.error).toHaveBeenCalledWith({ title: 'The current operation has no permission' });
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('a 403 naming the missing right: the notification says which, and the error carries it for the screen', async () => {
    const denied = { permissions: [{ perms: 'ccms:library:query', name: 'Libraries › Query library' }] };
    fakeServer(() => ({ status: 403, data: { code: 403, msg: 'x', denied } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toMatchObject({ code: 403, message: 'The current operation has no permission', denied });
    await vi.waitFor(() =>
      expect(fb.notification.error).toHaveBeenCalledWith({
        title: 'The current operation has no permission',
        description: 'You need the right “Libraries › Query library” (ccms:library:query) to see this',
      }),
    );
    // An action (not a read) says "to do this".
    fakeServer(() => ({ status: 403, data: { code: 403, msg: 'x', denied } }));
    await expect(request({ url: '/b', method: 'post', data: { a: 1 } })).rejects.toMatchObject({ code: 403, denied });
    await vi.waitFor(() =>
      expect(fb.notification.error).toHaveBeenLastCalledWith({
        title: 'The current operation has no permission',
        description: 'You need the right “Libraries › Query library” (ccms:library:query) to do this',
      }),
    );
    // A denied that is not the contract's shape is not shown.
    fb.notification.error.mockClear();
    fakeServer(() => ({ status: 403, data: { code: 403, msg: 'x', denied: { permissions: 'all' } } }));
    await expect(request({ url: '/a', method: 'get' })).rejects.toMatchObject({ code: 403 });
    await vi.waitFor(() => expect(fb.notification.error).toHaveBeenCalledWith({ title: 'The current operation has no permission' }));
  });

  it('silent calls reject without any toast or dialog', async () => {
    fakeServer(() => ({ status: 404, data: { code: 404, msg: 'x' } }));
    await expect(request({ url: '/ccms/project/list', method: 'get', params: {}, silent: true })).rejects.toThrow();
    fakeServer(() => ({ data: { code: 401, msg: 'x' } }));
    await expect(request({ url: '/a', method: 'get', params: {}, silent: true })).rejects.toThrow();
    expect(fb.notification.error).not.toHaveBeenCalled();
    expect(fb.modal.confirm).not.toHaveBeenCalled();
  });
});

describe('transport failures: 5 s error toasts', () => {
  it.each([
    [{ error: { message: 'Network Error', code: 'ERR_NETWORK' } }, 'Backend interface connection error'],
    [{ error: { message: 'timeout of 300000ms exceeded', code: 'ECONNABORTED' } }, 'System interface request timed out'],
    [{ status: 502, data: '<html>Bad gateway</html>' }, 'System interface 502 error'],
  ])('%j -> %s', async (reply, text) => {
    fakeServer(() => reply);
    await expect(request({ url: '/a', method: 'get' })).rejects.toThrow(text);
    expect(fb.message.error).toHaveBeenCalledWith({ content: text, duration: 5 });
  });
});

describe('resourceUrl', () => {
  it('prefixes API paths with /prod-api and leaves absolute URLs alone', () => {
    expect(resourceUrl('/profile/avatar/1/a.png')).toBe('/prod-api/profile/avatar/1/a.png');
    expect(resourceUrl('profile/x.pdf')).toBe('/prod-api/profile/x.pdf');
    expect(resourceUrl('/prod-api/profile/x.pdf')).toBe('/prod-api/profile/x.pdf');
    expect(resourceUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(resourceUrl('')).toBe('');
  });
});
