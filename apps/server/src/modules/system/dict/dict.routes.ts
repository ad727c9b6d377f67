import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  DictData,
  DictDataBody,
  DictDataFilter,
  DictDataQuery,
  DictDataUpdate,
  DictItem,
  DictType,
  DictTypeBody,
  DictTypeFilter,
  DictTypeParam,
  DictTypeQuery,
  DictTypeUpdate,
} from '@ccms/contracts/system/dict';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { dictService } from './dict.service';

/** Exports answer a workbook, not an envelope. */
const Xlsx = z.unknown().describe('an .xlsx workbook');
const typeLog = (businessType: BusinessType) => ({ title: 'dict type', businessType });
const dataLog = (businessType: BusinessType) => ({ title: 'dict data', businessType });
const Ids = z.object({ ids: IdList });

/** Dictionary types and data (RuoYi's SysDictTypeController and SysDictDataController). */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const dict = dictService(app.db, app.cache, app.log);
  acceptFormBodies(app);

  app.get(
    '/system/dict/type/list',
    {
      config: { permission: 'system:dict:list' },
      schema: { summary: 'List dictionary types by page', tags: ['system/dict'], querystring: DictTypeQuery, response: { 200: rowsOf(DictType) } },
    },
    async (req) => rows(await dict.types.list(req.query)),
  );
  app.post(
    '/system/dict/type/export',
    {
      config: { permission: 'system:dict:export', log: typeLog(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: { summary: 'Export dictionary types as an Excel workbook', tags: ['system/dict'], body: DictTypeFilter, response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'dict_type.xlsx', await dict.types.export(req.body, req.lang)),
  );
  app.get(
    '/system/dict/type/optionselect',
    {
      config: { authenticated: true },
      schema: { summary: 'List all dictionary types, for pickers', tags: ['system/dict'], response: { 200: okOf(z.array(DictType)) } },
    },
    async () => ok(await dict.types.options()),
  );
  app.get(
    '/system/dict/type/:dictId',
    {
      config: { permission: 'system:dict:query' },
      schema: {
        summary: 'Get a dictionary type',
        tags: ['system/dict'],
        params: z.object({ dictId: z.coerce.number().int().positive() }),
        response: { 200: okOf(DictType) },
      },
    },
    async (req) => ok(await dict.types.get(req.params.dictId)),
  );
  app.post(
    '/system/dict/type',
    {
      config: { permission: 'system:dict:add', log: typeLog(BusinessType.INSERT) },
      schema: { summary: 'Create a dictionary type', tags: ['system/dict'], body: DictTypeBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.types.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/dict/type',
    {
      config: { permission: 'system:dict:edit', log: typeLog(BusinessType.UPDATE) },
      schema: { summary: 'Update a dictionary type', tags: ['system/dict'], body: DictTypeUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.types.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/dict/type/refreshCache',
    {
      config: { permission: 'system:dict:remove', log: typeLog(BusinessType.CLEAN) },
      schema: { summary: 'Reload the dictionary cache', tags: ['system/dict'], response: { 200: OkEmpty } },
    },
    async () => {
      await dict.refreshCache();
      return done();
    },
  );
  app.delete(
    '/system/dict/type/:ids',
    {
      config: { permission: 'system:dict:remove', log: typeLog(BusinessType.DELETE) },
      schema: { summary: 'Delete dictionary types', tags: ['system/dict'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.types.remove(req.params.ids);
      return done();
    },
  );

  app.get(
    '/system/dict/data/list',
    {
      config: { permission: 'system:dict:list' },
      schema: { summary: 'List dictionary entries by page', tags: ['system/dict'], querystring: DictDataQuery, response: { 200: rowsOf(DictData) } },
    },
    async (req) => rows(await dict.data.list(req.query)),
  );
  app.post(
    '/system/dict/data/export',
    {
      config: { permission: 'system:dict:export', log: dataLog(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: { summary: 'Export dictionary entries as an Excel workbook', tags: ['system/dict'], body: DictDataFilter, response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'dict_data.xlsx', await dict.data.export(req.body, req.lang)),
  );
  // Every screen with a dictionary-driven select or tag reads this: any signed-in user may.
  app.get(
    '/system/dict/data/type/:dictType',
    {
      config: { authenticated: true },
      schema: { summary: 'List the entries of one dictionary type', tags: ['system/dict'], params: DictTypeParam, response: { 200: okOf(z.array(DictItem)) } },
    },
    async (req) => ok(await dict.data.itemsOf(req.params.dictType, req.lang)),
  );
  app.get(
    '/system/dict/data/:dictCode',
    {
      config: { permission: 'system:dict:query' },
      schema: {
        summary: 'Get a dictionary entry',
        tags: ['system/dict'],
        params: z.object({ dictCode: z.coerce.number().int().positive() }),
        response: { 200: okOf(DictData) },
      },
    },
    async (req) => ok(await dict.data.get(req.params.dictCode)),
  );
  app.post(
    '/system/dict/data',
    {
      config: { permission: 'system:dict:add', log: dataLog(BusinessType.INSERT) },
      schema: { summary: 'Create a dictionary entry', tags: ['system/dict'], body: DictDataBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.data.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/dict/data',
    {
      config: { permission: 'system:dict:edit', log: dataLog(BusinessType.UPDATE) },
      schema: { summary: 'Update a dictionary entry', tags: ['system/dict'], body: DictDataUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.data.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/dict/data/:ids',
    {
      config: { permission: 'system:dict:remove', log: dataLog(BusinessType.DELETE) },
      schema: { summary: 'Delete dictionary entries', tags: ['system/dict'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await dict.data.remove(req.params.ids);
      return done();
    },
  );
};
