import { SsoApi } from '@ccms/contracts/system/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { clientInfo } from '../../../platform/http/client-info';
import { routeOf } from '../../../platform/http/endpoint-route';
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

  app.route({ ...routeOf(SsoApi.info), handler: async () => ok(await sso.info()) });

  app.route({
    ...routeOf(SsoApi.startLogin, { log: { skip: 'starts a sign-in; nothing is written until the provider answers' } }),
    handler: async (req, reply) => {
      const { url, sealed } = await sso.startLogin(req.body.redirectUri);
      keepFlow(req, reply, sealed);
      return ok({ url });
    },
  });

  app.route({
    ...routeOf(SsoApi.startBind, { log: { skip: 'starts a link; the link itself is written by the callback' } }),
    handler: async (req, reply) => {
      const { url, sealed } = await sso.startBind(req.body.redirectUri, caller(req).userId);
      keepFlow(req, reply, sealed);
      return ok({ url });
    },
  });

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

  app.route({
    ...routeOf(SsoApi.complete, { log: { skip: 'a sign-in or a link of the caller; the code in the body is a credential' } }),
    onSend: loginLog,
    handler: async (req, reply) => {
      const sealed = req.cookies[FLOW_COOKIE];
      // One use only: whatever the outcome, the flow is spent.
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
      const attempt: SsoAttempt = {};
      attempts.set(req, attempt);
      const result = await sso.complete(sealed, req.body.query, clientInfo(req), req.auth?.userId, attempt);
      return ok({ purpose: result.purpose, token: result.token }, result.purpose === 'login' ? 'login.success' : 'sso.bound');
    },
  });

  app.route({ ...routeOf(SsoApi.identities), handler: async (req) => ok(await sso.identities(caller(req).userId)) });

  app.route({
    ...routeOf(SsoApi.unbind, { log: { title: 'sso', businessType: BusinessType.DELETE } }),
    handler: async (req) => {
      await sso.unbind(caller(req).userId, req.params.identityId);
      return done();
    },
  });

  app.route({ ...routeOf(SsoApi.settings), handler: async () => ok(await sso.settings()) });

  app.route({
    ...routeOf(SsoApi.saveSettings, { log: { title: 'sso', businessType: BusinessType.UPDATE } }),
    handler: async (req) => ok(await sso.saveSettings(req.body, caller(req).userName)),
  });
};
