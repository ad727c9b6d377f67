import { OnlineApi } from '@ccms/contracts/monitor/online';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { onlineService } from './online.service';

/** Online users (RuoYi SysUserOnlineController): the live rows of sys_session. */
export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const online = onlineService(app.db, app.sessions);

  app.route({ ...routeOf(OnlineApi.list), handler: async (req) => rows(await online.list(req.query)) });
  app.route({
    ...routeOf(OnlineApi.forceLogout, { log: { title: 'online', businessType: BusinessType.FORCE } }),
    handler: async (req) => {
      await online.forceLogout(req.params.tokenId);
      return done();
    },
  });
};
