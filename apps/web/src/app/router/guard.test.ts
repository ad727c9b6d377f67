import { describe, expect, it, vi } from 'vitest';
import { type GuardDeps, guardNavigation, isPublicPath } from './guard';

interface Setup extends Partial<Omit<GuardDeps, 'token' | 'roles'>> {
  token?: string;
  roles?: string[];
}

function deps(over: Setup = {}): GuardDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    token: () => over.token,
    roles: () => over.roles ?? [],
    loadUser: over.loadUser ?? (async () => void calls.push('loadUser')),
    logout: over.logout ?? (async () => void calls.push('logout')),
    showError: over.showError ?? ((m) => void calls.push(`error:${m}`)),
    ...(over.confinedTo ? { confinedTo: over.confinedTo } : {}),
  };
}

const url = (path: string) => new URL(`http://localhost${path}`);
const location = (r: Response | null) => r?.headers.get('Location');

describe('navigation guard (spec section 2)', () => {
  it('without a token, a non-public path goes to /login with the full original path', async () => {
    const r = await guardNavigation(url('/system/user?pageNum=2#top'), deps());
    expect(location(r)).toBe(`/login?redirect=${encodeURIComponent('/system/user?pageNum=2#top')}`);
  });

  it('without a token, public pages open', async () => {
    for (const path of ['/login', '/register', '/401', '/404', '/auth-redirect', '/bind']) {
      expect(await guardNavigation(url(path), deps())).toBeNull();
    }
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/index')).toBe(false);
  });

  it('with a token, /login goes to /', async () => {
    expect(location(await guardNavigation(url('/login?redirect=%2Fx'), deps({ token: 't' })))).toBe('/');
  });

  it('with a token and no roles yet: loads user info and routes, then retries the same navigation', async () => {
    const d = deps({ token: 't' });
    const r = await guardNavigation(url('/system/post?x=1'), d);
    expect(d.calls).toEqual(['loadUser']);
    expect(location(r)).toBe('/system/post?x=1');
  });

  it('with roles loaded, the navigation goes through without calls', async () => {
    const d = deps({ token: 't', roles: ['admin'] });
    expect(await guardNavigation(url('/system/post'), d)).toBeNull();
    expect(d.calls).toEqual([]);
  });

  it('a user confined to the portal (a reader) goes there from any other page, and moves freely inside it', async () => {
    const reader = deps({ token: 't', roles: ['reader'], confinedTo: () => '/portal' });
    expect(location(await guardNavigation(url('/index'), reader))).toBe('/portal');
    expect(location(await guardNavigation(url('/system/user'), reader))).toBe('/portal');
    expect(location(await guardNavigation(url('/portalx'), reader))).toBe('/portal');
    expect(await guardNavigation(url('/portal'), reader)).toBeNull();
    expect(await guardNavigation(url('/portal/view/12?page=a.html'), reader)).toBeNull();
    // Everyone else opens the shell's pages.
    expect(await guardNavigation(url('/index'), deps({ token: 't', roles: ['author'], confinedTo: () => null }))).toBeNull();
  });

  it('when loading user info fails: logs out, shows the error and goes to /', async () => {
    const d = deps({
      token: 't',
      loadUser: vi.fn(async () => {
        throw new Error('Invalid session, or the session has expired, please log in again.');
      }),
    });
    const r = await guardNavigation(url('/system/post'), d);
    expect(d.calls).toEqual(['logout', 'error:Invalid session, or the session has expired, please log in again.']);
    expect(location(r)).toBe('/');
  });
});
