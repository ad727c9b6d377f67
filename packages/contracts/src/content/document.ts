import { MAP_NAME_PATTERN } from '@ccms/dita/files';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf, PageQuery, qInt } from '../http';
import { CatalogScope, catalogRowsOf, IndexedAt, LinkRow, ReindexResult } from './catalog';
import { BranchName, LibraryLevel } from './library';
import { StandardFacts } from './standard';
import { DocumentStatus, DocumentStatusBody, StatusChange, TocNodeStatusBody } from './status';

/** Permission strings of the document screens (seeded menu 2104, buttons 3060-3066). */
export const DocumentPerm = {
  list: 'ccms:document:list',
  query: 'ccms:document:query',
  add: 'ccms:document:add',
  edit: 'ccms:document:edit',
  remove: 'ccms:document:remove',
  import: 'ccms:document:import',
  export: 'ccms:document:export',
  publish: 'ccms:document:publish',
} as const;

/** GET /ccms/document/list: search by number, name, status, owner, language. */
export const DocumentQuery = PageQuery.extend(CatalogScope.shape).extend({
  docNbr: z.string().trim().max(100).optional().describe('part of the document number'),
  name: z.string().trim().max(200).optional().describe('part of the name (map title) or path'),
  status: DocumentStatus.optional(),
  owner: z.string().trim().max(64).optional().describe('owner user name, exact'),
  lang: z.string().trim().max(20).optional().describe('xml:lang of the map, exact (e.g. en-US, zh-CN)'),
  rootOnly: z.enum(['true', 'false']).optional().describe('true: leave out maps that other maps include (submaps, key maps)'),
});
export type DocumentQuery = z.infer<typeof DocumentQuery>;

/**
 * A document: one map of the branch. What git holds (path, docNbr, name, revision, lang) comes
 * from the index; the rest (status, owner, ...) is kept in the database by library, branch and path.
 */
export const DocumentRow = z.object({
  documentId: z.number(),
  libraryId: z.number(),
  branch: z.string(),
  path: z.string().describe('map path in the library'),
  docNbr: z.string().describe('othermeta docNbr, bookmeta book number or part number; else the map file name'),
  name: z.string().describe('map title'),
  revision: z.string().describe('the newest named revision; else othermeta revision / bookmeta edition'),
  lang: z.string(),
  isBookmap: z.boolean(),
  /** True when another map includes this one (a submap or a key map). */
  isSubmap: z.boolean(),
  topicCount: z.number(),
  brokenCount: z.number().describe('broken references in the files the map reads'),
  facts: StandardFacts,
  status: DocumentStatus,
  owner: z.string(),
  percentage: z.number(),
  approval: z.string(),
  category: z.string(),
  department: z.string(),
  manualStatus: z.string(),
  tags: z.array(z.string()),
  createTime: DateTime,
  updateTime: DateTime,
});
export type DocumentRow = z.infer<typeof DocumentRow>;

