import { z } from 'zod';
import { DateTime, PageQuery, Status01 } from '../http';

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
