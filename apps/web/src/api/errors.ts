import { i18n } from '../i18n';

/** A failed call: the text already shown (or meant to be shown) and the body or HTTP code when there was one. */
export class ApiError extends Error {
  readonly code: number | undefined;
  /** On a 403: what the server said was missing, as it came (read it with deniedOf). */
  readonly denied: unknown;
  constructor(message: string, code?: number, denied?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.denied = denied;
  }
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
