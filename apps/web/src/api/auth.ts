import { CAPTCHA_TIMEOUT_MS } from '@ccms/contracts/constants';
import type { CaptchaResult, InfoResult, LoginBody, LoginResult, RegisterBody, RouterNode } from '@ccms/contracts/system/auth';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from './client';

export type Captcha = z.infer<typeof CaptchaResult>;
export type UserInfo = z.infer<typeof InfoResult>;

/** Sign-in calls of spec section 7; login, captcha and register go without a token. */
export const authApi = {
  login: (body: LoginBody) => byUrl.post<z.infer<typeof LoginResult>>('/login', body, { isToken: false, repeatSubmit: false }),
  register: (body: RegisterBody) => byUrl.post<ApiEnvelope>('/register', body, { isToken: false }),
  getInfo: () => byUrl.get<UserInfo>('/getInfo'),
  logout: () => byUrl.post<ApiEnvelope>('/logout', undefined, { repeatSubmit: false }),
  captcha: () => byUrl.get<Captcha>('/captchaImage', undefined, { isToken: false, timeout: CAPTCHA_TIMEOUT_MS }),
  routers: () => byUrl.get<ApiEnvelope & { data: RouterNode[] }>('/getRouters'),
};
