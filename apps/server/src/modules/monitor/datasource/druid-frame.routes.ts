import { DatasourceApi } from '@ccms/contracts/monitor/datasource';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';

/** The web app's datasource monitor page (menu 111: monitor/druid). */
const DATASOURCE_PAGE = '/monitor/druid';

/**
 * RuoYi's datasource page frames Druid's console at /prod-api/druid/login.html. This server has
 * no Druid: the frame is sent to the app's own datasource monitor, which asks for sign-in and
 * monitor:druid:list as ever.
 */
export const druidFrameRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const frame of [DatasourceApi.loginFrame, DatasourceApi.indexFrame]) {
    const route = routeOf(frame);
    // A redirect: the manual documents its 302, where routeOf puts an endpoint's answer under 200.
    app.route({ ...route, schema: { ...route.schema, response: { 302: frame.response } }, handler: async (_req, reply) => reply.redirect(DATASOURCE_PAGE) });
  }
};
