import { ProjectApi } from '@ccms/contracts/work/project';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { projectService } from './project.service';

const log = (businessType: BusinessType) => ({ log: { title: 'project', businessType } });

/** The project calls of spec section 7, plus grants and members of the detail tabs. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectService(app.db, app.content.git);

  app.route({
    ...routeOf(ProjectApi.list),
    handler: async (req) => rows(await projects.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(ProjectApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'project.xlsx', await projects.export(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(ProjectApi.userOptions),
    handler: async () => ok(await projects.userOptions()),
  });
  app.route({
    ...routeOf(ProjectApi.usersMatching),
    handler: async (req) => ok(await projects.userOptions(req.query.userStr)),
  });
  app.route({
    ...routeOf(ProjectApi.progress),
    handler: async (req) => ok(await projects.progress(caller(req), req.query.id)),
  });
  app.route({
    ...routeOf(ProjectApi.granteeUsers),
    handler: async (req) => ok(await projects.userOptions(req.query.keyword)),
  });
  app.route({
    ...routeOf(ProjectApi.granteeRoles),
    handler: async () => ok(await projects.roleOptions()),
  });
  app.route({
    ...routeOf(ProjectApi.members),
    handler: async (req) => ok(await projects.members(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(ProjectApi.branches),
    handler: async (req) => ok(await projects.branches(caller(req), req.query.projectId)),
  });
  app.route({
    ...routeOf(ProjectApi.grants),
    handler: async (req) => ok(await projects.grants(caller(req), req.query.projectId)),
  });
  app.route({
    ...routeOf(ProjectApi.grant, log(BusinessType.GRANT)),
    handler: async (req) => {
      await projects.grant(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.revoke, log(BusinessType.GRANT)),
    handler: async (req) => {
      await projects.revoke(caller(req), req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.addMembers, log(BusinessType.GRANT)),
    handler: async (req) => {
      await projects.addMembers(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.removeMembers, log(BusinessType.GRANT)),
    handler: async (req) => {
      await projects.removeMembers(caller(req), req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.get),
    handler: async (req) => ok(await projects.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(ProjectApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ id: await projects.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(ProjectApi.reopen, log(BusinessType.UPDATE)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await projects.reAdd(caller(req), req.body.id);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await projects.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await projects.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
