import {
  LibraryIdParam,
  TranslationExportQuery,
  TranslationImportResult,
  TranslationPerm,
  TranslationProgress,
  TranslationProgressQuery,
  TranslationSetting,
  TranslationSettingBody,
} from '@ccms/contracts/content/translation';
import { OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { translationService } from './translation.service';

const tags = ['content/translation'];
const log = (businessType: BusinessType) => ({ title: 'translation', businessType });
const ImportBody = z.object({ xliff: z.string().min(1).max(9_000_000).describe('the translated XLIFF 2.1 or 1.2 file, as text') });

/** XLIFF export and import of a document, its progress per language, and the library's translation layout. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const translations = translationService({ db: app.db, git: app.content.git, runtime: app.content, grammar: app.content.grammar });

  app.get(
    '/ccms/translation/setting/:libraryId',
    {
      config: { permission: TranslationPerm.export },
      schema: { summary: 'Where a library keeps its translations', tags, params: LibraryIdParam, response: { 200: okOf(TranslationSetting) } },
    },
    async (req) => ok(await translations.setting(caller(req), req.params.libraryId)),
  );
  app.put(
    '/ccms/translation/setting',
    {
      config: { permission: TranslationPerm.setting, log: log(BusinessType.UPDATE) },
      schema: {
        summary: 'Choose where a library keeps its translations: a language folder or a branch',
        tags,
        body: TranslationSettingBody,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await translations.saveSetting(caller(req), req.body);
      return done();
    },
  );
  app.get(
    '/ccms/translation/progress',
    {
      config: { permission: TranslationPerm.export },
      schema: {
        summary: 'Translated, fuzzy and new units of a document for a language',
        tags,
        querystring: TranslationProgressQuery,
        response: { 200: okOf(TranslationProgress) },
      },
    },
    async (req) => ok(await translations.progress(caller(req), req.query)),
  );
  app.get(
    '/ccms/translation/export',
    {
      config: { permission: TranslationPerm.export, log: log(BusinessType.EXPORT) },
      schema: {
        summary: 'Export a document for a language as XLIFF 2.1 or 1.2 (translations from the memory pre-filled)',
        tags,
        querystring: TranslationExportQuery,
        response: { 200: z.unknown().describe('an XLIFF file') },
      },
    },
    async (req, reply) => {
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
  );
  app.post(
    '/ccms/translation/import',
    {
      config: { permission: TranslationPerm.import, log: log(BusinessType.IMPORT) },
      schema: {
        summary: 'Import a translated XLIFF file: checked, written into the language layout, committed as the caller',
        tags,
        body: ImportBody,
        response: { 200: okOf(TranslationImportResult) },
      },
    },
    async (req) => ok(await translations.importXliff(caller(req), req.body.xliff, req.lang)),
  );
};
