import type { RouterNode } from '@ccms/contracts/system/auth';
import type { UserInfo } from './auth';

/**
 * What a signed-in load needs before it can show a page (user info and the menu routes), kept in
 * localStorage for the session that fetched it, so a reload shows the page at once and checks both
 * with the server in the background. Keyed by a hash of the session token: another sign-in (or
 * user) never reads it, and signing in or out clears it.
 */
const KEY = 'ccms-boot';
/** Dictionaries by type, for the same session (see use-dict). */
const DICT_KEY = 'ccms-dicts';

export interface BootData {
  info: UserInfo;
  routers: RouterNode[];
}

/** FNV-1a: the token itself never goes to storage, only a short key derived from it. */
export function sessionKey(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${token.length}`;
}

function read<T>(key: string, token: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const entry = JSON.parse(raw) as { session?: string; data?: T };
    return entry.session === sessionKey(token) && entry.data ? entry.data : null;
  } catch {
    return null;
  }
}

function write(key: string, token: string, data: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify({ session: sessionKey(token), data }));
  } catch {
    // Storage full or disabled: the next load fetches, as without a cache.
  }
}

export const readBoot = (token: string) => read<BootData>(KEY, token);
export const writeBoot = (token: string, data: BootData) => write(KEY, token, data);

export const readDicts = (token: string) => read<Record<string, unknown>>(DICT_KEY, token) ?? {};
export function writeDict(token: string, type: string, items: unknown) {
  write(DICT_KEY, token, { ...readDicts(token), [type]: items });
}

/** Sign-in, sign-out and a dead session forget what the last session cached. */
export function clearBootCache() {
  try {
    localStorage.removeItem(KEY);
    localStorage.removeItem(DICT_KEY);
  } catch {
    // nothing stored
  }
}
