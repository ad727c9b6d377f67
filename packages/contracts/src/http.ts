import { z } from 'zod';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE } from './constants';
import { GrantLevel } from './grants';

/** Body codes of the envelope; the HTTP status mirrors them (601 travels as HTTP 200). */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  ERROR: 500,
  WARN: 601,
} as const;

export const okOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

export const OkEmpty = z.object({ code: z.number(), msg: z.string() });

export const rowsOf = <T extends z.ZodType>(row: T) => z.object({ code: z.number(), msg: z.string(), rows: z.array(row), total: z.number() });

/** Query-string numbers arrive as text. */
export const qInt = z.coerce.number().int();

export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(DEFAULT_PAGE_NUM).describe('1-based page number'),
  pageSize: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE).describe('rows per page'),
  orderByColumn: z.string().max(64).optional().describe('a column from the list allowlist'),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional().describe('sort direction'),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** RuoYi's range filter: params[beginTime], params[endTime]. */
export const TimeRangeQuery = z.object({
  'params[beginTime]': z.string().optional().describe('start of the range, yyyy-MM-dd'),
  'params[endTime]': z.string().optional().describe('end of the range, yyyy-MM-dd'),
});

/** A comma list of whole numbers in a body: "1,2,3" (RuoYi's updateSort sends ids and orders so). */
const NumberCsv = z
  .string()
  .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, { message: 'field.invalidFormat' })
  .transform((s) => s.split(',').map((n) => Number(n.trim())));

/** RuoYi 3.9's updateSort body: `{ <idsKey>: "1,2", orderNums: "3,4" }`, the n-th order for the n-th id. */
export const sortBodyOf = <K extends string>(idsKey: K) =>
  z.object({
    [idsKey]: NumberCsv.describe('ids, comma-separated: 1,2,3'),
    orderNums: NumberCsv.describe('display orders, comma-separated, one per id'),
  } as { [P in K]: typeof NumberCsv } & { orderNums: typeof NumberCsv });

/** Comma-separated id list in a path: "1,2,3". */
export const IdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'invalid.idList' })
  .transform((s) => s.split(',').map(Number))
  .describe('ids, comma-separated: 1,2,3');

export const IdParam = z.object({ id: z.coerce.number().int().positive().describe('id of the row') });

/** Status flag of RuoYi rows: 0 normal, 1 disabled. */
export const Status01 = z.enum(['0', '1']).describe("'0' normal, '1' disabled (closed, paused)");

export const DateTime = z.union([z.date(), z.string()]).nullable();

/** Kinds of objects granted by level (the refusal names which one). */
export const GRANTED_OBJECTS = ['library', 'project', 'regulation'] as const;

/**
 * What a 403 answer says was missing, next to RuoYi's `code` and `msg` (which stay as they were):
 * the permission strings of the route (any one of them would do), each with its menu's name in the
 * caller's language, or the grant level the object needs.
 */
export const Denied = z.object({
  permissions: z
    .array(z.object({ perms: z.string(), name: z.string().describe("the menu or button holding it, e.g. 'Libraries › Query library' (empty: none)") }))
    .optional()
    .describe('permission strings of which the caller holds none'),
  level: GrantLevel.optional().describe('the weakest grant level on the object that would do'),
  object: z.enum(GRANTED_OBJECTS).optional().describe('the kind of object the level is on'),
});
export type Denied = z.infer<typeof Denied>;
