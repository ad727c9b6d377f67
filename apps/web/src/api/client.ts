import { API_BASE, ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '@ccms/contracts/constants';
import { type Endpoint, type PathValues, urlOf } from '@ccms/contracts/endpoint';
import { AuthApi } from '@ccms/contracts/system/auth';
import axios, { type AxiosRequestConfig, type AxiosResponse, isAxiosError, isCancel } from 'axios';
import type { z } from 'zod';
import { feedback } from '../feedback/feedback';
import { currentLanguage, i18n } from '../i18n';
import { browser } from './browser';
import { isDuplicateSubmit } from './duplicate-guard';
import { ApiError, DuplicateSubmitError, messageForCode, transportMessage } from './errors';
import { flattenParams, type QueryParams } from './params';
import { getToken, removeToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: send no Authorization header (login, captcha, register). */
    isToken?: boolean;
    /** false: skip the duplicate-submit guard for this POST/PUT. */
    repeatSubmit?: boolean;
    /** true: reject without any toast, notification or dialog; the caller handles the failure. */
    silent?: boolean;
  }
}

/** The body every call answers with: {code, msg} plus data, or rows and total for lists. */
export interface ApiEnvelope {
  code: number;
  msg: string;
  /** A refusal's own status when the server answers as RuoYi does (HTTP 200, code 500 for any business refusal). */
  status?: number;
}

/**
 * Body codes the client reacts to. The server sends refusals either as RuoYi does (HTTP 200, the
 * code in the body, `status` beside it) or with the HTTP status mirroring the code: the body is
 * read first, and its `status` tells a conflict or a missing object apart in both ways.
 */
const OK = 200;
const UNAUTHORIZED = 401;
const FORBIDDEN = 403;
const SERVER_ERROR = 500;

export const http = axios.create({
  // XHR only: the build leaves axios's fetch adapter out (vite.config.ts).
  adapter: 'xhr',
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  // Dates as ISO-8601 instants, shown in the reader's own time zone (the server's default is RuoYi's local text).
  headers: { 'Content-Type': 'application/json;charset=utf-8', 'X-CCMS-Dates': 'iso' },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token && config.isToken !== false) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Content-Language', currentLanguage());
  const method = (config.method ?? 'get').toLowerCase();
  if (method === 'get' && config.params) {
    const query = flattenParams(config.params as QueryParams);
    const url = config.url ?? '';
    if (query) config.url = `${url}${url.includes('?') ? '&' : '?'}${query}`;
    config.params = {};
  }
  if ((method === 'post' || method === 'put') && config.repeatSubmit !== false && isDuplicateSubmit(config.url ?? '', config.data)) {
    console.warn(`[${config.url}]: ${i18n.t('http:duplicateSubmit')}`);
    throw new DuplicateSubmitError();
  }
  return config;
});

/** One session-expired dialog at a time. */
export const relogin = { show: false };

function showReloginDialog() {
  if (relogin.show) return;
  relogin.show = true;
  feedback.modal.confirm({
    title: i18n.t('common:systemPrompt'),
    content: i18n.t('http:sessionExpiredPrompt'),
    okText: i18n.t('http:relogin'),
    cancelText: i18n.t('common:cancel'),
    onOk: async () => {
      relogin.show = false;
      // Best effort: the server may already have ended the session.
      await http.request(requestOf(AuthApi.logout, {}, { repeatSubmit: false })).catch(() => undefined);
      removeToken();
      browser.assign('/index');
    },
    onCancel: () => {
      relogin.show = false;
    },
  });
}

export function isEnvelope(body: unknown): body is ApiEnvelope {
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number';
}

/** An answer's code: a refusal's own status when the server sent it as RuoYi does (code 500, `status` beside it); 200 for a body that is no envelope. */
export function codeOf(body: unknown): number {
  if (!isEnvelope(body)) return OK;
  return body.code !== OK && typeof body.status === 'number' && body.status >= 400 ? body.status : body.code;
}

