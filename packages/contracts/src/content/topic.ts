import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdParam, OkEmpty, okOf, PageQuery, qInt } from '../http';
import { CatalogScope, catalogRowsOf, FileVersion, IndexedAt, LinkRow, TextDiff } from './catalog';
import { CommitRow } from './explorer';
import { LibraryLevel } from './library';
import { StandardFacts } from './standard';
import { StatusChange, TopicStatus, TopicStatusBody } from './status';

/** Permission strings of the topic screens (seeded menu 2105, buttons 3070-3074). */
export const TopicPerm = {
  list: 'ccms:topic:list',
  query: 'ccms:topic:query',
  add: 'ccms:topic:add',
  edit: 'ccms:topic:edit',
  remove: 'ccms:topic:remove',
  export: 'ccms:topic:export',
} as const;

/** GET /ccms/topic/list: search by title, code, status, owner, folder. */
export const TopicQuery = PageQuery.extend(CatalogScope.shape).extend({
  title: z.string().trim().max(200).optional().describe('part of the title'),
  code: z.string().trim().max(100).optional().describe('part of the code'),
  status: TopicStatus.optional(),
  owner: z.string().trim().max(64).optional().describe('owner user name, exact'),
  folder: z.string().trim().max(1000).optional().describe('library folder; topics in it and below'),
  docType: z.string().trim().max(64).optional().describe('root element: concept, task, reference, topic, glossentry, ...'),
  language: z.string().trim().max(20).optional(),
  documentId: qInt.positive().optional().describe('only topics the document reads'),
});
export type TopicQuery = z.infer<typeof TopicQuery>;

/**
 * A topic: one DITA topic file of the branch. From git: no (the root topic id), title, code,
 * revision, manualType (prolog othermeta of those names), folder, docType, language; from the
 * database, by library, branch and path: status, owner, percentage, category, department, tags.
 */
export const TopicRow = z.object({
  topicId: z.number(),
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  no: z.string().describe('@id of the root topic element'),
  title: z.string(),
  code: z.string(),
  revision: z.string(),
  manualType: z.string(),
  folder: z.string(),
  docType: z.string(),
  language: z.string(),
  shortdesc: z.string(),
  facts: StandardFacts,
  /** References to this topic from elsewhere in the branch (where used). */
  refs: z.number(),
  status: TopicStatus,
  owner: z.string(),
  percentage: z.number(),
  category: z.string(),
  department: z.string(),
  tags: z.array(z.string()),
  createTime: DateTime,
  updateTime: DateTime,
});
export type TopicRow = z.infer<typeof TopicRow>;

export const DocumentRef = z.object({ documentId: z.number(), path: z.string(), name: z.string() });

/** GET /ccms/topic/{id} and GET /ccms/topic/byPath: "Topic does not exist" (404) for a stale id or path. */
export const TopicDetail = TopicRow.extend(IndexedAt.shape).extend({
  documents: z.array(DocumentRef).describe('maps that read this topic'),
  problems: z.number(),
  nextStatuses: z.array(TopicStatus),
  myLevel: LibraryLevel.nullable(),
  canWrite: z.boolean(),
});
export type TopicDetail = z.infer<typeof TopicDetail>;

export const TopicByPathQuery = CatalogScope.extend({ path: z.string().trim().min(1).max(1000).describe('path inside the library, e.g. topics/intro.dita') });
export type TopicByPathQuery = z.infer<typeof TopicByPathQuery>;

/** PUT /ccms/topic: database-only properties; absent fields stay. */
export const TopicProps = z.object({
  topicId: z.number().int().positive().describe('id of a topic (GET /ccms/topic/list)'),
  owner: z.string().trim().max(64).optional().describe('user name of the owner; must exist'),
  percentage: z.number().int().min(0).max(100).optional().describe('percent done, 0-100'),
  category: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).optional().describe('free-text labels'),
});
export type TopicProps = z.infer<typeof TopicProps>;

