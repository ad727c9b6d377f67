import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';

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

/** RuoYi 3.9's header bell: the latest open notices, each with the caller's read flag. */
export const NoticeTopItem = NoticeBrief.extend({ isRead: z.boolean().describe('whether the caller has read it') });
export type NoticeTopItem = z.infer<typeof NoticeTopItem>;

/** RuoYi's answer puts the unread count next to `data`, not inside it. */
export const NoticeTopAnswer = z.object({
  code: z.number(),
  msg: z.string(),
  data: z.array(NoticeTopItem),
  unreadCount: z.number().describe('how many of the listed notices the caller has not read'),
});

/** markRead: RuoYi's client sends the id as a query parameter (a JSON body does too). */
export const NoticeMarkRead = z.object({ noticeId: z.coerce.number().int().positive().describe('id of a notice') });

/** markReadAll: ids as a comma list; without them every open notice is marked. */
export const NoticeMarkReadAll = z.object({
  ids: z.coerce
    .string()
    .regex(/^\d+(,\d+)*$/, { message: 'field.invalidFormat' })
    .transform((s) => s.split(',').map(Number))
    .optional()
    .describe('notice ids, comma-separated; absent: all open notices'),
});

export const NoticeReadUsersQuery = PageQuery.extend({
  noticeId: z.coerce.number().int().positive().describe('id of a notice'),
  searchValue: z.string().max(50).optional().describe('part of a user name or nickname'),
});
export type NoticeReadUsersQuery = z.infer<typeof NoticeReadUsersQuery>;

/** Who read a notice and when. */
export const NoticeReadUser = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  deptName: z.string(),
  phonenumber: z.string(),
  readTime: DateTime,
});
export type NoticeReadUser = z.infer<typeof NoticeReadUser>;

const NoticeIdParam = z.object({ noticeId: z.coerce.number().int().positive() });
const tag = 'system/notice';

/**
 * The notices API (RuoYi's SysNoticeController) and the caller's read marks: each endpoint's URL,
 * method, access and schemas, for the server's routes and the web's calls.
 */
export const NoticeApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/notice/list',
    access: { permission: NoticePerm.list },
    summary: 'List notices by page',
    tag,
    query: NoticeQuery,
    response: rowsOf(Notice),
  }),
  unread: endpoint({
    method: 'GET',
    url: '/system/notice/unread',
    access: { authenticated: true },
    summary: "List the caller's unread notices",
    tag,
    query: UnreadQuery,
    response: okOf(UnreadNotices),
  }),
  readAll: endpoint({
    method: 'PUT',
    url: '/system/notice/readAll',
    access: { authenticated: true },
    summary: 'Mark all notices read for the caller',
    tag,
    response: OkEmpty,
  }),
  read: endpoint({
    method: 'PUT',
    url: '/system/notice/read/:noticeId',
    access: { authenticated: true },
    summary: 'Mark one notice read for the caller',
    tag,
    params: NoticeIdParam,
    response: OkEmpty,
  }),
  top: endpoint({
    method: 'GET',
    url: '/system/notice/listTop',
    access: { authenticated: true },
    summary: "List the latest open notices with the caller's read flags (RuoYi's header bell)",
    tag,
    response: NoticeTopAnswer,
  }),
  markRead: endpoint({
    method: 'POST',
    url: '/system/notice/markRead',
    access: { authenticated: true },
    summary: 'Mark one notice read for the caller (RuoYi 3.9)',
    tag,
    body: NoticeMarkRead,
    response: OkEmpty,
  }),
  markReadAll: endpoint({
    method: 'POST',
    url: '/system/notice/markReadAll',
    access: { authenticated: true },
    summary: 'Mark the listed notices (or all open ones) read for the caller (RuoYi 3.9)',
    tag,
    body: NoticeMarkReadAll,
    response: OkEmpty,
  }),
  readers: endpoint({
    method: 'GET',
    url: '/system/notice/readUsers/list',
    access: { permission: NoticePerm.list },
    summary: 'List who read a notice, by page',
    tag,
    query: NoticeReadUsersQuery,
    response: rowsOf(NoticeReadUser),
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/notice/:noticeId',
    access: { permission: NoticePerm.query },
    summary: 'Get a notice',
    tag,
    params: NoticeIdParam,
    response: okOf(Notice),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/notice',
    access: { permission: NoticePerm.add },
    summary: 'Create a notice',
    tag,
    body: NoticeBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/notice',
    access: { permission: NoticePerm.edit },
    summary: 'Update a notice',
    tag,
    body: NoticeUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/notice/:ids',
    access: { permission: NoticePerm.remove },
    summary: 'Delete notices',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
