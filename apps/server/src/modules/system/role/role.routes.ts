import { Code } from '@ccms/contracts/http';
import { RoleApi } from '@ccms/contracts/system/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { roleService } from './role.service';

const log = (businessType: BusinessType) => ({ log: { title: 'role', businessType } });

/** Roles administration (RuoYi's SysRoleController). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = roleService(app.db, app.sessions);
  acceptFormBodies(app);

  app.route({ ...routeOf(RoleApi.list), handler: async (req) => rows(await roles.list(req.query)) });

  app.route({ ...routeOf(RoleApi.options), handler: async () => ok(await roles.options()) });

  app.route({ ...routeOf(RoleApi.allocatedUsers), handler: async (req) => rows(await roles.allocated(caller(req), req.query, true)) });

  app.route({ ...routeOf(RoleApi.unallocatedUsers), handler: async (req) => rows(await roles.allocated(caller(req), req.query, false)) });

  app.route({
    ...routeOf(RoleApi.deptTree),
    handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await roles.deptTreeOf(caller(req), req.params.roleId)) }),
  });

  app.route({ ...routeOf(RoleApi.get), handler: async (req) => ok(await roles.get(req.params.roleId)) });

  app.route({
    ...routeOf(RoleApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await roles.create(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await roles.update(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.dataScope, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await roles.setDataScope(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.changeStatus, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await roles.changeStatus(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await roles.remove(caller(req), req.params.ids);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.cancelAuthUser, log(BusinessType.GRANT)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await roles.cancel(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.cancelAuthUsers, log(BusinessType.GRANT)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await roles.cancelAll(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.selectAuthUsers, log(BusinessType.GRANT)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await roles.selectAll(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(RoleApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'role.xlsx', await roles.exportXlsx(req.body, req.lang)),
  });
};
