import { TemplateApi } from '@ccms/contracts/content/template';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { templateService } from './template.service';
import { threadTemplateCheck } from './template-check';

const log = (businessType: BusinessType) => ({ log: { title: 'template', businessType } });

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  // Templates are checked and previewed on the content threads, which read the installed S1000D packages themselves.
  const check = threadTemplateCheck(app.content.threads, app.content.grammar, () => app.content.grammars.s1000dPackages());
  const templates = templateService(app.db, app.content.grammar, check);

  app.route({ ...routeOf(TemplateApi.list), handler: async (req) => rows(await templates.list(req.query)) });
  app.route({ ...routeOf(TemplateApi.options), handler: async (req) => ok(await templates.options(req.query.kind)) });
  app.route({
    ...routeOf(TemplateApi.preview, { log: { skip: 'renders the posted template; writes nothing' } }),
    handler: async (req) => ok(await templates.preview(caller(req), req.body, req.lang)),
  });
  app.route({ ...routeOf(TemplateApi.get), handler: async (req) => ok(await templates.get(req.params.id)) });
  app.route({ ...routeOf(TemplateApi.add, log(BusinessType.INSERT)), handler: async (req) => ok(await templates.create(caller(req), req.body, req.lang)) });
  app.route({
    ...routeOf(TemplateApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await templates.update(caller(req), req.body, req.lang);
      return done();
    },
  });
  app.route({
    ...routeOf(TemplateApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await templates.remove(req.params.ids);
      return done();
    },
  });
};
