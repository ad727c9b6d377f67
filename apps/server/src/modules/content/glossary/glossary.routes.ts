import {
  GLOSSARY_PERMS,
  GlossaryBody,
  GlossaryCommit,
  GlossaryDeleteQuery,
  GlossaryDetail,
  GlossaryFilter,
  GlossaryGetQuery,
  GlossaryId,
  GlossaryImportQuery,
  GlossaryImportResult,
  type GlossaryKind,
  GlossaryList,
  GlossaryQuery,
  GlossaryUpdate,
} from '@ccms/contracts/content/glossary';
import { Usage } from '@ccms/contracts/content/graphic';
import { Code, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { resourceFiles } from '../graphic/resource-files';
import { glossaryService } from './glossary.service';

const IdParam = z.object({ id: GlossaryId });
const IdsParam = z.object({ ids: z.string().trim().min(1).max(4000).describe('file names, comma separated') });
const Xlsx = z.unknown().describe('an .xlsx workbook');

/** The routes of /ccms/abbreviation or /ccms/term: the same API over another folder and permission set. */
function glossaryRoutes(kind: GlossaryKind): FastifyPluginAsyncZod {
  return async (app) => {
    const { git, libraries } = app.content;
    const entries = glossaryService(kind, { git, libraries, files: resourceFiles({ db: app.db, git, libraries }) });
    const perm = GLOSSARY_PERMS[kind];
    const base = `/ccms/${kind}`;
    const log = (businessType: BusinessType) => ({ title: kind, businessType });
    // The web's export posts its filters as a form, like every RuoYi export.
    acceptFormBodies(app);

    app.get(
      `${base}/list`,
      {
        config: { permission: perm.list },
        schema: { summary: `List ${kind} entries by page`, tags: [`content/${kind}`], querystring: GlossaryQuery, response: { 200: GlossaryList } },
      },
      async (req) => ({
        code: Code.OK,
        msg: 'ok',
        ...(await entries.list(caller(req), req.query)),
      }),
    );
    app.post(
      `${base}/export`,
      {
        config: { permission: perm.export, log: log(BusinessType.EXPORT) },
        schema: { summary: `Export ${kind} entries as an Excel workbook`, tags: [`content/${kind}`], body: GlossaryFilter, response: { 200: Xlsx } },
      },
      async (req, reply) => sendXlsx(reply, `${kind}.xlsx`, await entries.export(caller(req), req.body, req.lang)),
    );
    app.post(
      `${base}/importData`,
      {
        config: { permission: perm.import, log: log(BusinessType.IMPORT) },
        schema: {
          summary: `Import ${kind} entries from an Excel workbook (multipart)`,
          tags: [`content/${kind}`],
          querystring: GlossaryImportQuery,
          response: { 200: okOf(GlossaryImportResult) },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw badRequest('product.needsExcel');
        const file = await readWorkbook(req);
        return ok(await entries.import(caller(req), req.query, file, req.query.updateSupport === 'true', req.lang));
      },
    );
    app.get(
      `${base}/:id/usage`,
      {
        config: { permission: perm.query },
        schema: {
          summary: `List the topics that use a ${kind} entry`,
          tags: [`content/${kind}`],
          params: IdParam,
          querystring: GlossaryGetQuery,
          response: { 200: okOf(Usage) },
        },
      },
      async (req) => ok(await entries.usage(caller(req), req.params.id, req.query)),
    );
    app.get(
      `${base}/:id`,
      {
        config: { permission: perm.query },
        schema: {
          summary: `Get a ${kind} entry`,
          tags: [`content/${kind}`],
          params: IdParam,
          querystring: GlossaryGetQuery,
          response: { 200: okOf(GlossaryDetail) },
        },
      },
      async (req) => ok(await entries.get(caller(req), req.params.id, req.query)),
    );
    app.post(
      base,
      {
        config: { permission: perm.add, log: log(BusinessType.INSERT) },
        schema: { summary: `Create a ${kind} entry`, tags: [`content/${kind}`], body: GlossaryBody, response: { 200: okOf(GlossaryCommit) } },
      },
      async (req) => ok(await entries.create(caller(req), req.body, req.lang)),
    );
    app.put(
      base,
      {
        config: { permission: perm.edit, log: log(BusinessType.UPDATE) },
        schema: { summary: `Update a ${kind} entry`, tags: [`content/${kind}`], body: GlossaryUpdate, response: { 200: okOf(GlossaryCommit) } },
      },
      async (req) => ok(await entries.update(caller(req), req.body, req.lang)),
    );
    app.delete(
      `${base}/:ids`,
      {
        config: { permission: perm.remove, log: log(BusinessType.DELETE) },
        schema: {
          summary: `Delete ${kind} entries`,
          tags: [`content/${kind}`],
          params: IdsParam,
          querystring: GlossaryDeleteQuery,
          response: { 200: okOf(GlossaryCommit) },
        },
      },
      async (req) =>
        ok(
          await entries.remove(
            caller(req),
            req.params.ids.split(',').map((s) => s.trim()),
            req.query,
            req.lang,
          ),
        ),
    );
  };
}

export const abbreviationRoutes = glossaryRoutes('abbreviation');
export const termRoutes = glossaryRoutes('term');
