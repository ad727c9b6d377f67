import { ReleaseApi } from '@ccms/contracts/work/release';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { releaseService } from './release.service';

const log = (businessType: BusinessType) => ({ log: { title: 'release', businessType } });

export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const releases = releaseService(app.db);

  app.route({
    ...routeOf(ReleaseApi.list),
    handler: async (req) => rows(await releases.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(ReleaseApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'release.xlsx', await releases.export(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(ReleaseApi.get),
    handler: async (req) => ok(await releases.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(ReleaseApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ id: await releases.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(ReleaseApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await releases.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ReleaseApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await releases.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
