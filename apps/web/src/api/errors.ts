import type { Denied } from '@ccms/contracts/http';
import { i18n } from '../i18n';

/** A failed call: the text already shown (or meant to be shown) and the body or HTTP code when there was one. */
export class ApiError extends Error {
  readonly code: number | undefined;
  /** On a 403: the right the server said was missing (permission strings or the grant level). */
  readonly denied: Denied | undefined;
  constructor(message: string, code?: number, denied?: Denied) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.denied = denied;
  }
}

/** The missing right of a refused call (a 403 naming it), else null. */
export function deniedOf(error: unknown): Denied | null {
  return error instanceof ApiError && error.code === 403 && error.denied ? error.denied : null;
}

/** What a screen needs is one of these: to show something, or to do something. */
export type DeniedPurpose = 'see' | 'do';

/**
 * The missing right in words, in the user's language: "You need the right “Libraries › Query
 * library” (ccms:library:query) to see this", or the grant level an object needs.
 */
export function deniedText(denied: Denied, purpose: DeniedPurpose): string {
  const p = i18n.t(`http:denied.purposes.${purpose}`);
  const right = ({ perms, name }: { perms: string; name: string }) =>
    name ? i18n.t('http:denied.right', { name, perms, purpose: p }) : i18n.t('http:denied.rightNoName', { perms, purpose: p });
  const perms = denied.permissions ?? [];
  const [only] = perms;
  if (perms.length === 1 && only) return right(only);
  if (perms.length > 1) {
    const rights = perms.map(({ perms: code, name }) => (name ? `“${name}” (${code})` : code)).join(i18n.t('http:denied.separator'));
    return i18n.t('http:denied.oneOf', { rights, purpose: p });
  }
  if (denied.level) {
    return i18n.t('http:denied.level', {
      level: i18n.t(`http:denied.levels.${denied.level}`),
      object: i18n.t(`http:denied.objects.${denied.object ?? 'library'}`),
      purpose: p,
    });
  }
  return i18n.t('http:code403');
}

/** POST/PUT of the same URL and body within the duplicate-submit window. */
export class DuplicateSubmitError extends ApiError {
  constructor() {
    super(i18n.t('http:duplicateSubmit'));
    this.name = 'DuplicateSubmitError';
  }
}

/**
 * The spec's message lookup (section 8): 401, 403 and 404 have fixed texts; other codes show the
 * body's msg, else the default text.
 */
export function messageForCode(code: number, bodyMsg?: string | null): string {
  if (code === 401) return i18n.t('http:code401');
  if (code === 403) return i18n.t('http:code403');
  if (code === 404) return i18n.t('http:code404');
  return bodyMsg || i18n.t('http:codeDefault');
}

/** The text of a transport failure: network, timeout or an HTTP status without an envelope. */
export function transportMessage(error: { message: string; code?: string | undefined; status?: number | undefined }): string {
  if (error.code === 'ERR_NETWORK' || error.message === 'Network Error') return i18n.t('http:networkError');
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.message.includes('timeout')) return i18n.t('http:timeout');
  const status = error.status ?? /status code (\d{3})/.exec(error.message)?.[1];
  if (status !== undefined) return i18n.t('http:httpStatus', { status });
  return error.message;
}
