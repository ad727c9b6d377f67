import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { genRoutes } from './gen/gen.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [genRoutes];

/** The tool area: the code generator (the form builder and the API page need no routes of their own). */
export const toolArea = fp(
  async (app) => {
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'tool', encapsulate: true },
);
