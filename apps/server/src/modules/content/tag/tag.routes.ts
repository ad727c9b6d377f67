import { TagApi } from '@ccms/contracts/content/tag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { tagService } from './tag.service';

const log = (businessType: BusinessType) => ({ log: { title: 'tag', businessType } });

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = tagService(app.db, app.content.git, app.content.libraries);

  app.route({ ...routeOf(TagApi.list), handler: async (req) => rows(await tags.list(caller(req), req.query)) });
  app.route({ ...routeOf(TagApi.options), handler: async (req) => ok(await tags.options(caller(req), req.query.libraryId)) });
  app.route({ ...routeOf(TagApi.ofPath), handler: async (req) => ok(await tags.ofPath(caller(req), req.query)) });
  app.route({ ...routeOf(TagApi.assign, log(BusinessType.GRANT)), handler: async (req) => ok(await tags.assign(caller(req), req.body)) });
  app.route({ ...routeOf(TagApi.unassign, log(BusinessType.GRANT)), handler: async (req) => ok(await tags.unassign(caller(req), req.body)) });
  app.route({ ...routeOf(TagApi.paths), handler: async (req) => rows(await tags.tagged(caller(req), req.params.id, req.query)) });
  app.route({ ...routeOf(TagApi.get), handler: async (req) => ok(await tags.get(caller(req), req.params.id)) });
  app.route({ ...routeOf(TagApi.add, log(BusinessType.INSERT)), handler: async (req) => ok(await tags.create(caller(req), req.body)) });
  app.route({
    ...routeOf(TagApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await tags.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(TagApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await tags.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
