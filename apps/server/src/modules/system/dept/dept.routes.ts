import { DeptApi } from '@ccms/contracts/system/dept';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { deptService } from './dept.service';

const log = (businessType: BusinessType) => ({ log: { title: 'dept', businessType } });

/** Department administration (RuoYi's SysDeptController; the spec's "Organization"), within the caller's data scope. */
export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  const depts = deptService(app.db, app.sessions);

  app.route({ ...routeOf(DeptApi.list), handler: async (req) => ok(await depts.list(caller(req), req.query)) });
  app.route({ ...routeOf(DeptApi.listExcluding), handler: async (req) => ok(await depts.listExcluding(caller(req), req.params.deptId)) });
  app.route({ ...routeOf(DeptApi.get), handler: async (req) => ok(await depts.get(caller(req), req.params.deptId)) });
  app.route({
    ...routeOf(DeptApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await depts.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DeptApi.sort, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await depts.sort(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DeptApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await depts.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DeptApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await depts.remove(caller(req), req.params.deptId);
      return done();
    },
  });
};
