import { replace } from 'react-router';

/** Pages that need no sign-in (spec section 2). Any other path without a token goes to /login. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/register', '/401', '/404', '/auth-redirect', '/bind'];

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export interface GuardDeps {
  token(): string | undefined;
  /** Roles of the loaded user; empty until user info is loaded. */
  roles(): readonly string[];
  /** Loads user info, then the permitted routes, adding them to the router. */
  loadUser(): Promise<void>;
  logout(): Promise<void>;
  showError(message: string): void;
  /** Where a user confined to one part of the app lives (a reader: the portal); null for the whole app. */
  confinedTo?(): Promise<string | null> | string | null;
}

/** A path inside `root` (the root itself or below it). */
const within = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/**
 * The navigation guard of spec section 2, run before every navigation:
 * - with a token, /login goes to /;
 * - without one, a non-public path goes to /login?redirect=<full original path>;
 * - roles not loaded yet: load user info and routes, then retry the same navigation;
 * - a user confined to a part of the app (a reader and the portal) goes there from anywhere else;
 * - loading fails: log out, show the error, go to /.
 * Returns the redirect to follow, or null to let the navigation through.
 */
export async function guardNavigation(url: URL, deps: GuardDeps): Promise<Response | null> {
  const fullPath = `${url.pathname}${url.search}${url.hash}`;
  if (deps.token()) {
    if (url.pathname === '/login') return replace('/');
    if (isPublicPath(url.pathname)) return null;
    if (deps.roles().length > 0) {
      const home = (await deps.confinedTo?.()) ?? null;
      return home && !within(url.pathname, home) ? replace(home) : null;
    }
    try {
      await deps.loadUser();
    } catch (err) {
      await deps.logout().catch(() => undefined);
      deps.showError(err instanceof Error ? err.message : String(err));
      return replace('/');
    }
    // The new routes exist now: retry so the path matches them.
    return replace(fullPath);
  }
  if (isPublicPath(url.pathname)) return null;
  return replace(`/login?redirect=${encodeURIComponent(fullPath)}`);
}
