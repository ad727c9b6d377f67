import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { genRoutes } from './gen/gen.routes';
import { swaggerFrameRoutes } from './swagger/swagger-frame.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [genRoutes, swaggerFrameRoutes];

/** The tool area: the code generator (the form builder and the API page need no routes of their own). */
export const toolArea = fp(
  async (app) => {
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'tool', encapsulate: true },
);
