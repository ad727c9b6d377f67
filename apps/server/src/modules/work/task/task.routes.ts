import { TaskApi } from '@ccms/contracts/work/task';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { taskService } from './task.service';

const log = (businessType: BusinessType) => ({ log: { title: 'task', businessType } });

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = taskService(app.db, app.notification);

  app.route({
    ...routeOf(TaskApi.list),
    handler: async (req) => rows(await tasks.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(TaskApi.mine),
    handler: async (req) => rows(await tasks.mine(caller(req), req.query)),
  });
  app.route({
    ...routeOf(TaskApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'task.xlsx', await tasks.export(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(TaskApi.progress, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await tasks.progress(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(TaskApi.get),
    handler: async (req) => ok(await tasks.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(TaskApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ id: await tasks.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(TaskApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await tasks.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(TaskApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await tasks.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