/** Applies the spec's body-code rules; returns the body when the code is 200 (or absent). */
function settle<T>(body: unknown, config: AxiosRequestConfig): T {
  const code = codeOf(body);
  if (code === OK) return body as T;
  const bodyMsg = isEnvelope(body) ? body.msg : undefined;
  const text = messageForCode(code, bodyMsg);
  if (code === UNAUTHORIZED) {
    if (!config.silent) showReloginDialog();
    throw new ApiError(i18n.t('http:sessionInvalid'), code);
  }
  // A 403 may name the missing right (`denied`, next to RuoYi's msg): the notification says which.
  const denied = code === FORBIDDEN && typeof body === 'object' && body !== null && 'denied' in body ? body.denied : undefined;
  if (!config.silent) {
    if (code === SERVER_ERROR) feedback.message.error(text);
    else if (denied !== undefined) {
      // The missing right is checked and put in words by its own chunk and namespace (the sign-in page loads this client).
      const purpose = (config.method ?? 'get').toLowerCase() === 'get' ? 'see' : 'do';
      void import('./denied')
        .then(({ deniedInWords }) => deniedInWords(denied, purpose))
        .then(
          (description) => feedback.notification.error(description ? { title: text, description } : { title: text }),
          () => feedback.notification.error({ title: text }),
        );
    } else feedback.notification.error({ title: text });
  }
  throw new ApiError(text, code, denied);
}

function failure(err: unknown, config: AxiosRequestConfig): Error {
  if (err instanceof DuplicateSubmitError) {
    if (!config.silent) feedback.message.error({ content: err.message, duration: ERROR_TOAST_MS / 1000 });
    return err;
  }
  if (isCancel(err)) return err instanceof Error ? err : new Error('canceled');
  if (isAxiosError(err)) {
    const body: unknown = err.response?.data;
    // The server mirrors the body code in the HTTP status: read the body first.
    if (isEnvelope(body)) {
      try {
        settle(body, config);
      } catch (settled) {
        if (settled instanceof Error) return settled;
      }
    }
    const text = transportMessage({ message: err.message, code: err.code, status: err.response?.status });
    if (!config.silent) feedback.message.error({ content: text, duration: ERROR_TOAST_MS / 1000 });
    return new ApiError(text, err.response?.status);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** Sends a call and applies the error catalogue; resolves with the whole body ({code, msg, data|rows|...}). */
export async function request<T = ApiEnvelope>(config: AxiosRequestConfig): Promise<T> {
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request<unknown>(config);
  } catch (err) {
    throw failure(err, config);
  }
  return settle<T>(response.data, config);
}

/** A list answer: `{code, msg, rows, total}`. */
export type ListBody<Row> = ApiEnvelope & { rows: Row[]; total: number };
/** A single-value answer: `{code, msg, data}`. */
export type DataBody<T> = ApiEnvelope & { data: T };

/** What a call to an endpoint carries: its URL's `:name` values, the query string, the body. */
export interface CallInput {
  path?: PathValues;
  query?: object;
  body?: unknown;
}

/** An endpoint's whole answer, as its contract's response schema gives it. */
export type AnswerOf<E extends Endpoint> = z.output<E['response']>;
/** The `data` of an endpoint that answers one value. */
export type DataOf<E extends Endpoint> = AnswerOf<E> extends { data: infer T } ? T : never;
/** The row of an endpoint that answers a page of rows. */
export type RowOf<E extends Endpoint> = AnswerOf<E> extends { rows: (infer R)[] } ? R : never;

/** The request for a call to an endpoint: its method and URL from the descriptor. */
export function requestOf(e: Endpoint, input: CallInput = {}, config?: AxiosRequestConfig): AxiosRequestConfig {
  return { ...config, url: urlOf(e, input.path), method: e.method.toLowerCase(), params: input.query, data: input.body };
}

/**
 * Calls to the server's endpoints (`@ccms/contracts/<area>/<module>` `…Api` descriptors): the URL,
 * method and answer type come from the descriptor, so no URL is written twice.
 * - `api.call(PostApi.remove, { path: { ids } })` the whole body;
 * - `api.list(PostApi.list, { query })` a page unwrapped to `{rows, total}`;
 * - `api.one(PostApi.get, { path: { id } })` the body's `data`.
 */
export const api = {
  call: <E extends Endpoint>(e: E, input?: CallInput, config?: AxiosRequestConfig) => request<AnswerOf<E>>(requestOf(e, input, config)),
  list: async <E extends Endpoint>(e: E, input?: CallInput, config?: AxiosRequestConfig): Promise<{ rows: RowOf<E>[]; total: number }> => {
    const body = await request<ListBody<RowOf<E>>>(requestOf(e, input, config));
    return { rows: body.rows, total: body.total };
  },
  one: async <E extends Endpoint>(e: E, input?: CallInput, config?: AxiosRequestConfig): Promise<DataOf<E>> =>
    (await request<DataBody<DataOf<E>>>(requestOf(e, input, config))).data,
};

/** A file or image path as the browser loads it: API paths get the base, absolute URLs stay. */
export function resourceUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  if (path.startsWith(API_BASE)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}
