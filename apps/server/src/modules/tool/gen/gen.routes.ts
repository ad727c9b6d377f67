import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  BatchGenQuery,
  CreateTables,
  DbTable,
  DbTableQuery,
  GenFile,
  GenPerm,
  GenQuery,
  GenTable,
  GenTableDetail,
  GenTableNameParam,
  GenTableRef,
  GenTableUpdate,
  GenWriteBody,
  GenWriteResult,
  GenWriteStatus,
  ImportTables,
} from '@ccms/contracts/tool/gen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { genService } from './gen.service';

const log = (businessType: BusinessType) => ({ title: 'gen', businessType });
const tags = ['tool/gen'];

/** The code generator (RuoYi tool/gen): thin routes over genService. */
export const genRoutes: FastifyPluginAsyncZod = async (app) => {
  const gen = genService(app.db, { projectRoot: app.config.projectRoot, production: app.config.production });
  acceptFormBodies(app);

  app.get(
    '/tool/gen/list',
    {
      config: { permission: GenPerm.list },
      schema: { summary: 'List imported tables by page', tags, querystring: GenQuery, response: { 200: rowsOf(GenTable) } },
    },
    async (req) => rows(await gen.list(req.query)),
  );
  app.get(
    '/tool/gen/db/list',
    {
      config: { permission: GenPerm.list },
      schema: { summary: 'List database tables not imported yet, with their comments', tags, querystring: DbTableQuery, response: { 200: rowsOf(DbTable) } },
    },
    async (req) => rows(await gen.dbList(req.query)),
  );
  app.post(
    '/tool/gen/importTable',
    {
      config: { permission: GenPerm.import, log: log(BusinessType.IMPORT) },
      preValidation: queryAsBody,
      schema: { summary: 'Import database tables into the generator', tags, body: ImportTables, response: { 200: OkEmpty } },
    },
    async (req) => {
      await gen.importTables(caller(req), req.body.tables);
      return done();
    },
  );
  app.get(
    '/tool/gen/:id',
    {
      config: { permission: GenPerm.query },
      schema: { summary: "Get an imported table's settings and columns", tags, params: IdParam, response: { 200: okOf(GenTableDetail) } },
    },
    async (req) => ok(await gen.get(req.params.id)),
  );
  app.put(
    '/tool/gen',
    {
      config: { permission: GenPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: "Save an imported table's generation settings and its columns'", tags, body: GenTableUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await gen.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/tool/gen/:ids',
    {
      config: { permission: GenPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete table imports (the tables stay)', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await gen.remove(req.params.ids);
      return done();
    },
  );
  app.get(
    '/tool/gen/synchDb/:id',
    {
      config: { permission: GenPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: "Re-read an imported table's columns from the database (by id, or by table name as RuoYi's client sends)",
        tags,
        params: GenTableRef,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await gen.synchronizeRef(caller(req), req.params.id);
      return done();
    },
  );
  app.post(
    '/tool/gen/createTable',
    {
      config: { permission: GenPerm.import, log: log(BusinessType.OTHER) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Create tables from CREATE TABLE statements and import them (administrator; RuoYi 3.9 createTable)',
        tags,
        body: CreateTables,
        response: { 200: okOf(z.array(z.string()).describe('the tables created')) },
      },
    },
    async (req) => ok(await gen.createTables(caller(req), req.body.sql)),
  );
  app.get(
    '/tool/gen/genCode/:tableName',
    {
      config: { permission: GenPerm.code, log: log(BusinessType.OTHER) },
      schema: {
        summary: "Write one imported table's module into the project (RuoYi's genCode; administrator, switch tool.gen.writeToWorkTree, never in production)",
        tags,
        params: GenTableNameParam,
        response: { 200: okOf(GenWriteResult) },
      },
    },
    async (req) => ok({ written: await gen.writeTableToProject(caller(req), req.params.tableName, false) }),
  );
  app.get(
    '/tool/gen/preview/:id',
    {
      config: { permission: GenPerm.preview },
      schema: { summary: 'Preview the files generated from an imported table', tags, params: IdParam, response: { 200: okOf(z.array(GenFile)) } },
    },
    async (req) => ok(await gen.preview(req.params.id)),
  );
  app.get(
    '/tool/gen/writeStatus',
    {
      config: { permission: GenPerm.code },
      schema: { summary: 'Whether the caller may write generated modules into the project now, and if not why', tags, response: { 200: okOf(GenWriteStatus) } },
    },
    async (req) => ok(await gen.writeStatus(caller(req))),
  );
  app.post(
    '/tool/gen/writeCode',
    {
      config: { permission: GenPerm.code, log: log(BusinessType.OTHER) },
      schema: {
        summary: "Write the generated modules into the server's project tree (administrator, switch tool.gen.writeToWorkTree, never in production)",
        tags,
        body: GenWriteBody,
        response: { 200: okOf(GenWriteResult) },
      },
    },
    async (req) => ok({ written: await gen.writeToProject(caller(req), req.body.tableIds, req.body.overwrite) }),
  );
  app.get(
    '/tool/gen/batchGenCode',
    {
      config: { permission: GenPerm.code, log: log(BusinessType.EXPORT) },
      schema: {
        summary: 'Download the generated modules of imported tables as a zip (by ids, or by table names as RuoYi sends)',
        tags,
        querystring: BatchGenQuery,
        response: { 200: z.unknown().describe('a zip of the generated files') },
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', "attachment; filename*=UTF-8''ccms-gen.zip")
        .header('download-filename', 'ccms-gen.zip')
        .send(await gen.zip(req.query.tableIds ?? (await gen.idsOfNames(req.query.tables ?? [])))),
  );
};
