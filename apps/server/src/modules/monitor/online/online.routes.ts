import { OkEmpty, rowsOf } from '@ccms/contracts/http';
import { OnlineQuery, OnlineUser, TokenIdParam } from '@ccms/contracts/monitor/online';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { onlineService } from './online.service';

/** Online users (RuoYi SysUserOnlineController): the live rows of sys_session. */
export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const online = onlineService(app.db, app.sessions);

  app.get(
    '/monitor/online/list',
    {
      config: { permission: 'monitor:online:list' },
      schema: { summary: 'List signed-in sessions', tags: ['monitor/online'], querystring: OnlineQuery, response: { 200: rowsOf(OnlineUser) } },
    },
    async (req) => rows(await online.list(req.query)),
  );
  app.delete(
    '/monitor/online/:tokenId',
    {
      config: { permission: 'monitor:online:forceLogout', log: { title: 'online', businessType: BusinessType.FORCE } },
      schema: { summary: 'Sign a session out', tags: ['monitor/online'], params: TokenIdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await online.forceLogout(req.params.tokenId);
      return done();
    },
  );
};
