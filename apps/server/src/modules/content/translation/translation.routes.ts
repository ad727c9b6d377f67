import { TranslationApi } from '@ccms/contracts/content/translation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { translationService } from './translation.service';

const log = (businessType: BusinessType) => ({ log: { title: 'translation', businessType } });

/** XLIFF export and import of a document, its progress per language, and the library's translation layout. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const translations = translationService({ db: app.db, git: app.content.git, runtime: app.content, ditaCheck: app.content.ditaCheck });

  app.route({ ...routeOf(TranslationApi.setting), handler: async (req) => ok(await translations.setting(caller(req), req.params.libraryId)) });
  app.route({
    ...routeOf(TranslationApi.saveSetting, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await translations.saveSetting(caller(req), req.body);
      return done();
    },
  });
  app.route({ ...routeOf(TranslationApi.progress), handler: async (req) => ok(await translations.progress(caller(req), req.query)) });
  app.route({
    ...routeOf(TranslationApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => {
      const { xliff, filename, progress } = await translations.exportXliff(caller(req), req.query);
      const name = encodeURIComponent(filename);
      return reply
        .header('content-type', 'application/xliff+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
        .header('download-filename', name)
        .header('x-translation-progress', JSON.stringify(progress))
        .header('access-control-expose-headers', 'download-filename, x-translation-progress')
        .send(xliff);
    },
  });
  app.route({
    ...routeOf(TranslationApi.import, log(BusinessType.IMPORT)),
    handler: async (req) => ok(await translations.importXliff(caller(req), req.body.xliff, req.lang)),
  });
};
