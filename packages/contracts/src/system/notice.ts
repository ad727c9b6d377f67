import { z } from 'zod';
import { DateTime, PageQuery, Status01 } from '../http';

export const Notice = z.object({
  noticeId: z.number(),
  noticeTitle: z.string(),
  noticeType: z.string().describe('1 notice, 2 announcement'),
  noticeContent: z.string().describe('HTML from the rich text editor'),
  status: z.string().describe('0 normal, 1 closed'),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Notice = z.infer<typeof Notice>;

export const NoticeQuery = PageQuery.extend({
  noticeTitle: z.string().max(50).optional(),
  noticeType: z.enum(['1', '2']).optional().describe("'1' notice, '2' announcement"),
  createBy: z.string().max(64).optional(),
  status: Status01.optional(),
});
export type NoticeQuery = z.infer<typeof NoticeQuery>;

export const NoticeBody = z.object({
  noticeTitle: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .refine((v) => !/<[a-z!/?]/i.test(v), { message: 'notice.titleMarkup' }),
  noticeType: z.enum(['1', '2'], { error: (issue) => (issue.input === undefined ? 'field.required' : undefined) }).describe("'1' notice, '2' announcement"),
  noticeContent: z.string().max(200_000).default(''),
  status: Status01.default('0'),
  remark: z.string().max(500).optional(),
});
export type NoticeBody = z.infer<typeof NoticeBody>;

export const NoticeUpdate = NoticeBody.extend({ noticeId: z.coerce.number().int().positive().describe('id of a notice') });
export type NoticeUpdate = z.infer<typeof NoticeUpdate>;

/** A notice in the caller's unread list, with its content: readers need no notice permission to open it. */
export const NoticeBrief = z.object({
  noticeId: z.number(),
  noticeTitle: z.string(),
  noticeType: z.string(),
  noticeContent: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type NoticeBrief = z.infer<typeof NoticeBrief>;

export const UnreadQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5).describe('how many of the latest unread notices') });

export const UnreadNotices = z.object({ total: z.number().describe('unread count'), rows: z.array(NoticeBrief) });
export type UnreadNotices = z.infer<typeof UnreadNotices>;

/** Notice permission strings: routes declare them, the seeded menus grant them. */
export const NoticePerm = {
  list: 'system:notice:list',
  query: 'system:notice:query',
  add: 'system:notice:add',
  edit: 'system:notice:edit',
  remove: 'system:notice:remove',
} as const;
