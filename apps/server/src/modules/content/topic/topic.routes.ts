import { TopicApi } from '@ccms/contracts/content/topic';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { topicService } from './topic.service';

const log = (businessType: BusinessType) => ({ log: { title: 'topic', businessType } });

export const topicRoutes: FastifyPluginAsyncZod = async (app) => {
  const topics = topicService(app.db, app.content.git, app.content);

  app.route({ ...routeOf(TopicApi.list), handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await topics.list(caller(req), req.query)) }) });
  app.route({ ...routeOf(TopicApi.byPath), handler: async (req) => ok(await topics.byPath(caller(req), req.query)) });
  app.route({ ...routeOf(TopicApi.get), handler: async (req) => ok(await topics.get(caller(req), req.params.id)) });
  app.route({
    ...routeOf(TopicApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await topics.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(TopicApi.setStatus, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await topics.setStatus(caller(req), req.params.id, req.body.status)),
  });
  app.route({ ...routeOf(TopicApi.references), handler: async (req) => ok(await topics.references(caller(req), req.params.id)) });
  app.route({ ...routeOf(TopicApi.history), handler: async (req) => ok(await topics.history(caller(req), req.params.id, req.query.limit)) });
  app.route({ ...routeOf(TopicApi.version), handler: async (req) => ok(await topics.version(caller(req), req.params.id, req.query.commit)) });
  app.route({ ...routeOf(TopicApi.diff), handler: async (req) => ok(await topics.diff(caller(req), req.params.id, req.query)) });
};
