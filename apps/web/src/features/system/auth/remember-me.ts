import Cookies from 'js-cookie';

const USERNAME = 'username';
const REMEMBER = 'rememberMe';
const DAYS = 30;

/** Remember me keeps the user name and the preference, never the password. */
export function readRemembered(): { username: string; rememberMe: boolean } {
  const rememberMe = Cookies.get(REMEMBER) === 'true';
  return { username: rememberMe ? (Cookies.get(USERNAME) ?? '') : '', rememberMe };
}

export function writeRemembered(username: string, rememberMe: boolean) {
  if (rememberMe) {
    Cookies.set(USERNAME, username, { expires: DAYS, sameSite: 'Lax' });
    Cookies.set(REMEMBER, 'true', { expires: DAYS, sameSite: 'Lax' });
  } else {
    Cookies.remove(USERNAME);
    Cookies.remove(REMEMBER);
  }
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
}
