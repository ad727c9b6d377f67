import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf, Status01 } from '../http';
import { endNotBeforeBegin, OptionalDate, RowVersion } from './common';
import { ProjectPerm } from './project';

export const ReleasePerm = {
  list: 'ccms:release:list',
  query: 'ccms:release:query',
  add: 'ccms:release:add',
  edit: 'ccms:release:edit',
  remove: 'ccms:release:remove',
  export: 'ccms:release:export',
} as const;

const releaseFields = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).default(''),
  /** 0 normal, 1 closed. */
  status: Status01.default('0'),
  beginDate: OptionalDate.optional(),
  endDate: OptionalDate.optional(),
});
const rules = endNotBeforeBegin<z.infer<typeof releaseFields>>('beginDate', 'endDate');

export const ReleaseBody = releaseFields.superRefine(rules);
export type ReleaseBody = z.infer<typeof ReleaseBody>;
export const ReleaseUpdate = releaseFields
  .extend({
    id: z.number().int().positive(),
    rowVersion: RowVersion.describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  })
  .superRefine(rules);
export type ReleaseUpdate = z.infer<typeof ReleaseUpdate>;

export const Release = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  rowVersion: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Release = z.infer<typeof Release>;

export const ReleaseFilter = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  title: z.string().max(200).optional(),
  status: Status01.optional(),
});
export type ReleaseFilter = z.infer<typeof ReleaseFilter>;
export const ReleaseQuery = PageQuery.extend(ReleaseFilter.shape);
export type ReleaseQuery = z.infer<typeof ReleaseQuery>;

/** A release in pickers (plans). */
export const ReleaseOption = z.object({ id: z.number(), projectId: z.number(), title: z.string(), status: z.string() });

const tag = 'work/release';

/** The release API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ReleaseApi = {
  // The project detail's release tab reads them with the project's query permission.
  list: endpoint({
    method: 'GET',
    url: '/ccms/release/list',
    access: { permission: [ReleasePerm.list, ProjectPerm.query] },
    summary: 'List releases by page',
    tag,
    query: ReleaseQuery,
    response: rowsOf(Release),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/release/export',
    access: { permission: ReleasePerm.export },
    summary: 'Export releases as an Excel workbook',
    tag,
    body: ReleaseFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/release/:id',
    access: { permission: ReleasePerm.query },
    summary: 'Get a release',
    tag,
    params: IdParam,
    response: okOf(Release),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/release',
    access: { permission: ReleasePerm.add },
    summary: 'Create a release',
    tag,
    body: ReleaseBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/release',
    access: { permission: ReleasePerm.edit },
    summary: 'Update a release',
    tag,
    body: ReleaseUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/release/:ids',
    access: { permission: ReleasePerm.remove },
    summary: 'Delete releases',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