/** GET /ccms/topic/{id}/references: outgoing (written in the topic) and incoming (pointing at it). */
/** A regulation clause answered by the topic or one of its elements (where used, from the compliance side). */
export const TopicClauseUse = z.object({
  linkId: z.number(),
  regulationId: z.number(),
  regulationName: z.string(),
  regulationRevision: z.string(),
  clauseId: z.number(),
  clauseNumber: z.string(),
  clauseTitle: z.string(),
  elementId: z.string().describe('the element answering the clause; empty for the whole topic'),
  means: z.string(),
  flagged: z.boolean(),
});
export type TopicClauseUse = z.infer<typeof TopicClauseUse>;

export const TopicReferences = IndexedAt.extend({
  outgoing: z.array(LinkRow),
  incoming: z.array(LinkRow),
  clauses: z.array(TopicClauseUse).describe('regulation clauses (of regulations the caller may read) linked to the topic'),
});
export type TopicReferences = z.infer<typeof TopicReferences>;

/** GET /ccms/topic/{id}/history: the file's git log at the indexed commit. */
export const TopicHistoryQuery = z.object({ limit: qInt.min(1).max(200).default(50) });
export const TopicHistory = IndexedAt.extend({ path: z.string(), commits: z.array(CommitRow) });
export type TopicHistory = z.infer<typeof TopicHistory>;

/** GET /ccms/topic/{id}/version?commit=: the file as it was at a commit. */
export const TopicVersionQuery = z.object({
  commit: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{4,40}$/i, { message: 'field.invalidFormat' })
    .describe('git commit id (full or short)'),
});

/** GET /ccms/topic/{id}/diff?from=&to=: two versions side by side (TextDiff of ./catalog); `to` defaults to the indexed commit. */
export const TopicDiffQuery = z.object({
  from: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{4,40}$/i, { message: 'field.invalidFormat' })
    .describe('older git commit id'),
  to: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{4,40}$/i, { message: 'field.invalidFormat' })
    .optional()
    .describe('newer git commit id'),
});

const tag = 'content/topic';

/** The topics API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TopicApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/topic/list',
    access: { permission: TopicPerm.list },
    summary: 'List topics by page',
    tag,
    query: TopicQuery,
    response: catalogRowsOf(TopicRow),
  }),
  byPath: endpoint({
    method: 'GET',
    url: '/ccms/topic/byPath',
    access: { permission: TopicPerm.query },
    summary: 'Get a topic by its library and file path',
    tag,
    query: TopicByPathQuery,
    response: okOf(TopicDetail),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/topic/:id',
    access: { permission: TopicPerm.query },
    summary: "Get a topic's properties",
    tag,
    params: IdParam,
    response: okOf(TopicDetail),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/topic',
    access: { permission: TopicPerm.edit },
    summary: "Update a topic's properties",
    tag,
    body: TopicProps,
    response: OkEmpty,
  }),
  setStatus: endpoint({
    method: 'PUT',
    url: '/ccms/topic/:id/status',
    access: { permission: TopicPerm.edit },
    summary: "Change a topic's status",
    tag,
    params: IdParam,
    body: TopicStatusBody,
    response: okOf(StatusChange),
  }),
  references: endpoint({
    method: 'GET',
    url: '/ccms/topic/:id/references',
    access: { permission: TopicPerm.query },
    summary: 'List what a topic references and what references it',
    tag,
    params: IdParam,
    response: okOf(TopicReferences),
  }),
  history: endpoint({
    method: 'GET',
    url: '/ccms/topic/:id/history',
    access: { permission: TopicPerm.query },
    summary: "List a topic's commit history by page",
    tag,
    params: IdParam,
    query: TopicHistoryQuery,
    response: okOf(TopicHistory),
  }),
  version: endpoint({
    method: 'GET',
    url: '/ccms/topic/:id/version',
    access: { permission: TopicPerm.query },
    summary: "Get a topic's content at one commit",
    tag,
    params: IdParam,
    query: TopicVersionQuery,
    response: okOf(FileVersion),
  }),
  diff: endpoint({
    method: 'GET',
    url: '/ccms/topic/:id/diff',
    access: { permission: TopicPerm.query },
    summary: 'Compare a topic between two commits',
    tag,
    params: IdParam,
    query: TopicDiffQuery,
    response: okOf(TextDiff),
  }),
};
