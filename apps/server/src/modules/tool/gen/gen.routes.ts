import { GenApi } from '@ccms/contracts/tool/gen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { genService } from './gen.service';

const log = (businessType: BusinessType) => ({ log: { title: 'gen', businessType } });

/** The code generator (RuoYi tool/gen): thin routes over genService. */
export const genRoutes: FastifyPluginAsyncZod = async (app) => {
  const gen = genService(app.db, { projectRoot: app.config.projectRoot, production: app.config.production });
  acceptFormBodies(app);

  app.route({ ...routeOf(GenApi.list), handler: async (req) => rows(await gen.list(req.query)) });
  app.route({ ...routeOf(GenApi.dbList), handler: async (req) => rows(await gen.dbList(req.query)) });
  app.route({
    ...routeOf(GenApi.importTables, log(BusinessType.IMPORT)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await gen.importTables(caller(req), req.body.tables);
      return done();
    },
  });
  app.route({ ...routeOf(GenApi.get), handler: async (req) => ok(await gen.get(req.params.id)) });
  app.route({
    ...routeOf(GenApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await gen.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(GenApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await gen.remove(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(GenApi.synchronize, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await gen.synchronizeRef(caller(req), req.params.id);
      return done();
    },
  });
  app.route({
    ...routeOf(GenApi.createTables, log(BusinessType.OTHER)),
    preValidation: queryAsBody,
    handler: async (req) => ok(await gen.createTables(caller(req), req.body.sql)),
  });
  app.route({
    ...routeOf(GenApi.writeTable, log(BusinessType.OTHER)),
    handler: async (req) => ok({ written: await gen.writeTableToProject(caller(req), req.params.tableName, false) }),
  });
  app.route({ ...routeOf(GenApi.preview), handler: async (req) => ok(await gen.preview(req.params.id)) });
  app.route({ ...routeOf(GenApi.writeStatus), handler: async (req) => ok(await gen.writeStatus(caller(req))) });
  app.route({
    ...routeOf(GenApi.writeCode, log(BusinessType.OTHER)),
    handler: async (req) => ok({ written: await gen.writeToProject(caller(req), req.body.tableIds, req.body.overwrite) }),
  });
  app.route({
    ...routeOf(GenApi.download, log(BusinessType.EXPORT)),
    handler: async (req, reply) =>
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', "attachment; filename*=UTF-8''ccms-gen.zip")
        .header('download-filename', 'ccms-gen.zip')
        .send(await gen.zip(req.query.tableIds ?? (await gen.idsOfNames(req.query.tables ?? [])))),
  });
};
