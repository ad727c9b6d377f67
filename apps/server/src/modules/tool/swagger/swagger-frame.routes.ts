import { API_BASE } from '@ccms/contracts/constants';
import { SwaggerApi } from '@ccms/contracts/tool/swagger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';

/**
 * RuoYi's API page frames springdoc's /prod-api/swagger-ui/index.html; this server's manual is
 * at /prod-api/swagger (signed-in, or public by sys.api.docsPublic), so the frame goes there.
 */
export const swaggerFrameRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOf(SwaggerApi.frame);
  // A redirect: the manual documents its 302, where routeOf puts an endpoint's answer under 200.
  app.route({
    ...route,
    schema: { ...route.schema, response: { 302: SwaggerApi.frame.response } },
    handler: async (_req, reply) => reply.redirect(`${API_BASE}/swagger`),
  });
};
