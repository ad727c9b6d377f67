import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';

export const Post = z.object({
  postId: z.number(),
  postCode: z.string(),
  postName: z.string(),
  postSort: z.number(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type Post = z.infer<typeof Post>;

export const PostFilter = z.object({
  postCode: z.string().max(64).optional().describe('post code, e.g. ceo'),
  postName: z.string().max(50).optional(),
  status: Status01.optional(),
});
export type PostFilter = z.infer<typeof PostFilter>;

export const PostQuery = PageQuery.extend(PostFilter.shape);
export type PostQuery = z.infer<typeof PostQuery>;

export const PostBody = z.object({
  postCode: z.string().trim().min(1).max(64).describe('unique post code'),
  postName: z.string().trim().min(1).max(50).describe('unique post name'),
  postSort: z.coerce.number().int().min(0).max(9999).describe('display order, ascending'),
  status: Status01.default('0'),
  remark: z.string().max(500).optional(),
});
export type PostBody = z.infer<typeof PostBody>;

export const PostUpdate = PostBody.extend({ postId: z.number().int().positive().describe('id of a post') });
export type PostUpdate = z.infer<typeof PostUpdate>;

/** Post permission strings: routes declare them, the seeded menus grant them. */
export const PostPerm = {
  list: 'system:post:list',
  query: 'system:post:query',
  add: 'system:post:add',
  edit: 'system:post:edit',
  remove: 'system:post:remove',
  export: 'system:post:export',
} as const;

const tag = 'system/post';

/** The posts API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const PostApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/post/list',
    access: { permission: PostPerm.list },
    summary: 'List posts (job positions) by page',
    tag,
    query: PostQuery,
    response: rowsOf(Post),
  }),
  export: endpoint({
    method: 'POST',
    url: '/system/post/export',
    access: { permission: PostPerm.export },
    summary: 'Export posts as an Excel workbook',
    tag,
    body: PostFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  options: endpoint({
    method: 'GET',
    url: '/system/post/optionselect',
    access: { authenticated: true },
    summary: 'List all posts, for pickers',
    tag,
    response: okOf(z.array(Post)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/post/:id',
    access: { permission: PostPerm.query },
    summary: 'Get a post',
    tag,
    params: IdParam,
    response: okOf(Post),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/post',
    access: { permission: PostPerm.add },
    summary: 'Create a post',
    tag,
    body: PostBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/post',
    access: { permission: PostPerm.edit },
    summary: 'Update a post',
    tag,
    body: PostUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/post/:ids',
    access: { permission: PostPerm.remove },
    summary: 'Delete posts',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
