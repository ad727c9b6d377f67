import { EditorConfigApi } from '@ccms/contracts/content/editor-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { editorConfigService } from './editor-config.service';

const log = (businessType: BusinessType) => ({ log: { title: 'editorConfig', businessType } });

export const editorConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = editorConfigService(app.db, app.content.libraries);

  app.route({ ...routeOf(EditorConfigApi.linkList), handler: async (req) => rows(await config.listLinks(req.query)) });
  app.route({ ...routeOf(EditorConfigApi.linkOptions), handler: async () => ok(await config.linkOptions()) });
  app.route({ ...routeOf(EditorConfigApi.getLink), handler: async (req) => ok(await config.getLink(req.params.id)) });
  app.route({ ...routeOf(EditorConfigApi.addLink, log(BusinessType.INSERT)), handler: async (req) => ok(await config.createLink(caller(req), req.body)) });
  app.route({
    ...routeOf(EditorConfigApi.editLink, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await config.updateLink(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(EditorConfigApi.removeLinks, log(BusinessType.DELETE)),
    handler: async (req) => {
      await config.removeLinks(req.params.ids);
      return done();
    },
  });
  app.route({ ...routeOf(EditorConfigApi.defaultList), handler: async () => ok(await config.listDefaults()) });
  app.route({
    ...routeOf(EditorConfigApi.setDefault, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await config.setDefault(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(EditorConfigApi.removeDefaults, log(BusinessType.DELETE)),
    handler: async (req) => {
      await config.removeDefaults(req.params.suffixes);
      return done();
    },
  });
  app.route({
    ...routeOf(EditorConfigApi.resolve),
    handler: async (req) => ok(await config.resolve(caller(req), req.query, { origin: `${req.protocol}://${req.host}`, lang: req.lang })),
  });
};
