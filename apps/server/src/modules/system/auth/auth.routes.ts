import { OkEmpty, okOf } from '@ccms/contracts/http';
import { CaptchaResult, InfoResult, LoginBody, LoginResult, RegisterBody, RouterNodeSchema } from '@ccms/contracts/system/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { endSession } from '../../../platform/auth/session';
import { clientInfo } from '../../../platform/http/client-info';
import { ok } from '../../../platform/http/envelope';
import { authService } from './auth.service';
import { issueCaptcha } from './captcha';

/** Sign-in, sign-out, captcha, the caller's info and menu (spec section 7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService({ db: app.db, idleMinutes: app.config.sessionIdleMinutes, signToken: app.tokens.sign });
  const loginLimit = Number(process.env.CCMS_LOGIN_RATE_LIMIT ?? 60);

  app.get('/captchaImage', { config: { public: true }, schema: { response: { 200: CaptchaResult } } }, async () => {
    if (!(await auth.captchaEnabled())) return { code: 200, msg: 'ok', captchaEnabled: false };
    return { code: 200, msg: 'ok', captchaEnabled: true, ...(await issueCaptcha(app.db)) };
  });

  app.post(
    '/login',
    {
      config: { public: true, rateLimit: { max: loginLimit, timeWindow: '1 minute' } },
      schema: { body: LoginBody, response: { 200: LoginResult } },
    },
    async (req) => {
      const token = await auth.login(req.body, clientInfo(req), req.lang);
      return { code: 200, msg: 'login.success', token };
    },
  );

  app.post('/logout', { config: { public: true }, schema: { response: { 200: OkEmpty } } }, async (req) => {
    if (req.auth) await endSession(app.db, req.auth.tokenId);
    return { code: 200, msg: 'logout.success' };
  });

  app.post('/register', { config: { public: true }, schema: { body: RegisterBody, response: { 200: OkEmpty } } }, async (req) => {
    await auth.register(req.body.username, req.body.password, clientInfo(req), req.lang);
    return { code: 200, msg: 'ok' };
  });

  app.get('/getInfo', { config: { authenticated: true }, schema: { response: { 200: InfoResult } } }, async (req) => ({
    code: 200,
    msg: 'ok',
    ...(await auth.info(caller(req))),
  }));

  app.get('/getRouters', { config: { authenticated: true }, schema: { response: { 200: okOf(z.array(RouterNodeSchema)) } } }, async (req) =>
    ok(await auth.routers(caller(req), req.lang)),
  );
};
