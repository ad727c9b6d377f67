import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The web app's datasource monitor page (menu 111: monitor/druid). */
const DATASOURCE_PAGE = '/monitor/druid';

/**
 * RuoYi's datasource page frames Druid's console at /prod-api/druid/login.html. This server has
 * no Druid: the frame is sent to the app's own datasource monitor, which asks for sign-in and
 * monitor:druid:list as ever.
 */
export const druidFrameRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const page of ['/druid/login.html', '/druid/index.html']) {
    app.get(
      page,
      {
        config: { public: true },
        schema: {
          summary: `Send RuoYi's Druid console frame (${page.slice(7)}) to the datasource monitor page`,
          tags: ['monitor/druid'],
          response: { 302: z.null() },
        },
      },
      async (_req, reply) => reply.redirect(DATASOURCE_PAGE),
    );
  }
};
