import { Code, type Denied } from '@ccms/contracts/http';

type Params = Record<string, string | number>;

/**
 * An error with an envelope code and a message key (translated per request) or a ready
 * sentence. Services throw these; the error handler presents them.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly params: Params = {},
    /** Sent as the envelope's `data` (located problems, the versions of a conflict). */
    readonly data?: unknown,
    /** A 403's missing right, sent as the body's `denied` (msg stays RuoYi's). */
    readonly denied?: Denied,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, params?: Params) => new AppError(Code.BAD_REQUEST, key, params);
export const unauthorized = (key = 'session.invalid') => new AppError(Code.UNAUTHORIZED, key);
/** A refusal; `denied` names what was missing (permission strings or the grant level) for the screens to say. */
export const forbidden = (key = 'error.403', denied?: Denied) => new AppError(Code.FORBIDDEN, key, {}, undefined, denied);
export const notFound = (key = 'error.404', params?: Params) => new AppError(Code.NOT_FOUND, key, params);
export const conflict = (key = 'error.409', params?: Params) => new AppError(Code.CONFLICT, key, params);
/** Code 601: a warning the user can act on; travels with HTTP 200. */
export const warn = (key: string, params?: Params) => new AppError(Code.WARN, key, params);
