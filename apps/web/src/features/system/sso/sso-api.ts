import type { SsoIdentity, SsoInfo, SsoSettings, SsoSettingsForm } from '@ccms/contracts/system/sso';
import { byUrl, type DataBody } from '../../../api/client';

/** Where the provider sends the browser back: registered at the provider by the administrator. */
export const redirectUri = () => `${window.location.origin}/auth-redirect`;

/** Kept across the trip to the provider: where to land after a sign-in. */
export const SSO_RETURN_KEY = 'ccms-sso-return';

/** Single sign-on calls (server: modules/system/sso). Screens use `sso-queries.ts`. */
export const ssoApi = {
  info: () => byUrl.get<DataBody<SsoInfo>>('/sso/info', undefined, { isToken: false, silent: true }),
  startLogin: () => byUrl.post<DataBody<{ url: string }>>('/sso/login', { redirectUri: redirectUri() }, { isToken: false, repeatSubmit: false }),
  startBind: () => byUrl.post<DataBody<{ url: string }>>('/sso/bind', { redirectUri: redirectUri() }, { repeatSubmit: false }),
  /** Silent: the callback page shows the refusal itself. */
  complete: (query: string) =>
    byUrl.post<DataBody<{ purpose: 'login' | 'bind'; token?: string }>>('/sso/callback', { query }, { repeatSubmit: false, silent: true }),
  identities: () => byUrl.get<DataBody<SsoIdentity[]>>('/sso/identity'),
  unbind: (identityId: number) => byUrl.delete(`/sso/identity/${identityId}`),
  settings: () => byUrl.get<DataBody<SsoSettings>>('/system/sso/settings'),
  saveSettings: (body: SsoSettingsForm) => byUrl.put<DataBody<SsoSettings>>('/system/sso/settings', body),
};
