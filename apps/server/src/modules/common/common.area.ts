import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { commonRoutes } from './common.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [commonRoutes];

/** The common area: downloads and uploads shared by every screen. */
export const commonArea = fp(
  async (app) => {
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'common', encapsulate: true },
);