/** GET /ccms/document/{id}: the row, the index it comes from, and what the caller may do. */
export const DocumentDetail = DocumentRow.extend(IndexedAt.shape).extend({
  problems: z.number().describe('problems the DITA engine reported on this map'),
  nextStatuses: z.array(DocumentStatus).describe('targets the set-status dialog may offer'),
  myLevel: LibraryLevel.nullable(),
  canWrite: z.boolean().describe('the caller may change status, properties, revisions'),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** Text key the web shows on a broken toc node ("Error: broken link"). */
export const BROKEN_LINK_KEY = 'catalog.brokenLink';

/**
 * A node of the structure tab, in map order. `nodeId` is the node's position ("0", "0.2.1"),
 * stable for one commit. A node pointing at a missing file or undefined key has `broken` true
 * and `errorKey` "catalog.brokenLink".
 */
export const TocNode: z.ZodType<TocNode> = z.lazy(() =>
  z.object({
    nodeId: z.string(),
    element: z.string().describe('topicref, chapter, topichead, mapref, ...'),
    title: z.string().describe('navtitle, else the topic title, else the href'),
    href: z.string().nullable().describe('target as written (href or keyref)'),
    path: z.string().nullable().describe('library path of the target file'),
    hasContent: z.boolean().describe('the node points at an existing topic'),
    topicId: z.number().nullable(),
    topicCode: z.string(),
    topicRevision: z.string(),
    topicStatus: z.string().nullable(),
    broken: z.boolean(),
    errorKey: z.string().nullable(),
    reason: z.string().describe('why a node is broken, from the DITA engine'),
    children: z.array(TocNode),
  }),
);
export interface TocNode {
  nodeId: string;
  element: string;
  title: string;
  href: string | null;
  path: string | null;
  hasContent: boolean;
  topicId: number | null;
  topicCode: string;
  topicRevision: string;
  topicStatus: string | null;
  broken: boolean;
  errorKey: string | null;
  reason: string;
  children: TocNode[];
}

/** GET /ccms/document/{id}/toc */
export const DocumentToc = IndexedAt.extend({ documentId: z.number(), path: z.string(), title: z.string(), nodes: z.array(TocNode) });
export type DocumentToc = z.infer<typeof DocumentToc>;

/** PUT /ccms/document: the database-only properties (what git does not hold). Absent fields stay. */
export const DocumentProps = z.object({
  documentId: z.number().int().positive().describe('id of a document (GET /ccms/document/list)'),
  owner: z.string().trim().max(64).optional().describe('user name of the owner; must exist'),
  percentage: z.number().int().min(0).max(100).optional().describe('percent done, 0-100'),
  approval: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  department: z.string().trim().max(100).optional(),
  manualStatus: z.string().trim().max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).optional().describe('free-text labels'),
});
export type DocumentProps = z.infer<typeof DocumentProps>;

/** One thing a document uses (a file it reads) or one place that uses it. */
export const Connection = z.object({
  type: z.enum(['topic', 'map', 'image', 'video', 'other']),
  path: z.string(),
  title: z.string(),
  topicId: z.number().nullable(),
  documentId: z.number().nullable(),
  /** How: the reference kinds linking the two (topicref, mapref, conref, xref, image, ...). */
  kinds: z.array(z.string()),
  broken: z.boolean(),
});
export type Connection = z.infer<typeof Connection>;

/** GET /ccms/document/{id}/connections: what the document uses and what uses it. */
export const DocumentConnections = IndexedAt.extend({
  uses: z.array(Connection).describe('files the map reads (submaps, topics, conref sources, images), in reading order'),
  usedBy: z.array(Connection).describe('maps and topics that reference this map'),
  links: z.array(LinkRow).describe('references written in the map file itself'),
});
export type DocumentConnections = z.infer<typeof DocumentConnections>;

export const OUTPUT_STATUSES = ['notStarted', 'running', 'success', 'fail', 'canceled'] as const;

/** GET /ccms/document/{id}/outputs (list only for now). */
export const DocumentOutput = z.object({
  outputId: z.number(),
  format: z.string(),
  status: z.enum(OUTPUT_STATUSES),
  createBy: z.string(),
  createTime: DateTime,
});
export type DocumentOutput = z.infer<typeof DocumentOutput>;

/**
 * POST /ccms/document/import (multipart): these text fields first, then exactly one zip file
 * (field "file"). Checked before anything is written: one .zip, no entry escaping the target
 * folder, `rootMap` inside the zip and a parseable map. One commit, then indexed.
 */
export const ImportFields = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  path: z.string().max(1000).default('').describe('target folder in the library ("" = root)'),
  rootMap: z.string().trim().min(1).max(1000).describe('path of the root map inside the zip'),
  message: z.string().trim().max(2000).optional().describe('commit message; a default names the zip'),
});
export type ImportFields = z.infer<typeof ImportFields>;

/** POST /ccms/document/import/inspect (multipart, one zip): the maps a root can be chosen from. Writes nothing. */
export const ImportInspect = z.object({ files: z.number(), maps: z.array(z.string()) });
export type ImportInspect = z.infer<typeof ImportInspect>;

export const ImportResult = z.object({
  commit: z.string(),
  branch: z.string(),
  documentId: z.number().describe('the imported root map'),
  mapPath: z.string(),
  paths: z.array(z.string()).describe('files written'),
  index: ReindexResult,
});
export type ImportResult = z.infer<typeof ImportResult>;

/**
 * POST /ccms/document/fastCreate: an indented outline becomes a new map, one commit.
 * Outline: one node per line; leading tabs set the level (0 = top, at most one deeper than the
 * line above); a line is `title` or `title | topic`, where topic is an existing topic id or
 * library path. A node without a topic gets a new topic (minimal DITA topic with that title)
 * under `topicFolder`.
 */
