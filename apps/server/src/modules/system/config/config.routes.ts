import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { ConfigApi } from '@ccms/contracts/system/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { configService } from './config.service';

const log = (businessType: BusinessType) => ({ log: { title: 'config', businessType } });
/** A write's answer: the stored secrets it cleared, with a sentence telling the user to enter them again. */
const saved = (lang: Language, clearedSecrets: string[]) =>
  ok({ clearedSecrets }, clearedSecrets.length > 0 ? translate(lang, 'config.secretCleared', { keys: clearedSecrets.join(', ') }) : 'ok');

/** Config parameters (RuoYi's SysConfigController). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const configs = configService(app.db);
  acceptFormBodies(app);

  app.route({ ...routeOf(ConfigApi.list), handler: async (req) => rows(await configs.list(req.query)) });
  app.route({
    ...routeOf(ConfigApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'config.xlsx', await configs.export(req.body, req.lang)),
  });
  app.route({
    ...routeOf(ConfigApi.byKey),
    handler: async (req) => {
      const value = await configs.valueOf(caller(req), req.params.configKey);
      // RuoYi's web reads the value from msg: a value that happens to be a message key would be translated, so data carries it untouched.
      return { code: 200, msg: value, data: value };
    },
  });
  app.route({ ...routeOf(ConfigApi.get), handler: async (req) => ok(await configs.get(req.params.configId)) });
  app.route({ ...routeOf(ConfigApi.add, log(BusinessType.INSERT)), handler: async (req) => saved(req.lang, await configs.create(caller(req), req.body)) });
  app.route({ ...routeOf(ConfigApi.edit, log(BusinessType.UPDATE)), handler: async (req) => saved(req.lang, await configs.update(caller(req), req.body)) });
  app.route({
    ...routeOf(ConfigApi.refreshCache, log(BusinessType.CLEAN)),
    handler: async () => {
      await configs.refreshCache();
      return done();
    },
  });
  app.route({
    ...routeOf(ConfigApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => saved(req.lang, await configs.remove(caller(req), req.params.ids)),
  });
};
