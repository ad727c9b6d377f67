import {
  AssignBody,
  PathTags,
  PathTagsQuery,
  TAG_ASSIGN_PERMS,
  TAG_READ_PERMS,
  Tag,
  TagBody,
  TaggedQuery,
  TaggedRow,
  TagOption,
  TagOptionQuery,
  TagPerm,
  TagQuery,
  TagUpdate,
} from '@ccms/contracts/content/tag';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { tagService } from './tag.service';

const log = (businessType: BusinessType) => ({ title: 'tag', businessType });

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = tagService(app.db, app.content.git, app.content.libraries);

  app.get(
    '/ccms/tag/list',
    {
      config: { permission: TagPerm.list },
      schema: { summary: 'List tags by page', tags: ['content/tag'], querystring: TagQuery, response: { 200: rowsOf(Tag) } },
    },
    async (req) => rows(await tags.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/tag/optionselect',
    {
      config: { permission: TAG_READ_PERMS },
      schema: {
        summary: 'List the tags of a library, for pickers',
        tags: ['content/tag'],
        querystring: TagOptionQuery,
        response: { 200: okOf(z.array(TagOption)) },
      },
    },
    async (req) => ok(await tags.options(caller(req), req.query.libraryId)),
  );
  app.get(
    '/ccms/tag/path',
    {
      config: { permission: TAG_READ_PERMS },
      schema: { summary: 'List the tags assigned to a file path', tags: ['content/tag'], querystring: PathTagsQuery, response: { 200: okOf(PathTags) } },
    },
    async (req) => ok(await tags.ofPath(caller(req), req.query)),
  );
  app.post(
    '/ccms/tag/assign',
    {
      config: { permission: TAG_ASSIGN_PERMS, log: log(BusinessType.GRANT) },
      schema: { summary: 'Assign tags to file paths', tags: ['content/tag'], body: AssignBody, response: { 200: okOf(PathTags) } },
    },
    async (req) => ok(await tags.assign(caller(req), req.body)),
  );
  app.post(
    '/ccms/tag/unassign',
    {
      config: { permission: TAG_ASSIGN_PERMS, log: log(BusinessType.GRANT) },
      schema: { summary: 'Remove tags from file paths', tags: ['content/tag'], body: AssignBody, response: { 200: okOf(PathTags) } },
    },
    async (req) => ok(await tags.unassign(caller(req), req.body)),
  );
  app.get(
    '/ccms/tag/:id/paths',
    {
      config: { permission: TagPerm.query },
      schema: {
        summary: 'List the file paths a tag is assigned to',
        tags: ['content/tag'],
        params: IdParam,
        querystring: TaggedQuery,
        response: { 200: rowsOf(TaggedRow) },
      },
    },
    async (req) => rows(await tags.tagged(caller(req), req.params.id, req.query)),
  );
  app.get(
    '/ccms/tag/:id',
    { config: { permission: TagPerm.query }, schema: { summary: 'Get a tag', tags: ['content/tag'], params: IdParam, response: { 200: okOf(Tag) } } },
    async (req) => ok(await tags.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/tag',
    {
      config: { permission: TagPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a tag', tags: ['content/tag'], body: TagBody, response: { 200: okOf(z.object({ tagId: z.number() })) } },
    },
    async (req) => ok(await tags.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/tag',
    {
      config: { permission: TagPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a tag', tags: ['content/tag'], body: TagUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await tags.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/tag/:ids',
    {
      config: { permission: TagPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete tags', tags: ['content/tag'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await tags.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
