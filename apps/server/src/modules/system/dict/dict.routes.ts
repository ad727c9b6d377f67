import { DictApi } from '@ccms/contracts/system/dict';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { dictService } from './dict.service';

const typeLog = (businessType: BusinessType) => ({ log: { title: 'dict type', businessType } });
const dataLog = (businessType: BusinessType) => ({ log: { title: 'dict data', businessType } });

/** Dictionary types and data (RuoYi's SysDictTypeController and SysDictDataController). */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const dict = dictService(app.db, app.cache, app.log);
  acceptFormBodies(app);

  app.route({ ...routeOf(DictApi.typeList), handler: async (req) => rows(await dict.types.list(req.query)) });
  app.route({
    ...routeOf(DictApi.typeExport, typeLog(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'dict_type.xlsx', await dict.types.export(req.body, req.lang)),
  });
  app.route({ ...routeOf(DictApi.typeOptions), handler: async () => ok(await dict.types.options()) });
  app.route({ ...routeOf(DictApi.typeGet), handler: async (req) => ok(await dict.types.get(req.params.dictId)) });
  app.route({
    ...routeOf(DictApi.typeAdd, typeLog(BusinessType.INSERT)),
    handler: async (req) => {
      await dict.types.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DictApi.typeEdit, typeLog(BusinessType.UPDATE)),
    handler: async (req) => {
      await dict.types.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DictApi.refreshCache, typeLog(BusinessType.CLEAN)),
    handler: async () => {
      await dict.refreshCache();
      return done();
    },
  });
  app.route({
    ...routeOf(DictApi.typeRemove, typeLog(BusinessType.DELETE)),
    handler: async (req) => {
      await dict.types.remove(req.params.ids);
      return done();
    },
  });

  app.route({ ...routeOf(DictApi.dataList), handler: async (req) => rows(await dict.data.list(req.query)) });
  app.route({
    ...routeOf(DictApi.dataExport, dataLog(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'dict_data.xlsx', await dict.data.export(req.body, req.lang)),
  });
  app.route({ ...routeOf(DictApi.dataOfType), handler: async (req) => ok(await dict.data.itemsOf(req.params.dictType, req.lang)) });
  app.route({ ...routeOf(DictApi.dataGet), handler: async (req) => ok(await dict.data.get(req.params.dictCode)) });
  app.route({
    ...routeOf(DictApi.dataAdd, dataLog(BusinessType.INSERT)),
    handler: async (req) => {
      await dict.data.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DictApi.dataEdit, dataLog(BusinessType.UPDATE)),
    handler: async (req) => {
      await dict.data.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DictApi.dataRemove, dataLog(BusinessType.DELETE)),
    handler: async (req) => {
      await dict.data.remove(req.params.ids);
      return done();
    },
  });
};
