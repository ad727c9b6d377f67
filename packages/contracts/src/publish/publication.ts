import { z } from 'zod';
import { PUBLISH_FORMATS } from '../content/library-config';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { optionalText, TimeRange } from '../monitor/filters';

/**
 * Publishing: publications (a map of a library branch with its filter), the outputs a publish
 * produces, the publish log and the document-center viewer.
 */
export const PublicationPerm = {
  list: 'ccms:publication:list',
  query: 'ccms:publication:query',
  add: 'ccms:publication:add',
  edit: 'ccms:publication:edit',
  remove: 'ccms:publication:remove',
  publish: 'ccms:publication:publish',
} as const;

export const PublishLogPerm = {
  list: 'ccms:publishLog:list',
  query: 'ccms:publishLog:query',
  remove: 'ccms:publishLog:remove',
  export: 'ccms:publishLog:export',
} as const;

/** Who may start a publish: the publication screen or the document screen's publish button. */
export const PUBLISH_PERMS = [PublicationPerm.publish, 'ccms:document:publish'];
/** Who may see outputs of a map: the publication screens and the document screens. */
export const OUTPUT_READ_PERMS = [PublicationPerm.list, PublicationPerm.query, 'ccms:document:list', 'ccms:document:query'];

/** Output status: the spec's not started, success, fail, plus running and canceled while and after a job runs. */
export const PUBLISH_STATUSES = ['notStarted', 'running', 'success', 'fail', 'canceled'] as const;
export const PublishStatus = z.enum(PUBLISH_STATUSES);
export type PublishStatus = z.infer<typeof PublishStatus>;

const required = (max: number) => z.string().trim().min(1).max(max);

export const PublicationBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  name: required(100),
  branch: required(200).describe('branch of the library the map is published from'),
  ditaMap: required(1000).describe('path of the root map in the library, e.g. userguide.ditamap'),
  ditaVal: required(1000).describe('a .ditaval file of the library, or the name of one of its filter groups'),
});
export type PublicationBody = z.infer<typeof PublicationBody>;
export const PublicationUpdate = PublicationBody.omit({ libraryId: true }).extend({
  publicationId: z.number().int().positive().describe('id of a publication'),
});
export type PublicationUpdate = z.infer<typeof PublicationUpdate>;

/** What a publication of a branch can be made from: its maps and filters, for the form's lists. */
export const PublicationChoicesQuery = z.object({
  libraryId: qInt.positive().describe('id of a library'),
  branch: z.string().trim().min(1).max(200).describe('branch the publication is made from'),
});
export type PublicationChoicesQuery = z.infer<typeof PublicationChoicesQuery>;

export const PublicationChoices = z.object({
  maps: z.array(z.object({ path: z.string(), title: z.string() })).describe("the branch's documents (DITA: maps and bookmaps), by path"),
  filters: z
    .array(z.object({ value: z.string(), kind: z.enum(['file', 'group']) }))
    .describe("the branch's filter files (DITA: .ditaval) and the library's filter groups"),
});
export type PublicationChoices = z.infer<typeof PublicationChoices>;

export const PublicationQuery = PageQuery.extend({
  libraryId: qInt.positive().optional().describe('only publications of this library'),
  name: optionalText(100).describe('part of the name'),
});
export type PublicationQuery = z.infer<typeof PublicationQuery>;