export const FastCreateBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  title: z.string().trim().min(1).max(200).describe('map title'),
  path: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .regex(MAP_NAME_PATTERN, { message: 'field.invalidFormat' })
    .describe('library path of the new map, e.g. manuals/guide.ditamap'),
  topicFolder: z.string().trim().max(1000).optional().describe('folder for new topics; default: <map folder>/topics'),
  templateId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('topic template new topics are made from (GET /ccms/template/optionselect?kind=topic); a minimal topic when absent'),
  outline: z.string().min(1).max(200_000),
  message: z.string().trim().max(2000).optional(),
});
export type FastCreateBody = z.infer<typeof FastCreateBody>;

export const FastCreateResult = z.object({
  commit: z.string(),
  branch: z.string(),
  documentId: z.number(),
  mapPath: z.string(),
  createdTopics: z.array(z.string()).describe('paths of the topics made from the template'),
  index: ReindexResult,
});
export type FastCreateResult = z.infer<typeof FastCreateResult>;

/** GET /ccms/document/{id}/toc and the other detail tabs take the id only; the index is the document's. */
export const DocumentIdParam = z.object({ id: z.coerce.number().int().positive() });

/** GET /ccms/document/{id}/revisions, outputs: simple paging. */
export const DocumentPageQuery = PageQuery.pick({ pageNum: true, pageSize: true });

const tag = 'content/document';

/** The documents API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DocumentApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/document/list',
    access: { permission: DocumentPerm.list },
    summary: 'List documents (DITA maps) by page',
    tag,
    query: DocumentQuery,
    response: catalogRowsOf(DocumentRow),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/document/:id',
    access: { permission: DocumentPerm.query },
    summary: "Get a document's properties",
    tag,
    params: DocumentIdParam,
    response: okOf(DocumentDetail),
  }),
  toc: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/toc',
    access: { permission: DocumentPerm.query },
    summary: "Get a document's table of contents",
    tag,
    params: DocumentIdParam,
    response: okOf(DocumentToc),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/document',
    access: { permission: DocumentPerm.edit },
    summary: "Update a document's properties",
    tag,
    body: DocumentProps,
    response: OkEmpty,
  }),
  setStatus: endpoint({
    method: 'PUT',
    url: '/ccms/document/:id/status',
    access: { permission: DocumentPerm.edit },
    summary: "Change a document's status",
    tag,
    params: DocumentIdParam,
    body: DocumentStatusBody,
    response: okOf(StatusChange),
  }),
  setNodeStatus: endpoint({
    method: 'PUT',
    url: '/ccms/document/:id/node/status',
    access: { permission: DocumentPerm.edit },
    summary: "Change the status of one node in a document's table of contents",
    tag,
    params: DocumentIdParam,
    body: TocNodeStatusBody,
    response: okOf(StatusChange),
  }),
  connections: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/connections',
    access: { permission: DocumentPerm.query },
    summary: 'List the files a document uses and the maps and topics that use it',
    tag,
    params: DocumentIdParam,
    response: okOf(DocumentConnections),
  }),
  outputs: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/outputs',
    access: { permission: DocumentPerm.query },
    summary: "List a document's published outputs by page",
    tag,
    params: DocumentIdParam,
    query: DocumentPageQuery,
    response: catalogRowsOf(DocumentOutput),
  }),
  import: endpoint({
    method: 'POST',
    url: '/ccms/document/import',
    access: { permission: DocumentPerm.import },
    summary: 'Import a document package (multipart) into a library',
    tag,
    response: okOf(ImportResult),
  }),
  inspect: endpoint({
    method: 'POST',
    url: '/ccms/document/import/inspect',
    access: { permission: DocumentPerm.import },
    summary: 'Inspect a document package (multipart) before importing it',
    tag,
    response: okOf(ImportInspect),
  }),
  fastCreate: endpoint({
    method: 'POST',
    url: '/ccms/document/fastCreate',
    access: { permission: DocumentPerm.add },
    summary: 'Create a document with its map file in one step',
    tag,
    body: FastCreateBody,
    response: okOf(FastCreateResult),
  }),
};
