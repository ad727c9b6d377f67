import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, PageQuery, rowsOf } from '../http';
import { optionalText } from './filters';

/** One signed-in session (RuoYi SysUserOnline); tokenId is the session id, never the bearer token. */
export const OnlineUser = z.object({
  tokenId: z.string(),
  userName: z.string(),
  deptName: z.string(),
  ipaddr: z.string(),
  loginLocation: z.string(),
  browser: z.string(),
  os: z.string(),
  loginTime: DateTime,
  lastAccessTime: DateTime,
  expireTime: DateTime,
});
export type OnlineUser = z.infer<typeof OnlineUser>;

export const OnlineQuery = PageQuery.extend({
  ipaddr: optionalText(128).describe('part of the client address'),
  userName: optionalText(30).describe('part of the user name'),
});
export type OnlineQuery = z.infer<typeof OnlineQuery>;

export const TokenIdParam = z.object({
  tokenId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/)
    .describe('session id from GET /monitor/online/list'),
});

/** Online users permission strings: routes declare them, the seeded menus grant them. */
export const OnlinePerm = {
  list: 'monitor:online:list',
  query: 'monitor:online:query',
  batchLogout: 'monitor:online:batchLogout',
  forceLogout: 'monitor:online:forceLogout',
} as const;

const tag = 'monitor/online';

/** The online users API (RuoYi's SysUserOnlineController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const OnlineApi = {
  list: endpoint({
    method: 'GET',
    url: '/monitor/online/list',
    access: { permission: OnlinePerm.list },
    summary: 'List signed-in sessions',
    tag,
    query: OnlineQuery,
    response: rowsOf(OnlineUser),
  }),
  forceLogout: endpoint({
    method: 'DELETE',
    url: '/monitor/online/:tokenId',
    access: { permission: OnlinePerm.forceLogout },
    summary: 'Sign a session out',
    tag,
    params: TokenIdParam,
    response: OkEmpty,
  }),
};
