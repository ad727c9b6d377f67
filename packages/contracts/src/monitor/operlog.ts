import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf } from '../http';
import { optionalInt, optionalText, TimeRange } from './filters';

/** One operation log row (RuoYi SysOperLog). */
export const OperLog = z.object({
  operId: z.number(),
  title: z.string(),
  /** 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 clean (dict sys_oper_type). */
  businessType: z.number(),
  method: z.string(),
  requestMethod: z.string(),
  operatorType: z.number(),
  operName: z.string(),
  deptName: z.string(),
  operUrl: z.string(),
  operIp: z.string(),
  operLocation: z.string(),
  operParam: z.string(),
  jsonResult: z.string(),
  /** 0 success, 1 failure. */
  status: z.number(),
  errorMsg: z.string(),
  operTime: DateTime,
  costTime: z.number(),
});
export type OperLog = z.infer<typeof OperLog>;

export const OperLogQuery = PageQuery.extend({
  title: optionalText(50).describe('part of the module title'),
  operName: optionalText(50).describe('part of the operator name'),
  operIp: optionalText(128).describe('client IP address'),
  businessType: optionalInt(0, 8).describe('operation type: 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force logout, 8 clean'),
  status: optionalInt(0, 1),
}).extend(TimeRange.shape);
export type OperLogQuery = z.infer<typeof OperLogQuery>;

export const OperIdsParam = z.object({ ids: IdList.describe('ids, comma-separated') });
export const OperIdParam = z.object({ operId: z.coerce.number().int().positive().describe('id of an operation log entry') });

/** Operation log permission strings: routes declare them, the seeded menus grant them. */
export const OperLogPerm = {
  list: 'monitor:operlog:list',
  query: 'monitor:operlog:query',
  remove: 'monitor:operlog:remove',
  export: 'monitor:operlog:export',
} as const;

const tag = 'monitor/operlog';

/** The operation log API (RuoYi's SysOperlogController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const OperLogApi = {
  list: endpoint({
    method: 'GET',
    url: '/monitor/operlog/list',
    access: { permission: OperLogPerm.list },
    summary: 'List operation log entries by page',
    tag,
    query: OperLogQuery,
    response: rowsOf(OperLog),
  }),
  get: endpoint({
    method: 'GET',
    url: '/monitor/operlog/:operId',
    access: { permission: OperLogPerm.query },
    summary: 'Get an operation log entry',
    tag,
    params: OperIdParam,
    response: okOf(OperLog),
  }),
  clean: endpoint({
    method: 'DELETE',
    url: '/monitor/operlog/clean',
    access: { permission: OperLogPerm.remove },
    summary: 'Delete all operation log entries',
    tag,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/monitor/operlog/:ids',
    access: { permission: OperLogPerm.remove },
    summary: 'Delete operation log entries',
    tag,
    params: OperIdsParam,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/monitor/operlog/export',
    access: { permission: OperLogPerm.export },
    summary: 'Export operation log entries as an Excel workbook',
    tag,
    body: OperLogQuery.optional(),
    response: FileResponse,
  }),
};
