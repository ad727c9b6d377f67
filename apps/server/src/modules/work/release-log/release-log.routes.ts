import { ReleaseLogApi } from '@ccms/contracts/work/release-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { releaseLogService } from './release-log.service';

const log = (businessType: BusinessType) => ({ log: { title: 'releaseLog', businessType } });

/** What was released from a project's plans: index, plan, version, commit comment, archive, status. */
export const releaseLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = releaseLogService(app.db);
  acceptFormBodies(app);

  app.route({
    ...routeOf(ReleaseLogApi.list),
    handler: async (req) => rows(await logs.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(ReleaseLogApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'releaseLog.xlsx', await logs.export(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(ReleaseLogApi.get),
    handler: async (req) => ok(await logs.get(caller(req), req.params.id, req.query.projectId)),
  });
  app.route({
    ...routeOf(ReleaseLogApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ logId: await logs.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(ReleaseLogApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await logs.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ReleaseLogApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await logs.remove(caller(req), req.params.ids, req.query.projectId);
      return done();
    },
  });
};
