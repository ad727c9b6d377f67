import { z } from 'zod';
import { DateTime, IdList, PageQuery } from '../http';
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
