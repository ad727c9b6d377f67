import { Code, type Denied } from '@ccms/contracts/http';
import type { MessageKey } from '@ccms/contracts/messages';

type Params = Record<string, string | number>;

declare const inCallersLanguage: unique symbol;
/** A sentence already in the caller's language (a check's own words), sent as it is instead of a message key. */
export type Sentence = string & { readonly [inCallersLanguage]: true };
export const sentence = (text: string) => text as Sentence;

/**
 * An error with an envelope code and a message key (translated per request) or a ready
 * sentence. The key is typed: a key the catalogue lacks does not compile (users would see it raw). Services throw these; the error handler presents them.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    /** A key of the message catalogue (translated per request), or a ready sentence. */
    readonly key: MessageKey | Sentence,
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

export const badRequest = (key: MessageKey, params?: Params) => new AppError(Code.BAD_REQUEST, key, params);
export const unauthorized = (key: MessageKey = 'session.invalid') => new AppError(Code.UNAUTHORIZED, key);
/** A refusal; `denied` names what was missing (permission strings or the grant level) for the screens to say. */
export const forbidden = (key: MessageKey = 'error.403', denied?: Denied) => new AppError(Code.FORBIDDEN, key, {}, undefined, denied);
export const notFound = (key: MessageKey = 'error.404', params?: Params) => new AppError(Code.NOT_FOUND, key, params);
export const conflict = (key: MessageKey = 'error.409', params?: Params) => new AppError(Code.CONFLICT, key, params);
/** Code 601: a warning the user can act on; travels with HTTP 200. */
export const warn = (key: MessageKey, params?: Params) => new AppError(Code.WARN, key, params);
