import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf, PageQuery, qInt } from '../http';
import { BranchName, LibraryLevel } from './library';

/**
 * The content catalogue: what the server indexed from a library's git branch (documents = maps,
 * topics, images, videos, keys, the link graph). Every list and detail answer names the commit
 * the index reflects, so a screen can show it and tell when it is behind.
 */
export const CatalogPerm = {
  /** Reading the index state and its lists (broken links, keys, resources) follows the document list right. */
  query: 'ccms:document:list',
  /** Reindexing on demand changes nothing in git; it is allowed to whoever may edit documents. */
  reindex: 'ccms:document:edit',
} as const;

/** Which index: a library and a branch (the library's default branch when absent). */
export const CatalogScope = z.object({
  libraryId: qInt.positive().describe('library id'),
  branch: BranchName.optional().describe("branch name; the library's default branch when absent"),
});
export type CatalogScope = z.infer<typeof CatalogScope>;

/** Where an answer comes from: every catalogue list and detail carries it. */
export const IndexedAt = z.object({
  libraryId: z.number(),
  branch: z.string(),
  commit: z.string().describe('the commit the index reflects'),
  indexedAt: DateTime.describe('when that commit was indexed'),
});
export type IndexedAt = z.infer<typeof IndexedAt>;

/** A paged catalogue list: the usual rows/total plus the index it was read from. */
export const catalogRowsOf = <T extends z.ZodType>(row: T) =>
  z.object({
    code: z.number(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number(),
    libraryId: z.number(),
    branch: z.string(),
    commit: z.string(),
    indexedAt: DateTime,
  });

export const INDEX_MODES = ['full', 'incremental', 'unchanged'] as const;

/** GET /ccms/catalog/state: the index of a branch and whether the branch moved since. */
export const CatalogState = IndexedAt.extend({
  /** The branch head in the server's clone now (after a fetch when the clone was old). */
  headCommit: z.string(),
  upToDate: z.boolean().describe('commit === headCommit'),
  documents: z.number(),
  topics: z.number(),
  images: z.number(),
  videos: z.number(),
  keys: z.number(),
  links: z.number(),
  brokenLinks: z.number(),
  /** How long the last (re)index took and how many files it read from git. */
  lastMode: z.enum(INDEX_MODES),
  lastDurationMs: z.number(),
  lastFilesRead: z.number(),
  /** The caller's level on the library (the web hides write actions below "write"). */
  myLevel: LibraryLevel.nullable(),
});
export type CatalogState = z.infer<typeof CatalogState>;

export const ReindexQuery = CatalogScope.extend({
  full: z.enum(['true', 'false']).optional().describe('true: read every file again instead of the changed ones'),
});
export type ReindexQuery = z.infer<typeof ReindexQuery>;

/** POST /ccms/catalog/reindex: what one (re)index did. */
export const ReindexResult = z.object({
  libraryId: z.number(),
  branch: z.string(),
  commit: z.string(),
  previousCommit: z.string().nullable().describe('the commit indexed before; null for a first index'),
  mode: z.enum(INDEX_MODES),
  /** Files read from git for this run (at most 1,000 listed; filesReadCount has them all). */
  filesRead: z.array(z.string()),
  filesReadCount: z.number(),
  documentsUpdated: z.number(),
  topicsUpdated: z.number(),
  removed: z.number().describe('documents, topics and resources no longer in the branch'),
  durationMs: z.number(),
});
export type ReindexResult = z.infer<typeof ReindexResult>;

/** DITA's reference kinds, then S1000D's (by code: data module, publication module, ICN, common information repository item, DML, comment). */
export const REFERENCE_KINDS = [
  'topicref',
  'mapref',
  'xref',
  'link',
  'conref',
  'conkeyref',
  'keyref',
  'image',
  'object',
  'coderef',
  'related',
  'dmRef',
  'pmRef',
  'icn',
  'cirRef',
  'dmlRef',
  'commentRef',
  'duRef',
] as const;
export const REFERENCE_STATUSES = ['resolved', 'broken', 'external'] as const;

/**
 * One edge of the link graph: where it is written (sourcePath:line:col, 1-based) and what it
 * points at. Ids are set when the source or target is an indexed topic or document, so the
 * web can open it; `reason` explains a broken one.
 */
export const LinkRow = z.object({
  linkId: z.number(),
  kind: z.enum(REFERENCE_KINDS),
  sourcePath: z.string(),
  line: z.number(),
  col: z.number(),
  value: z.string().describe('the href, key or conref as written'),
  key: z.string().nullable(),
  targetPath: z.string().nullable().describe('library path of the target file (null for an undefined key)'),
  targetFragment: z.string().nullable(),
  status: z.enum(REFERENCE_STATUSES),
  reason: z.string(),
  sourceTopicId: z.number().nullable(),
  sourceDocumentId: z.number().nullable(),
  targetTopicId: z.number().nullable(),
  targetDocumentId: z.number().nullable(),
});
export type LinkRow = z.infer<typeof LinkRow>;

/** GET /ccms/catalog/broken: every broken reference of a branch, by source path and line. */
export const BrokenQuery = CatalogScope.extend(PageQuery.pick({ pageNum: true, pageSize: true }).shape).extend({
  path: z.string().max(1000).optional().describe('only references written in this file'),
});
export type BrokenQuery = z.infer<typeof BrokenQuery>;

export const PROBLEM_SEVERITIES = ['error', 'warning', 'info'] as const;

/** GET /ccms/catalog/problems: the located problems indexing found in a branch (S1000D: references, schema, BREX). */
export const ProblemQuery = CatalogScope.extend(PageQuery.pick({ pageNum: true, pageSize: true }).shape).extend({
  path: z.string().max(1000).optional().describe('only problems of this file'),
  severity: z.enum(PROBLEM_SEVERITIES).optional(),
  code: z.string().trim().max(64).optional().describe('only problems with this code, e.g. brex-rule'),
});
export type ProblemQuery = z.infer<typeof ProblemQuery>;

export const ProblemRow = z.object({
  problemId: z.number(),
  path: z.string().describe('the file; empty for a problem of the whole library (e.g. no schema package installed for an issue)'),
  line: z.number().describe('1-based; 0 when the problem has no place'),
  col: z.number(),
  severity: z.enum(PROBLEM_SEVERITIES),
  code: z.string(),
  xpath: z.string().describe('where in the file, as the checker names it (BREX: /dmodule[1]/...)'),
  message: z.string().describe("in the caller's language"),
  topicId: z.number().nullable().describe('the indexed topic (data module) the file is'),
  documentId: z.number().nullable().describe('the indexed document (publication module) the file is'),
});
export type ProblemRow = z.infer<typeof ProblemRow>;

/** GET /ccms/catalog/keys: keys defined by the maps of a branch. */
export const KeyQuery = CatalogScope.extend(PageQuery.pick({ pageNum: true, pageSize: true }).shape).extend({
  key: z.string().max(200).optional().describe('part of the key name'),
});
export type KeyQuery = z.infer<typeof KeyQuery>;

export const KeyRow = z.object({
  key: z.string(),
  mapPath: z.string().describe('map that defines it'),
  targetPath: z.string().nullable(),
  scope: z.string().describe('local, peer or external'),
  processingRole: z.string(),
  text: z.string().describe('variable text of a text-only key (keyword/linktext/navtitle)'),
});
export type KeyRow = z.infer<typeof KeyRow>;

/** Images and videos; `list`: an S1000D DML, DDN, comment or update file (listed, not shown). */
export const RESOURCE_TYPES = ['image', 'video', 'list'] as const;

/** GET /ccms/catalog/resources: images and videos of a branch, with how often they are referenced. */
export const ResourceQuery = CatalogScope.extend(PageQuery.pick({ pageNum: true, pageSize: true }).shape).extend({
  type: z.enum(RESOURCE_TYPES).optional(),
  name: z.string().max(200).optional().describe('part of the path'),
});
export type ResourceQuery = z.infer<typeof ResourceQuery>;

export const ResourceRow = z.object({
  resourceId: z.number(),
  type: z.enum(RESOURCE_TYPES),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  refs: z.number().describe('references to it in the branch'),
  updateTime: DateTime,
});
export type ResourceRow = z.infer<typeof ResourceRow>;

/** A file version named by a commit. */
export const VersionRef = z.object({ commit: z.string(), label: z.string().describe('revision name or short commit') });

/**
 * A side-by-side diff: rows pair a left (old) and right (new) line; `same` rows have both,
 * `removed` only left, `added` only right, `changed` both with different text.
 */
export const DiffRow = z.object({
  type: z.enum(['same', 'changed', 'added', 'removed']),
  left: z.object({ no: z.number(), text: z.string() }).nullable(),
  right: z.object({ no: z.number(), text: z.string() }).nullable(),
});
export type DiffRow = z.infer<typeof DiffRow>;

export const TextDiff = z.object({
  path: z.string(),
  from: VersionRef,
  to: VersionRef,
  /** False when the file is the same in both versions. */
  changed: z.boolean(),
  added: z.number(),
  removed: z.number(),
  rows: z.array(DiffRow),
});
export type TextDiff = z.infer<typeof TextDiff>;

/** One file's text at a commit (a topic version). */
export const FileVersion = z.object({ path: z.string(), commit: z.string(), content: z.string(), exists: z.boolean() });
export type FileVersion = z.infer<typeof FileVersion>;

const tag = 'content/catalog';

/** The catalogue API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const CatalogApi = {
  state: endpoint({
    method: 'GET',
    url: '/ccms/catalog/state',
    access: { permission: CatalogPerm.query },
    summary: 'Show the catalogue index state of a library branch',
    tag,
    query: CatalogScope,
    response: okOf(CatalogState),
  }),
  reindex: endpoint({
    method: 'POST',
    url: '/ccms/catalog/reindex',
    access: { permission: CatalogPerm.reindex },
    summary: 'Rebuild the catalogue index of a library branch',
    tag,
    query: ReindexQuery,
    response: okOf(ReindexResult),
  }),
  broken: endpoint({
    method: 'GET',
    url: '/ccms/catalog/broken',
    access: { permission: CatalogPerm.query },
    summary: 'List broken references found in a library branch',
    tag,
    query: BrokenQuery,
    response: catalogRowsOf(LinkRow),
  }),
  problems: endpoint({
    method: 'GET',
    url: '/ccms/catalog/problems',
    access: { permission: CatalogPerm.query },
    summary: 'List the problems indexing found in a library branch (S1000D: references, schema, BREX), errors first',
    tag,
    query: ProblemQuery,
    response: catalogRowsOf(ProblemRow),
  }),
  keys: endpoint({
    method: 'GET',
    url: '/ccms/catalog/keys',
    access: { permission: CatalogPerm.query },
    summary: 'List the key definitions of a library branch',
    tag,
    query: KeyQuery,
    response: catalogRowsOf(KeyRow),
  }),
  resources: endpoint({
    method: 'GET',
    url: '/ccms/catalog/resources',
    access: { permission: CatalogPerm.query },
    summary: 'List the images and videos of a library branch with how often each is referenced',
    tag,
    query: ResourceQuery,
    response: catalogRowsOf(ResourceRow),
  }),
};
