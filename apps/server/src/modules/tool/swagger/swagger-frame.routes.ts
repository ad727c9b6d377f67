import { API_BASE } from '@ccms/contracts/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * RuoYi's API page frames springdoc's /prod-api/swagger-ui/index.html; this server's manual is
 * at /prod-api/swagger (signed-in, or public by sys.api.docsPublic), so the frame goes there.
 */
export const swaggerFrameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/swagger-ui/index.html',
    {
      config: { public: true },
      schema: { summary: "Send RuoYi's swagger-ui frame to the API manual", tags: ['tool/swagger'], response: { 302: z.null() } },
    },
    async (_req, reply) => reply.redirect(`${API_BASE}/swagger`),
  );
};
