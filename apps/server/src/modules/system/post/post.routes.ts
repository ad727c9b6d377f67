import { PostApi } from '@ccms/contracts/system/post';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { postService } from './post.service';

const log = (businessType: BusinessType) => ({ log: { title: 'post', businessType } });

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = postService(app.db);
  acceptFormBodies(app);

  app.route({ ...routeOf(PostApi.list), handler: async (req) => rows(await posts.list(req.query)) });
  app.route({
    ...routeOf(PostApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'post.xlsx', await posts.export(req.body, req.lang)),
  });
  app.route({ ...routeOf(PostApi.options), handler: async () => ok(await posts.options()) });
  app.route({ ...routeOf(PostApi.get), handler: async (req) => ok(await posts.get(req.params.id)) });
  app.route({
    ...routeOf(PostApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await posts.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(PostApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await posts.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(PostApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await posts.remove(req.params.ids);
      return done();
    },
  });
};
