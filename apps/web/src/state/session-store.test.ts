import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../api/duplicate-guard';
import defaultAvatar from '../assets/default-avatar.svg';
import { fakeFeedback, fakeServer } from '../test/fakes';
import { useSession } from './session-store';

const user = (avatar: string) => ({
  userId: 7,
  userName: 'alice',
  nickName: 'Alice',
  avatar,
  email: '',
  phonenumber: '',
  sex: '1',
  deptId: null,
  deptName: '',
  remark: 'Technical writer',
});

beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
  Cookies.remove(TOKEN_COOKIE);
  useSession.getState().resetToken();
});

describe('session store', () => {
  it('login keeps the token in cookie Admin-Token, sending no token itself', async () => {
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok', token: 'jwt-1' } }));
    await useSession.getState().login({ username: ' alice ', password: 'secret1', code: '', uuid: '' });
    expect(calls[0]?.url).toBe('/login');
    expect(JSON.parse(String(calls[0]?.data))).toMatchObject({ username: 'alice', password: 'secret1' });
    expect(calls[0]?.headers.get('Authorization')).toBeUndefined();
    expect(Cookies.get(TOKEN_COOKIE)).toBe('jwt-1');
    expect(useSession.getState().token).toBe('jwt-1');
  });

  it('getInfo fills the user; a stored avatar is served under the API base', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', user: user('/profile/avatar/7/a.png'), roles: ['editor'], permissions: ['system:user:list'] } }));
    await useSession.getState().getInfo();
    const s = useSession.getState();
    expect(s).toMatchObject({
      userId: 7,
      name: 'alice',
      nickName: 'Alice',
      introduction: 'Technical writer',
      roles: ['editor'],
      permissions: ['system:user:list'],
    });
    expect(s.avatar).toBe('/prod-api/profile/avatar/7/a.png');
  });

  it('a missing avatar uses the default image; no roles gives ROLE_DEFAULT', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', user: user(''), roles: [], permissions: ['x:y:z'] } }));
    await useSession.getState().getInfo();
    const s = useSession.getState();
    expect(s.avatar).toBe(defaultAvatar);
    expect(s.roles).toEqual(['ROLE_DEFAULT']);
    expect(s.permissions).toEqual([]);
  });

  it('logout calls the server and clears token, roles and permissions', async () => {
    Cookies.set(TOKEN_COOKIE, 'jwt-1');
    useSession.setState({ token: 'jwt-1', roles: ['editor'], permissions: ['a:b:c'] });
    const calls = fakeServer(() => ({ data: { code: 200, msg: 'ok' } }));
    await useSession.getState().logout();
    expect(calls[0]?.url).toBe('/logout');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: '', roles: [], permissions: [] });
  });
});
