import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf } from '../http';
import { CatalogScope, IndexedAt } from './catalog';
import { S1000dPerm } from './s1000d';

/** GET /ccms/s1000d/dml-coverage: a data module list's coverage; without a path, the branch's first DML. */
export const DmlCoverageQuery = CatalogScope.extend({
  path: z.string().trim().min(1).max(1000).optional().describe('path of a DML file in the library (a resource of type list)'),
});
export type DmlCoverageQuery = z.infer<typeof DmlCoverageQuery>;

export const COVERAGE_STATES = ['missing', 'deleted', 'inWork', 'issued'] as const;
export const CoverageState = z.enum(COVERAGE_STATES);
export type CoverageState = z.infer<typeof CoverageState>;

export const DmlListRef = z.object({
  path: z.string(),
  code: z.string(),
  /** C complete, P partial, S status list. */
  dmlType: z.string(),
  revision: z.string(),
  entries: z.number(),
});
export type DmlListRef = z.infer<typeof DmlListRef>;

export const DmlCoverageRow = z.object({
  line: z.number(),
  kind: z.enum(['dm', 'pm', 'other']),
  code: z.string(),
  requestedIssue: z.string().nullable(),
  entryIssueType: z.string().nullable(),
  state: CoverageState,
  /** The latest object with the code: its file, title, issue-inWork and issueType; its catalogue id when it is a topic. */
  path: z.string().nullable(),
  topicId: z.number().nullable(),
  title: z.string().nullable(),
  revision: z.string().nullable(),
  issueType: z.string().nullable(),
  issueMatch: z.enum(['exact', 'later', 'behind', 'any']).nullable(),
});
export type DmlCoverageRow = z.infer<typeof DmlCoverageRow>;

export const DmlCoverage = IndexedAt.extend({
  /** The branch's DMLs, for choosing one. */
  lists: z.array(DmlListRef),
  /** The chosen DML's coverage; null when the branch holds no DML. */
  coverage: z
    .object({
      path: z.string(),
      code: z.string(),
      dmlType: z.string(),
      rows: z.array(DmlCoverageRow),
      counts: z.record(CoverageState, z.number()),
    })
    .nullable(),
});
export type DmlCoverage = z.infer<typeof DmlCoverage>;

const tag = 'content/s1000d';

/** The data module list coverage API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const S1000dDmlApi = {
  coverage: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/dml-coverage',
    access: { permission: S1000dPerm.query },
    summary: "A data module list's coverage: each entry's module missing, in work, issued or deleted at the branch's indexed commit",
    tag,
    query: DmlCoverageQuery,
    response: okOf(DmlCoverage),
  }),
};
