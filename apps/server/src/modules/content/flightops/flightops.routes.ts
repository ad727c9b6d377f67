import { FlightopsApi } from '@ccms/contracts/content/flightops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { flightopsService } from './flightops.service';

/** A flight-operations library's fleet, effectivity filter and freeze for validation (docs/flightops-profile.md). */
export const flightopsLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const flightops = flightopsService(app.db, app.content.git, app.content);
  app.route({ ...routeOf(FlightopsApi.fleet), handler: async (req) => ok(await flightops.fleet(caller(req), req.query)) });
  app.route({ ...routeOf(FlightopsApi.effective), handler: async (req) => ok(await flightops.effective(caller(req), req.query)) });
  app.route({
    ...routeOf(FlightopsApi.freeze, { log: { title: 'flightops freeze', businessType: BusinessType.INSERT } }),
    handler: async (req) => ok(await flightops.freeze(caller(req), req.body)),
  });
  app.route({ ...routeOf(FlightopsApi.frozen), handler: async (req) => ok(await flightops.frozen(caller(req), req.query)) });
};
