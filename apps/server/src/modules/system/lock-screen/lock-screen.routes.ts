import { LockScreenApi } from '@ccms/contracts/system/lock-screen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done } from '../../../platform/http/envelope';
import { queryAsBody } from '../../../platform/http/request-body';
import { lockScreenService } from './lock-screen.service';

/** The lock screen's unlock (RuoYi 3.9 POST /unlockscreen). */
export const lockScreenRoutes: FastifyPluginAsyncZod = async (app) => {
  const lockScreen = lockScreenService(app.db);
  // Guessing a password through a stolen session is held to the sign-in form's pace.
  const attemptLimit = { max: app.config.loginRateLimit, timeWindow: '1 minute' } as const;

  app.route({
    ...routeOf(LockScreenApi.unlock, { log: { skip: 'carries a password; a failure changes nothing' }, rateLimit: attemptLimit }),
    preValidation: queryAsBody,
    handler: async (req) => {
      await lockScreen.unlock(caller(req), req.body.password);
      return done();
    },
  });
};
