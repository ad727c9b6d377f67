import { InformationApi } from '@ccms/contracts/system/information';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { informationService } from './information.service';

/** The running version (about box) and the announced latest one (the web's version notice, spec section 2). */
export const informationRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = informationService(app.db);

  app.route({ ...routeOf(InformationApi.version), handler: async () => done(info.version()) });

  app.route({ ...routeOf(InformationApi.latest), handler: async () => ok(await info.latest()) });
};
