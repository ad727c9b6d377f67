import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, PageQuery, rowsOf } from '../http';
import { optionalFlag, optionalText, TimeRange } from './filters';

/** One sign-in attempt (RuoYi SysLogininfor). */
export const LoginInfo = z.object({
  infoId: z.number(),
  userName: z.string(),
  ipaddr: z.string(),
  loginLocation: z.string(),
  browser: z.string(),
  os: z.string(),
  /** 0 success, 1 failure. */
  status: z.string(),
  msg: z.string(),
  loginTime: DateTime,
});
export type LoginInfo = z.infer<typeof LoginInfo>;

export const LoginInfoQuery = PageQuery.extend({
  ipaddr: optionalText(128).describe('client IP address'),
  userName: optionalText(50).describe('sign-in name'),
  status: optionalFlag,
}).extend(TimeRange.shape);
export type LoginInfoQuery = z.infer<typeof LoginInfoQuery>;

export const InfoIdsParam = z.object({ ids: IdList.describe('ids, comma-separated') });
export const UnlockParam = z.object({ userName: z.string().trim().min(1).max(30).describe('sign-in name') });

/** Sign-in log permission strings: routes declare them, the seeded menus grant them. */
export const LoginInfoPerm = {
  list: 'monitor:logininfor:list',
  query: 'monitor:logininfor:query',
  remove: 'monitor:logininfor:remove',
  export: 'monitor:logininfor:export',
  unlock: 'monitor:logininfor:unlock',
} as const;

const tag = 'monitor/logininfor';

/** The sign-in log API (RuoYi's SysLogininforController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const LoginInfoApi = {
  list: endpoint({
    method: 'GET',
    url: '/monitor/logininfor/list',
    access: { permission: LoginInfoPerm.list },
    summary: 'List sign-in records by page',
    tag,
    query: LoginInfoQuery,
    response: rowsOf(LoginInfo),
  }),
  clean: endpoint({
    method: 'DELETE',
    url: '/monitor/logininfor/clean',
    access: { permission: LoginInfoPerm.remove },
    summary: 'Delete all sign-in records',
    tag,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/monitor/logininfor/:ids',
    access: { permission: LoginInfoPerm.remove },
    summary: 'Delete sign-in records',
    tag,
    params: InfoIdsParam,
    response: OkEmpty,
  }),
  unlock: endpoint({
    method: 'GET',
    url: '/monitor/logininfor/unlock/:userName',
    access: { permission: LoginInfoPerm.unlock },
    summary: 'Unlock a user locked out after failed sign-ins',
    tag,
    params: UnlockParam,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/monitor/logininfor/export',
    access: { permission: LoginInfoPerm.export },
    summary: 'Export sign-in records as an Excel workbook',
    tag,
    body: LoginInfoQuery.optional(),
    response: FileResponse,
  }),
};
