import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { ProjectScope } from './work-item';

/** Permission strings of the release log screen (seeded menu buttons). */
export const ReleaseLogPerm = {
  list: 'ccms:releaseLog:list',
  query: 'ccms:releaseLog:query',
  add: 'ccms:releaseLog:add',
  edit: 'ccms:releaseLog:edit',
  remove: 'ccms:releaseLog:remove',
  export: 'ccms:releaseLog:export',
} as const;

/** Outcome of a release, as document outputs have it. */
export const RELEASE_LOG_STATUSES = ['notStarted', 'success', 'fail'] as const;

export const ReleaseLogBody = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  planId: z.number().int().positive().nullable().optional().describe('the plan released; its title is copied'),
  planTitle: z.string().trim().max(200).optional().describe('used when no plan is named'),
  version: z.string().trim().min(1).max(64),
  commitComment: z.string().trim().max(1000).default(''),
  archive: z.string().trim().max(500).default('').describe('name or location of the release archive'),
  status: z.enum(RELEASE_LOG_STATUSES).default('notStarted'),
});
export type ReleaseLogBody = z.infer<typeof ReleaseLogBody>;

export const ReleaseLogUpdate = ReleaseLogBody.extend({ logId: z.number().int().positive().describe('id of a release log entry') });
export type ReleaseLogUpdate = z.infer<typeof ReleaseLogUpdate>;

export const ReleaseLog = z.object({
  logId: z.number(),
  projectId: z.number(),
  index: z.number().describe('1, 2, 3 ... within the project'),
  planId: z.number().nullable(),
  planTitle: z.string(),
  version: z.string(),
  commitComment: z.string(),
  archive: z.string(),
  status: z.enum(RELEASE_LOG_STATUSES),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type ReleaseLog = z.infer<typeof ReleaseLog>;

export const ReleaseLogFilter = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  planTitle: z.string().max(200).optional(),
  version: z.string().max(64).optional(),
  status: z.enum(RELEASE_LOG_STATUSES).optional(),
});
export type ReleaseLogFilter = z.infer<typeof ReleaseLogFilter>;

export const ReleaseLogQuery = PageQuery.extend(ReleaseLogFilter.shape);
export type ReleaseLogQuery = z.infer<typeof ReleaseLogQuery>;

const tag = 'work/release-log';

/** The release-log API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ReleaseLogApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/releaseLog/list',
    access: { permission: ReleaseLogPerm.list },
    summary: 'List release log entries of a project by page',
    tag,
    query: ReleaseLogQuery,
    response: rowsOf(ReleaseLog),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/releaseLog/export',
    access: { permission: ReleaseLogPerm.export },
    summary: 'Export release log entries as an Excel workbook',
    tag,
    body: ReleaseLogFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/releaseLog/:id',
    access: { permission: ReleaseLogPerm.query },
    summary: 'Get a release log entry',
    tag,
    params: IdParam,
    query: ProjectScope,
    response: okOf(ReleaseLog),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/releaseLog',
    access: { permission: ReleaseLogPerm.add },
    summary: 'Create a release log entry',
    tag,
    body: ReleaseLogBody,
    response: okOf(z.object({ logId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/releaseLog',
    access: { permission: ReleaseLogPerm.edit },
    summary: 'Update a release log entry',
    tag,
    body: ReleaseLogUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/releaseLog/:ids',
    access: { permission: ReleaseLogPerm.remove },
    summary: 'Delete release log entries',
    tag,
    params: z.object({ ids: IdList }),
    query: ProjectScope,
    response: OkEmpty,
  }),
};
