import { GlossaryApi, type GlossaryKind } from '@ccms/contracts/content/glossary';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { resourceFiles } from '../graphic/resource-files';
import { glossaryService } from './glossary.service';

/** The routes of /ccms/abbreviation or /ccms/term: the same API over another folder and permission set. */
function glossaryRoutes(kind: GlossaryKind): FastifyPluginAsyncZod {
  return async (app) => {
    const { git, libraries } = app.content;
    const entries = glossaryService(kind, { git, libraries, files: resourceFiles({ db: app.db, git, libraries }) });
    const api = GlossaryApi[kind];
    const log = (businessType: BusinessType) => ({ log: { title: kind, businessType } });
    // The web's export posts its filters as a form, like every RuoYi export.
    acceptFormBodies(app);

    app.route({
      ...routeOf(api.list),
      handler: async (req) => ({
        code: Code.OK,
        msg: 'ok',
        ...(await entries.list(caller(req), req.query)),
      }),
    });
    app.route({
      ...routeOf(api.export, log(BusinessType.EXPORT)),
      handler: async (req, reply) => sendXlsx(reply, `${kind}.xlsx`, await entries.export(caller(req), req.body, req.lang)),
    });
    app.route({
      ...routeOf(api.import, log(BusinessType.IMPORT)),
      handler: async (req) => {
        if (!req.isMultipart()) throw badRequest('product.needsExcel');
        const file = await readWorkbook(req);
        return ok(await entries.import(caller(req), req.query, file, req.query.updateSupport === 'true', req.lang));
      },
    });
    app.route({ ...routeOf(api.usage), handler: async (req) => ok(await entries.usage(caller(req), req.params.id, req.query)) });
    app.route({ ...routeOf(api.get), handler: async (req) => ok(await entries.get(caller(req), req.params.id, req.query)) });
    app.route({ ...routeOf(api.add, log(BusinessType.INSERT)), handler: async (req) => ok(await entries.create(caller(req), req.body, req.lang)) });
    app.route({ ...routeOf(api.edit, log(BusinessType.UPDATE)), handler: async (req) => ok(await entries.update(caller(req), req.body, req.lang)) });
    app.route({
      ...routeOf(api.remove, log(BusinessType.DELETE)),
      handler: async (req) =>
        ok(
          await entries.remove(
            caller(req),
            req.params.ids.split(',').map((s) => s.trim()),
            req.query,
            req.lang,
          ),
        ),
    });
  };
}

export const abbreviationRoutes = glossaryRoutes('abbreviation');
export const termRoutes = glossaryRoutes('term');
