import { AuthApi } from '@ccms/contracts/system/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { endSession } from '../../../platform/auth/session';
import { clientInfo } from '../../../platform/http/client-info';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { authService } from './auth.service';
import { issueCaptcha } from './captcha';
import { messageOf } from './login-log';

/** The user name as the caller typed it, from a body that may not have passed validation. */
function userNameGiven(body: unknown): string {
  if (body === null || typeof body !== 'object' || !('username' in body)) return '';
  const { username } = body as { username: unknown };
  return typeof username === 'string' ? username : '';
}

/** On the sign-in and registration forms, `code` is the captcha answer, not the usual code. */
const CAPTCHA_LABELS = { code: { zh: '验证码', en: 'Captcha' } };

/** Sign-in, sign-out, captcha, registration, the caller's info and menu (spec section 7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService({
    db: app.db,
    sessions: app.sessions,
    idleMinutes: app.config.sessionIdleMinutes,
    sessionsPerUser: app.config.sessionsPerUser,
    signToken: app.tokens.sign,
  });
  // Counted once the body is read (so a refusal can name the user), before the form check.
  const attemptLimit = { max: app.config.loginRateLimit, timeWindow: '1 minute', hook: 'preValidation' } as const;

  /**
   * Writes every sign-in or registration outcome to the login log, whichever step answered:
   * the rate limit (429), the form check (400), the service's refusals, or success. The message
   * is the one the caller is shown, in the caller's language.
   */
  const loginLog = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    try {
      await auth.recordAttempt(userNameGiven(req.body), clientInfo(req), reply.statusCode === 200, messageOf(payload));
    } catch (err) {
      // The answer stands (a session may already exist); the failed write is reported instead.
      req.log.error({ err }, 'login log write failed');
    }
    return payload;
  };

  app.route({
    ...routeOf(AuthApi.captcha),
    handler: async () => {
      if (!(await auth.captchaEnabled())) return { code: 200, msg: 'ok', captchaEnabled: false };
      return { code: 200, msg: 'ok', captchaEnabled: true, ...(await issueCaptcha(app.db)) };
    },
  });

  app.route({
    ...routeOf(AuthApi.login, { log: { skip: 'every attempt goes to the login log instead' }, fieldLabels: CAPTCHA_LABELS, rateLimit: attemptLimit }),
    onSend: loginLog,
    handler: async (req) => {
      const token = await auth.login(req.body, clientInfo(req));
      return { code: 200, msg: 'login.success', token };
    },
  });

  app.route({
    ...routeOf(AuthApi.logout, { log: { skip: "ends the caller's own session; sign-in and sign-out are not operations" } }),
    handler: async (req) => {
      if (req.auth) await endSession(app.db, app.sessions, req.auth.tokenId);
      return { code: 200, msg: 'logout.success' };
    },
  });

  app.route({
    ...routeOf(AuthApi.register, { log: { title: 'register', businessType: BusinessType.INSERT }, fieldLabels: CAPTCHA_LABELS, rateLimit: attemptLimit }),
    onSend: loginLog,
    handler: async (req) => {
      await auth.register(req.body);
      return { code: 200, msg: 'register.success' };
    },
  });

  app.route({
    ...routeOf(AuthApi.info, { beforePasswordChange: true }),
    handler: async (req) => ({
      code: 200,
      msg: 'ok',
      ...(await auth.info(caller(req))),
    }),
  });

  // Open before a forced password change: RuoYi's client builds its shell from it before it leads to the password form.
  app.route({ ...routeOf(AuthApi.routers, { beforePasswordChange: true }), handler: async (req) => ok(await auth.routers(caller(req), req.lang)) });
};