export const Publication = z.object({
  publicationId: z.number(),
  libraryId: z.number(),
  libraryName: z.string(),
  name: z.string(),
  branch: z.string(),
  ditaMap: z.string(),
  ditaVal: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Publication = z.infer<typeof Publication>;

/** Start a publish: of a publication, or of a document's map (then the filter is the config's filter group only). */
export const PublishBody = z
  .object({
    publicationId: z.number().int().positive().optional().describe('publish this publication'),
    documentId: z.number().int().positive().optional().describe('or publish this document (a map of the catalogue)'),
    configIds: z.array(z.number().int().positive()).min(1).max(20).describe("ids of the library's publish configs: one output each"),
  })
  .refine((b) => (b.publicationId === undefined) !== (b.documentId === undefined), { message: 'field.required', path: ['publicationId'] });
export type PublishBody = z.infer<typeof PublishBody>;

export const OutputProblem = z.object({
  severity: z.string(),
  code: z.string(),
  message: z.string(),
  file: z.string(),
  line: z.number(),
  column: z.number(),
});
export type OutputProblem = z.infer<typeof OutputProblem>;

export const ProblemCounts = z.object({ error: z.number(), warning: z.number(), info: z.number() });

/** One output as lists show it (the document's Output tab, the publication's outputs). */
export const PublishOutput = z.object({
  outputId: z.number(),
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  format: z.string(),
  status: PublishStatus,
  publicationId: z.number().nullable(),
  configId: z.number().nullable(),
  configName: z.string(),
  lang: z.string(),
  publishPath: z.string(),
  filter: z.string(),
  commit: z.string(),
  phase: z.string(),
  done: z.number(),
  total: z.number(),
  pages: z.number(),
  problemCounts: ProblemCounts,
  message: z.string(),
  size: z.number(),
  durationMs: z.number(),
  engineVersion: z.string(),
  incremental: z.boolean(),
  /** Where the output opens in the browser (HTML5 index or the PDF); empty until it succeeded. */
  viewUrl: z.string(),
  /** Server-Sent Events of its progress (PublishProgress JSON per event), with a ticket for EventSource. */
  progressUrl: z.string(),
  startTime: DateTime,
  endTime: DateTime,
  createBy: z.string(),
  createTime: DateTime,
});
export type PublishOutput = z.infer<typeof PublishOutput>;

export const PublishOutputDetail = PublishOutput.extend({ problems: z.array(OutputProblem) });
export type PublishOutputDetail = z.infer<typeof PublishOutputDetail>;

export const OutputQuery = PageQuery.extend({
  publicationId: qInt.positive().optional().describe('outputs of this publication'),
  documentId: qInt.positive().optional().describe('or outputs of this document'),
})
  // One of the two names whose outputs to list: without either the answer is a 400 naming documentId.
  .refine((q) => q.publicationId !== undefined || q.documentId !== undefined, { message: 'field.required', path: ['documentId'] });
export type OutputQuery = z.infer<typeof OutputQuery>;

/** What one SSE progress event carries. */
export const PublishProgress = z.object({
  outputId: z.number(),
  status: PublishStatus,
  phase: z.string(),
  done: z.number(),
  total: z.number(),
});
export type PublishProgress = z.infer<typeof PublishProgress>;

/** Archive an output to a project release: writes the release log row. */
export const ArchiveBody = z.object({
  outputId: z.number().int().positive().describe('id of a successful output'),
  projectId: z.number().int().positive().describe('id of a project'),
  version: required(64).describe('release version'),
  commitComment: z.string().trim().max(1000).default(''),
});
export type ArchiveBody = z.infer<typeof ArchiveBody>;

export const PublishLog = z.object({
  logId: z.number(),
  outputId: z.number(),
  publicationId: z.number().nullable(),
  publicationName: z.string(),
  libraryId: z.number(),
  libraryName: z.string(),
  branch: z.string(),
  ditaMap: z.string(),
  configName: z.string(),
  format: z.string(),
  commit: z.string(),
  status: z.string(),
  errorCount: z.number(),
  warningCount: z.number(),
  durationMs: z.number(),
  operName: z.string(),
  startTime: DateTime,
  endTime: DateTime,
});
export type PublishLog = z.infer<typeof PublishLog>;

export const PublishLogQuery = PageQuery.extend({
  publicationName: optionalText(100).describe('part of the publication name'),
  ditaMap: optionalText(1000).describe('part of the map path'),
  operName: optionalText(64).describe('part of the user name'),
  status: z.preprocess((v) => (v === '' ? undefined : v), PublishStatus.optional()),
  format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PUBLISH_FORMATS).optional()),
}).extend(TimeRange.shape);
export type PublishLogQuery = z.infer<typeof PublishLogQuery>;

/** The viewer: the latest successful output of each publication (or document) the user may read. */
export const ViewerQuery = PageQuery.extend({ keyword: optionalText(100).describe('part of the publication, map or library name') });
export type ViewerQuery = z.infer<typeof ViewerQuery>;
export const ViewerEntry = PublishOutput.extend({ title: z.string(), libraryName: z.string() });
export type ViewerEntry = z.infer<typeof ViewerEntry>;

const tag = 'publish/publication';

/** The publication API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const PublicationApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/publication/list',
    access: { permission: PublicationPerm.list },
    summary: 'List publications by page',
    tag,
    query: PublicationQuery,
    response: rowsOf(Publication),
  }),
  choices: endpoint({
    method: 'GET',
    url: '/ccms/publication/choices',
    access: { permission: PublicationPerm.query },
    summary: "What a publication of a branch can be made from: the branch's maps and filter files, the library's filter groups",
    tag,
    query: PublicationChoicesQuery,
    response: okOf(PublicationChoices),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/publication/:id',
    access: { permission: PublicationPerm.query },
    summary: 'Get a publication',
    tag,
    params: IdParam,
    response: okOf(Publication),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/publication',
    access: { permission: PublicationPerm.add },
    summary: 'Create a publication',
    tag,
    body: PublicationBody,
    response: okOf(z.object({ publicationId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/publication',
    access: { permission: PublicationPerm.edit },
    summary: 'Update a publication',
    tag,
    body: PublicationUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/publication/:ids',
    access: { permission: PublicationPerm.remove },
    summary: 'Delete publications (their outputs stay)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
