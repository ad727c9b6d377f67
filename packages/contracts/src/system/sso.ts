import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf } from '../http';
import { ConfigPerm } from './config';

/** What the sign-in page needs to offer single sign-on: nothing secret. */
export const SsoInfo = z.object({
  enabled: z.boolean().describe('whether a provider is configured and switched on'),
  displayName: z.string().describe('provider name for "Sign in with <name>"'),
});
export type SsoInfo = z.infer<typeof SsoInfo>;

/** The provider settings as an administrator sees them: the client secret only as "set / not set". */
export const SsoSettings = z.object({
  enabled: z.boolean(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  secretSet: z.boolean().describe('whether a client secret is stored (it is never returned)'),
  scopes: z.string(),
  allowCreate: z.boolean().describe('whether an identity bound to no user creates an account on first sign-in'),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

const required = (key: string, max: number) => z.string({ message: key }).trim().min(1, { message: key }).max(max, { message: key });

/** Saving the settings: an empty or absent clientSecret keeps the stored one. */
export const SsoSettingsBody = z
  .object({
    enabled: z.boolean().default(false),
    displayName: z.string().trim().max(50, { message: 'sso.displayName.invalid' }).default('').describe('provider name shown on the sign-in button'),
    issuer: z
      .string()
      .trim()
      .max(255, { message: 'sso.issuer.invalid' })
      .default('')
      .describe('issuer URL; discovery reads <issuer>/.well-known/openid-configuration'),
    clientId: z
      .string()
      .trim()
      .max(255, { message: 'sso.clientId.required' })
      .default('')
      .describe("this application's client id registered at the provider (not a CCMS id)"),
    clientSecret: z.string().max(1000, { message: 'sso.clientSecret.invalid' }).optional().describe('write only; empty keeps the stored secret'),
    clearSecret: z.boolean().optional().describe('remove the stored secret (a public client)'),
    scopes: z
      .string()
      .trim()
      .max(255, { message: 'sso.scopes.invalid' })
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$|^$/, { message: 'sso.scopes.invalid' })
      .default('openid profile email'),
    allowCreate: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.enabled) return;
    if (!b.displayName) ctx.addIssue({ code: 'custom', message: 'sso.displayName.required', path: ['displayName'] });
    if (!b.issuer) ctx.addIssue({ code: 'custom', message: 'sso.issuer.required', path: ['issuer'] });
    if (!b.clientId) ctx.addIssue({ code: 'custom', message: 'sso.clientId.required', path: ['clientId'] });
    if (!b.scopes.split(' ').includes('openid')) ctx.addIssue({ code: 'custom', message: 'sso.scopes.openid', path: ['scopes'] });
  });
export type SsoSettingsBody = z.infer<typeof SsoSettingsBody>;
export type SsoSettingsForm = z.input<typeof SsoSettingsBody>;

/** Why the flow starts: sign in, or link the signed-in user's provider identity. */
export const SsoPurpose = z.enum(['login', 'bind']);
export type SsoPurpose = z.infer<typeof SsoPurpose>;

export const SsoStartBody = z.object({
  redirectUri: required('sso.redirectUri.invalid', 500)
    .regex(/^https?:\/\/[^\s]+\/auth-redirect$/, { message: 'sso.redirectUri.invalid' })
    .describe("the web's /auth-redirect address, registered at the provider"),
});
export const SsoStartResult = z.object({ url: z.string().describe("the provider's authorization address to send the browser to") });

/** The query the provider sent back to /auth-redirect, as the web received it. */
export const SsoCallbackBody = z.object({
  query: z.string().max(8000, { message: 'sso.callback.invalid' }).describe('location.search of /auth-redirect, including the leading "?"'),
});
export const SsoCallbackResult = z.object({
  purpose: SsoPurpose,
  token: z.string().optional().describe('the session token, for a sign-in'),
});

/** One provider identity linked to the caller. */
export const SsoIdentity = z.object({ identityId: z.number(), issuer: z.string(), subject: z.string(), boundAt: DateTime });
export type SsoIdentity = z.infer<typeof SsoIdentity>;

const tag = 'system/sso';

/**
 * The single sign-on API (OpenID Connect: provider settings, the code flow, identity links): each
 * endpoint's URL, method, access and schemas, for the server's routes and the web's calls.
 */
export const SsoApi = {
  info: endpoint({
    method: 'GET',
    url: '/sso/info',
    access: { public: true },
    summary: 'Whether single sign-on is offered, and the provider name for the sign-in button',
    tag,
    response: okOf(SsoInfo),
  }),
  startLogin: endpoint({
    method: 'POST',
    url: '/sso/login',
    access: { public: true },
    summary: "Start single sign-on: answers the provider's authorization address (PKCE, state, nonce kept in a sealed cookie)",
    tag,
    body: SsoStartBody,
    response: okOf(SsoStartResult),
  }),
  startBind: endpoint({
    method: 'POST',
    url: '/sso/bind',
    access: { authenticated: true },
    summary: "Start linking the signed-in user's provider identity: answers the provider's authorization address",
    tag,
    body: SsoStartBody,
    response: okOf(SsoStartResult),
  }),
  complete: endpoint({
    method: 'POST',
    url: '/sso/callback',
    access: { public: true },
    summary: 'Complete single sign-on from /auth-redirect: checks state, nonce and PKCE, verifies the ID token, signs in or links',
    tag,
    body: SsoCallbackBody,
    response: okOf(SsoCallbackResult),
  }),
  identities: endpoint({
    method: 'GET',
    url: '/sso/identity',
    access: { authenticated: true },
    summary: "List the signed-in user's linked provider identities",
    tag,
    response: okOf(z.array(SsoIdentity)),
  }),
  unbind: endpoint({
    method: 'DELETE',
    url: '/sso/identity/:identityId',
    access: { authenticated: true },
    summary: "Unlink one of the signed-in user's provider identities",
    tag,
    params: z.object({ identityId: z.coerce.number().int().positive() }),
    response: OkEmpty,
  }),
  settings: endpoint({
    method: 'GET',
    url: '/system/sso/settings',
    access: { permission: ConfigPerm.query },
    summary: 'Get the single sign-on provider settings (the client secret only as set / not set)',
    tag,
    response: okOf(SsoSettings),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    url: '/system/sso/settings',
    access: { permission: ConfigPerm.edit },
    summary: 'Save the single sign-on provider settings',
    tag,
    body: SsoSettingsBody,
    response: okOf(SsoSettings),
  }),
};
