import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { Post, PostBody, PostFilter, PostQuery, PostUpdate } from '@ccms/contracts/system/post';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { postService } from './post.service';

const log = (businessType: BusinessType) => ({ title: 'post', businessType });

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = postService(app.db);
  acceptFormBodies(app);

  app.get(
    '/system/post/list',
    {
      config: { permission: 'system:post:list' },
      schema: { summary: 'List posts (job positions) by page', tags: ['system/post'], querystring: PostQuery, response: { 200: rowsOf(Post) } },
    },
    async (req) => rows(await posts.list(req.query)),
  );
  app.post(
    '/system/post/export',
    {
      config: { permission: 'system:post:export', log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export posts as an Excel workbook',
        tags: ['system/post'],
        body: PostFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'post.xlsx', await posts.export(req.body, req.lang)),
  );
  app.get(
    '/system/post/optionselect',
    { config: { authenticated: true }, schema: { summary: 'List all posts, for pickers', tags: ['system/post'], response: { 200: okOf(z.array(Post)) } } },
    async () => ok(await posts.options()),
  );
  app.get(
    '/system/post/:id',
    { config: { permission: 'system:post:query' }, schema: { summary: 'Get a post', tags: ['system/post'], params: IdParam, response: { 200: okOf(Post) } } },
    async (req) => ok(await posts.get(req.params.id)),
  );
  app.post(
    '/system/post',
    {
      config: { permission: 'system:post:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a post', tags: ['system/post'], body: PostBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await posts.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/post',
    {
      config: { permission: 'system:post:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a post', tags: ['system/post'], body: PostUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await posts.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/post/:ids',
    {
      config: { permission: 'system:post:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete posts', tags: ['system/post'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await posts.remove(req.params.ids);
      return done();
    },
  );
};
