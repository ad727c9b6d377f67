import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { http } from '../api/client';
import { type Feedback, setFeedback } from '../feedback/feedback';

/** Spies in place of antd's message/notification/modal. */
export function fakeFeedback() {
  const fake = {
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn(), loading: vi.fn(), destroy: vi.fn() },
    notification: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm: vi.fn() },
  };
  setFeedback(fake as unknown as Feedback);
  return fake;
}

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Throw a transport error instead of answering. */
  error?: { message: string; code: string };
}

/** Replaces the HTTP adapter: each call is recorded and answered by `reply`. */
export function fakeServer(reply: (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>) {
  const calls: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = async (config) => {
    calls.push(config);
    const r = await reply(config);
    if (r.error) throw new AxiosError(r.error.message, r.error.code, config);
    const status = r.status ?? 200;
    const response: AxiosResponse = { data: r.data, status, statusText: String(status), headers: r.headers ?? {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return calls;
}
