import { LibraryConfigApi, SETTING_KINDS } from '@ccms/contracts/content/library-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { s1000dService } from '../s1000d/s1000d.service';
import { standardOf } from '../standard/registry';
import { libraryConfigService } from './library-config.service';

const log = (businessType: BusinessType) => ({ log: { title: 'library config', businessType } });

export const libraryConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const s1000d = s1000dService(app.db, app.content.git, app.content);
  const config = libraryConfigService(app.db, async (auth, libraryId) => {
    const library = await app.content.libraries.forCall(auth, libraryId, 'read');
    if (standardOf(library.libraryType).id !== 's1000d') return null;
    const { attributes } = await s1000d.applicability(auth, { libraryId });
    return new Set(attributes.map((a) => a.id));
  });

  // Variables and filters share one shape and differ by kind and allowed types.
  for (const kind of SETTING_KINDS) {
    const setting = LibraryConfigApi[kind];
    app.route({ ...routeOf(setting.list), handler: async (req) => ok(await config.listSettings(caller(req), kind, req.query)) });
    app.route({
      ...routeOf(setting.add, log(BusinessType.INSERT)),
      handler: async (req) => {
        await config.addSetting(caller(req), kind, req.body);
        return done();
      },
    });
    app.route({
      ...routeOf(setting.edit, log(BusinessType.UPDATE)),
      handler: async (req) => {
        await config.editSetting(caller(req), kind, req.body);
        return done();
      },
    });
    app.route({
      ...routeOf(setting.remove, log(BusinessType.DELETE)),
      handler: async (req) => {
        await config.removeSettings(caller(req), kind, req.params.ids);
        return done();
      },
    });
  }

  app.route({
    ...routeOf(LibraryConfigApi.ditaval),
    handler: async (req, reply) => {
      const xml = await config.ditaval(caller(req), req.query.libraryId, req.query.group);
      const name = encodeURIComponent(`${req.query.group}.ditaval`);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
        .header('download-filename', name)
        .send(xml);
    },
  });

  app.route({ ...routeOf(LibraryConfigApi.dataPropertyList), handler: async (req) => ok(await config.listDataProperties(caller(req), req.query.libraryId)) });
  app.route({
    ...routeOf(LibraryConfigApi.dataPropertyOf),
    handler: async (req) => ok(await config.dataPropertyOf(caller(req), req.query.libraryId, req.query.product)),
  });
  app.route({
    ...routeOf(LibraryConfigApi.addDataProperty, log(BusinessType.INSERT)),
    handler: async (req) => {
      await config.addDataProperty(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryConfigApi.editDataProperty, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await config.editDataProperty(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryConfigApi.removeDataProperties, log(BusinessType.DELETE)),
    handler: async (req) => {
      await config.removeDataProperties(caller(req), req.params.ids);
      return done();
    },
  });

  app.route({ ...routeOf(LibraryConfigApi.publishConfigList), handler: async (req) => ok(await config.listPublishConfigs(caller(req), req.query.libraryId)) });
  app.route({
    ...routeOf(LibraryConfigApi.addPublishConfig, log(BusinessType.INSERT)),
    handler: async (req) => {
      await config.addPublishConfig(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryConfigApi.editPublishConfig, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await config.editPublishConfig(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryConfigApi.removePublishConfigs, log(BusinessType.DELETE)),
    handler: async (req) => {
      await config.removePublishConfigs(caller(req), req.params.ids);
      return done();
    },
  });
};
