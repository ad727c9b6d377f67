import { catalogRowsOf, FileVersion, TextDiff } from '@ccms/contracts/content/catalog';
import { StatusChange, TopicStatusBody } from '@ccms/contracts/content/status';
import {
  TopicByPathQuery,
  TopicDetail,
  TopicDiffQuery,
  TopicHistory,
  TopicHistoryQuery,
  TopicPerm,
  TopicProps,
  TopicQuery,
  TopicReferences,
  TopicRow,
  TopicVersionQuery,
} from '@ccms/contracts/content/topic';
import { Code, IdParam, OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { topicService } from './topic.service';

const log = (businessType: BusinessType) => ({ title: 'topic', businessType });

export const topicRoutes: FastifyPluginAsyncZod = async (app) => {
  const topics = topicService(app.db, app.content.git, app.content);

  app.get(
    '/ccms/topic/list',
    {
      config: { permission: TopicPerm.list },
      schema: { summary: 'List topics by page', tags: ['content/topic'], querystring: TopicQuery, response: { 200: catalogRowsOf(TopicRow) } },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await topics.list(caller(req), req.query)) }),
  );
  app.get(
    '/ccms/topic/byPath',
    {
      config: { permission: TopicPerm.query },
      schema: {
        summary: 'Get a topic by its library and file path',
        tags: ['content/topic'],
        querystring: TopicByPathQuery,
        response: { 200: okOf(TopicDetail) },
      },
    },
    async (req) => ok(await topics.byPath(caller(req), req.query)),
  );
  app.get(
    '/ccms/topic/:id',
    {
      config: { permission: TopicPerm.query },
      schema: { summary: "Get a topic's properties", tags: ['content/topic'], params: IdParam, response: { 200: okOf(TopicDetail) } },
    },
    async (req) => ok(await topics.get(caller(req), req.params.id)),
  );
  app.put(
    '/ccms/topic',
    {
      config: { permission: TopicPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: "Update a topic's properties", tags: ['content/topic'], body: TopicProps, response: { 200: OkEmpty } },
    },
    async (req) => {
      await topics.update(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/topic/:id/status',
    {
      config: { permission: TopicPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: "Change a topic's status", tags: ['content/topic'], params: IdParam, body: TopicStatusBody, response: { 200: okOf(StatusChange) } },
    },
    async (req) => ok(await topics.setStatus(caller(req), req.params.id, req.body.status)),
  );
  app.get(
    '/ccms/topic/:id/references',
    {
      config: { permission: TopicPerm.query },
      schema: {
        summary: 'List what a topic references and what references it',
        tags: ['content/topic'],
        params: IdParam,
        response: { 200: okOf(TopicReferences) },
      },
    },
    async (req) => ok(await topics.references(caller(req), req.params.id)),
  );
  app.get(
    '/ccms/topic/:id/history',
    {
      config: { permission: TopicPerm.query },
      schema: {
        summary: "List a topic's commit history by page",
        tags: ['content/topic'],
        params: IdParam,
        querystring: TopicHistoryQuery,
        response: { 200: okOf(TopicHistory) },
      },
    },
    async (req) => ok(await topics.history(caller(req), req.params.id, req.query.limit)),
  );
  app.get(
    '/ccms/topic/:id/version',
    {
      config: { permission: TopicPerm.query },
      schema: {
        summary: "Get a topic's content at one commit",
        tags: ['content/topic'],
        params: IdParam,
        querystring: TopicVersionQuery,
        response: { 200: okOf(FileVersion) },
      },
    },
    async (req) => ok(await topics.version(caller(req), req.params.id, req.query.commit)),
  );
  app.get(
    '/ccms/topic/:id/diff',
    {
      config: { permission: TopicPerm.query },
      schema: {
        summary: 'Compare a topic between two commits',
        tags: ['content/topic'],
        params: IdParam,
        querystring: TopicDiffQuery,
        response: { 200: okOf(TextDiff) },
      },
    },
    async (req) => ok(await topics.diff(caller(req), req.params.id, req.query)),
  );
};
