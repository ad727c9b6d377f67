import {
  Template,
  TemplateBody,
  TemplateOption,
  TemplateOptionQuery,
  TemplatePerm,
  TemplatePreview,
  TemplatePreviewBody,
  TemplateQuery,
  TemplateUpdate,
} from '@ccms/contracts/content/template';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { templateService } from './template.service';

const tags = ['content/template'];
const log = (businessType: BusinessType) => ({ title: 'template', businessType });

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = templateService(app.db, app.content.grammar, () => app.content.grammars.s1000d());

  app.get(
    '/ccms/template/list',
    {
      config: { permission: TemplatePerm.list },
      schema: { summary: 'List templates by page', tags, querystring: TemplateQuery, response: { 200: rowsOf(Template) } },
    },
    async (req) => rows(await templates.list(req.query)),
  );
  app.get(
    '/ccms/template/optionselect',
    {
      config: { authenticated: true },
      schema: {
        summary: 'List the enabled templates, for new topics, maps and S1000D objects',
        tags,
        querystring: TemplateOptionQuery,
        response: { 200: okOf(z.array(TemplateOption)) },
      },
    },
    async (req) => ok(await templates.options(req.query.kind)),
  );
  app.post(
    '/ccms/template/preview',
    {
      config: { permission: [TemplatePerm.add, TemplatePerm.edit], log: { skip: 'renders the posted template; writes nothing' } },
      schema: {
        summary: 'Fill a template with sample values, check it against its type and render it',
        tags,
        body: TemplatePreviewBody,
        response: { 200: okOf(TemplatePreview) },
      },
    },
    async (req) => ok(await templates.preview(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/template/:id',
    { config: { permission: TemplatePerm.query }, schema: { summary: 'Get a template', tags, params: IdParam, response: { 200: okOf(Template) } } },
    async (req) => ok(await templates.get(req.params.id)),
  );
  app.post(
    '/ccms/template',
    {
      config: { permission: TemplatePerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a template (validated against its type)',
        tags,
        body: TemplateBody,
        response: { 200: okOf(z.object({ templateId: z.number() })) },
      },
    },
    async (req) => ok(await templates.create(caller(req), req.body, req.lang)),
  );
  app.put(
    '/ccms/template',
    {
      config: { permission: TemplatePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a template (validated against its type)', tags, body: TemplateUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await templates.update(caller(req), req.body, req.lang);
      return done();
    },
  );
  app.delete(
    '/ccms/template/:ids',
    {
      config: { permission: TemplatePerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete templates', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await templates.remove(req.params.ids);
      return done();
    },
  );
};
