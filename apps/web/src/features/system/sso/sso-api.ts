import { SsoApi, type SsoSettingsForm } from '@ccms/contracts/system/sso';
import { api } from '../../../api/client';

/** Where the provider sends the browser back: registered at the provider by the administrator. */
export const redirectUri = () => `${window.location.origin}/auth-redirect`;

/** Kept across the trip to the provider: where to land after a sign-in. */
export const SSO_RETURN_KEY = 'ccms-sso-return';

/** Single sign-on calls (server: modules/system/sso). Screens use `sso-queries.ts`. */
export const ssoApi = {
  info: () => api.call(SsoApi.info, undefined, { isToken: false, silent: true }),
  startLogin: () => api.call(SsoApi.startLogin, { body: { redirectUri: redirectUri() } }, { isToken: false, repeatSubmit: false }),
  startBind: () => api.call(SsoApi.startBind, { body: { redirectUri: redirectUri() } }, { repeatSubmit: false }),
  /** Silent: the callback page shows the refusal itself. */
  complete: (query: string) => api.call(SsoApi.complete, { body: { query } }, { repeatSubmit: false, silent: true }),
  identities: () => api.call(SsoApi.identities),
  unbind: (identityId: number) => api.call(SsoApi.unbind, { path: { identityId } }),
  settings: () => api.call(SsoApi.settings),
  saveSettings: (body: SsoSettingsForm) => api.call(SsoApi.saveSettings, { body }),
};
