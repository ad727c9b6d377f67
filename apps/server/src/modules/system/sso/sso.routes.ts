import { OkEmpty, okOf } from '@ccms/contracts/http';
import {
  SsoCallbackBody,
  SsoCallbackResult,
  SsoIdentity,
  SsoInfo,
  SsoSettings,
  SsoSettingsBody,
  SsoStartBody,
  SsoStartResult,
} from '@ccms/contracts/system/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { clientInfo } from '../../../platform/http/client-info';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { messageOf, recordLogin } from '../auth/login-log';
import { FLOW_TTL_MS, type SsoAttempt, ssoService } from './sso.service';

/** The sealed pending flow rides in this cookie, sent only to the callback. */
const FLOW_COOKIE = 'ccms-sso';
const FLOW_PATH = '/prod-api/sso';

function keepFlow(req: FastifyRequest, reply: FastifyReply, sealed: string) {
  reply.setCookie(FLOW_COOKIE, sealed, {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: FLOW_TTL_MS / 1000,
  });
}

/** OpenID Connect single sign-on: the provider settings, the code flow behind /auth-redirect, and identity links (/bind). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const sso = ssoService({
    db: app.db,
    sessions: app.sessions,
    secretKey: app.secrets.secretKey,
    idleMinutes: app.config.sessionIdleMinutes,
    sessionsPerUser: app.config.sessionsPerUser,
    signToken: app.tokens.sign,
  });

  app.get(
    '/sso/info',
    {
      config: { public: true },
      schema: {
        summary: 'Whether single sign-on is offered, and the provider name for the sign-in button',
        tags: ['system/sso'],
        response: { 200: okOf(SsoInfo) },
      },
    },
    async () => ok(await sso.info()),
  );

  app.post(
    '/sso/login',
    {
      config: { public: true, log: { skip: 'starts a sign-in; nothing is written until the provider answers' } },
      schema: {
        summary: "Start single sign-on: answers the provider's authorization address (PKCE, state, nonce kept in a sealed cookie)",
        tags: ['system/sso'],
        body: SsoStartBody,
        response: { 200: okOf(SsoStartResult) },
      },
    },
    async (req, reply) => {
      const { url, sealed } = await sso.startLogin(req.body.redirectUri);
      keepFlow(req, reply, sealed);
      return ok({ url });
    },
  );

  app.post(
    '/sso/bind',
    {
      config: { authenticated: true, log: { skip: 'starts a link; the link itself is written by the callback' } },
      schema: {
        summary: "Start linking the signed-in user's provider identity: answers the provider's authorization address",
        tags: ['system/sso'],
        body: SsoStartBody,
        response: { 200: okOf(SsoStartResult) },
      },
    },
    async (req, reply) => {
      const { url, sealed } = await sso.startBind(req.body.redirectUri, caller(req).userId);
      keepFlow(req, reply, sealed);
      return ok({ url });
    },
  );

  /**
   * A sign-in through the provider goes to the login log like a password one, refused or not: with
   * the account's user name (or the name the provider gave for an identity linked to none) and the
   * message the caller was shown. A completion without a readable flow counts as a sign-in unless
   * the caller is signed in (then it was a link).
   */
  const attempts = new WeakMap<FastifyRequest, SsoAttempt>();
  const loginLog = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const attempt = attempts.get(req);
    const purpose = attempt?.purpose ?? (req.auth ? 'bind' : 'login');
    if (purpose !== 'login') return payload;
    try {
      await recordLogin(app.db, attempt?.userName ?? '', clientInfo(req), reply.statusCode === 200, messageOf(payload));
    } catch (err) {
      req.log.error({ err }, 'login log write failed');
    }
    return payload;
  };

  app.post(
    '/sso/callback',
    {
      onSend: loginLog,
      config: { public: true, log: { skip: 'a sign-in or a link of the caller; the code in the body is a credential' } },
      schema: {
        summary: 'Complete single sign-on from /auth-redirect: checks state, nonce and PKCE, verifies the ID token, signs in or links',
        tags: ['system/sso'],
        body: SsoCallbackBody,
        response: { 200: okOf(SsoCallbackResult) },
      },
    },
    async (req, reply) => {
      const sealed = req.cookies[FLOW_COOKIE];
      // One use only: whatever the outcome, the flow is spent.
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
      const attempt: SsoAttempt = {};
      attempts.set(req, attempt);
      const result = await sso.complete(sealed, req.body.query, clientInfo(req), req.auth?.userId, attempt);
      return ok({ purpose: result.purpose, token: result.token }, result.purpose === 'login' ? 'login.success' : 'sso.bound');
    },
  );

  app.get(
    '/sso/identity',
    {
      config: { authenticated: true },
      schema: { summary: "List the signed-in user's linked provider identities", tags: ['system/sso'], response: { 200: okOf(z.array(SsoIdentity)) } },
    },
    async (req) => ok(await sso.identities(caller(req).userId)),
  );

  app.delete(
    '/sso/identity/:identityId',
    {
      config: { authenticated: true, log: { title: 'sso', businessType: BusinessType.DELETE } },
      schema: {
        summary: "Unlink one of the signed-in user's provider identities",
        tags: ['system/sso'],
        params: z.object({ identityId: z.coerce.number().int().positive() }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await sso.unbind(caller(req).userId, req.params.identityId);
      return done();
    },
  );

  app.get(
    '/system/sso/settings',
    {
      config: { permission: 'system:config:query' },
      schema: {
        summary: 'Get the single sign-on provider settings (the client secret only as set / not set)',
        tags: ['system/sso'],
        response: { 200: okOf(SsoSettings) },
      },
    },
    async () => ok(await sso.settings()),
  );

  app.put(
    '/system/sso/settings',
    {
      config: { permission: 'system:config:edit', log: { title: 'sso', businessType: BusinessType.UPDATE } },
      schema: { summary: 'Save the single sign-on provider settings', tags: ['system/sso'], body: SsoSettingsBody, response: { 200: okOf(SsoSettings) } },
    },
    async (req) => ok(await sso.saveSettings(req.body, caller(req).userName)),
  );
};
