import type { Language } from '@ccms/contracts/constants';
import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { Config, ConfigBody, ConfigFilter, ConfigQuery, ConfigSaveResult, ConfigUpdate, ConfigValueResult } from '@ccms/contracts/system/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { configService } from './config.service';

/** Exports answer a workbook, not an envelope. */
const Xlsx = z.unknown().describe('an .xlsx workbook');
const log = (businessType: BusinessType) => ({ title: 'config', businessType });
const ConfigIdParam = z.object({ configId: z.coerce.number().int().positive() });
/** A write's answer: the stored secrets it cleared, with a sentence telling the user to enter them again. */
const saved = (lang: Language, clearedSecrets: string[]) =>
  ok({ clearedSecrets }, clearedSecrets.length > 0 ? translate(lang, 'config.secretCleared', { keys: clearedSecrets.join(', ') }) : 'ok');

/** Config parameters (RuoYi's SysConfigController). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const configs = configService(app.db);
  acceptFormBodies(app);

  app.get(
    '/system/config/list',
    {
      config: { permission: 'system:config:list' },
      schema: { summary: 'List system parameters by page', tags: ['system/config'], querystring: ConfigQuery, response: { 200: rowsOf(Config) } },
    },
    async (req) => rows(await configs.list(req.query)),
  );
  app.post(
    '/system/config/export',
    {
      config: { permission: 'system:config:export', log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: { summary: 'Export system parameters as an Excel workbook', tags: ['system/config'], body: ConfigFilter, response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'config.xlsx', await configs.export(req.body, req.lang)),
  );
  app.get(
    '/system/config/configKey/:configKey',
    {
      config: { authenticated: true },
      schema: {
        summary: "Get a system parameter's value by its key",
        tags: ['system/config'],
        params: z.object({ configKey: z.string().min(1).max(100) }),
        response: { 200: ConfigValueResult },
      },
    },
    async (req) => {
      const value = await configs.valueOf(caller(req), req.params.configKey);
      // RuoYi's web reads the value from msg: a value that happens to be a message key would be translated, so data carries it untouched.
      return { code: 200, msg: value, data: value };
    },
  );
  app.get(
    '/system/config/:configId',
    {
      config: { permission: 'system:config:query' },
      schema: { summary: 'Get a system parameter', tags: ['system/config'], params: ConfigIdParam, response: { 200: okOf(Config) } },
    },
    async (req) => ok(await configs.get(req.params.configId)),
  );
  app.post(
    '/system/config',
    {
      config: { permission: 'system:config:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a system parameter', tags: ['system/config'], body: ConfigBody, response: { 200: okOf(ConfigSaveResult) } },
    },
    async (req) => saved(req.lang, await configs.create(caller(req), req.body)),
  );
  app.put(
    '/system/config',
    {
      config: { permission: 'system:config:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a system parameter', tags: ['system/config'], body: ConfigUpdate, response: { 200: okOf(ConfigSaveResult) } },
    },
    async (req) => saved(req.lang, await configs.update(caller(req), req.body)),
  );
  app.delete(
    '/system/config/refreshCache',
    {
      config: { permission: 'system:config:remove', log: log(BusinessType.CLEAN) },
      schema: { summary: 'Reload the system parameter cache', tags: ['system/config'], response: { 200: OkEmpty } },
    },
    async () => {
      await configs.refreshCache();
      return done();
    },
  );
  app.delete(
    '/system/config/:ids',
    {
      config: { permission: 'system:config:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete system parameters', tags: ['system/config'], params: z.object({ ids: IdList }), response: { 200: okOf(ConfigSaveResult) } },
    },
    async (req) => saved(req.lang, await configs.remove(caller(req), req.params.ids)),
  );
};
