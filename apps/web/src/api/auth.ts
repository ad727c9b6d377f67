import { CAPTCHA_TIMEOUT_MS } from '@ccms/contracts/constants';
import { AuthApi, type CaptchaResult, type InfoResult, type LoginBody, type RegisterBody } from '@ccms/contracts/system/auth';
import type { z } from 'zod';
import { api } from './client';

export type Captcha = z.infer<typeof CaptchaResult>;
export type UserInfo = z.infer<typeof InfoResult>;

/** Sign-in calls of spec section 7; login, captcha and register go without a token. */
export const authApi = {
  login: (body: LoginBody) => api.call(AuthApi.login, { body }, { isToken: false, repeatSubmit: false }),
  register: (body: RegisterBody) => api.call(AuthApi.register, { body }, { isToken: false }),
  getInfo: () => api.call(AuthApi.info),
  logout: () => api.call(AuthApi.logout, undefined, { repeatSubmit: false }),
  captcha: () => api.call(AuthApi.captcha, undefined, { isToken: false, timeout: CAPTCHA_TIMEOUT_MS }),
  routers: () => api.call(AuthApi.routers),
};
