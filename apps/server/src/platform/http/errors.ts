import { Code } from '@ccms/contracts/http';

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
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, params?: Params) => new AppError(Code.BAD_REQUEST, key, params);
export const unauthorized = (key = 'session.invalid') => new AppError(Code.UNAUTHORIZED, key);
export const forbidden = (key = 'error.403') => new AppError(Code.FORBIDDEN, key);
export const notFound = (key = 'error.404', params?: Params) => new AppError(Code.NOT_FOUND, key, params);
export const conflict = (key = 'error.409', params?: Params) => new AppError(Code.CONFLICT, key, params);
/** Code 601: a warning the user can act on; travels with HTTP 200. */
export const warn = (key: string, params?: Params) => new AppError(Code.WARN, key, params);
