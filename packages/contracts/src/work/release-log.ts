import { z } from 'zod';
import { DateTime, PageQuery, qInt } from '../http';

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
