import { LoginInfoApi, LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { loginInfoService } from './logininfor.service';

const log = (businessType: BusinessType) => ({ log: { title: 'logininfor', businessType } });

/** Sign-in log (RuoYi SysLogininforController); rows are written by the sign-in service. */
export const loginInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginInfos = loginInfoService(app.db);
  acceptFormBodies(app);

  app.route({ ...routeOf(LoginInfoApi.list), handler: async (req) => rows(await loginInfos.list(req.query)) });
  app.route({
    ...routeOf(LoginInfoApi.clean, log(BusinessType.CLEAN)),
    handler: async () => {
      await loginInfos.clean();
      return done();
    },
  });
  app.route({
    ...routeOf(LoginInfoApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await loginInfos.remove(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(LoginInfoApi.unlock, log(BusinessType.OTHER)),
    handler: async (req) => {
      await loginInfos.unlock(caller(req), req.params.userName);
      return done();
    },
  });
  app.route({
    ...routeOf(LoginInfoApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => sendXlsx(reply, 'logininfor.xlsx', await loginInfos.exportXlsx(req.body ?? LoginInfoQuery.parse({}), req.lang)),
  });
};
