import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The content catalogue. Index tables mirror what git holds at one commit of a library branch
 * (rebuilt by the indexer); `ccms_catalog_meta`, revisions and outputs hold what git does not.
 */

const created = {
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** One per library and branch: the commit the index reflects and what the last run did. */
export const ccmsCatalogIndex = pgTable(
  'ccms_catalog_index',
  {
    indexId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    commit: varchar({ length: 40 }).notNull(),
    indexedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** full, incremental or unchanged. */
    lastMode: varchar({ length: 16 }).notNull().default('full'),
    lastDurationMs: integer().notNull().default(0),
    lastFilesRead: integer().notNull().default(0),
    documents: integer().notNull().default(0),
    topics: integer().notNull().default(0),
    images: integer().notNull().default(0),
    videos: integer().notNull().default(0),
    keys: integer().notNull().default(0),
    links: integer().notNull().default(0),
    brokenLinks: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('ccms_catalog_index_uq').on(t.libraryId, t.branch)],
);

/** A map of the branch: a document. The toc is kept as the map orders it (topic ids are joined when read). */
export const ccmsCatalogDocument = pgTable(
  'ccms_catalog_document',
  {
    documentId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    docNbr: varchar({ length: 200 }).notNull().default(''),
    name: varchar({ length: 500 }).notNull().default(''),
    revision: varchar({ length: 100 }).notNull().default(''),
    lang: varchar({ length: 20 }).notNull().default(''),
    isBookmap: boolean().notNull().default(false),
    isSubmap: boolean().notNull().default(false),
    topicCount: integer().notNull().default(0),
    brokenCount: integer().notNull().default(0),
    problems: integer().notNull().default(0),
    /** Stored toc nodes (see catalog/toc.ts): element, navtitle, href, path, broken, reason, children. */
    toc: jsonb().$type<unknown[]>().notNull().default([]),
    /** Every file the map reads (submaps, topics, conref sources), in reading order. */
    files: jsonb().$type<string[]>().notNull().default([]),
    /** Hash of what the row was written from: unchanged documents are not rewritten. */
    hash: varchar({ length: 40 }).notNull().default(''),
    /** What the library's content standard says beyond the common columns (S1000D: kind, issue type, applicability, ...). */
    facts: jsonb().$type<Record<string, string>>().notNull().default({}),
    ...created,
  },
  (t) => [
    uniqueIndex('ccms_catalog_document_uq').on(t.libraryId, t.branch, t.path),
    index('ccms_catalog_document_nbr_trgm').using('gin', t.docNbr.op('gin_trgm_ops')),
    index('ccms_catalog_document_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** A topic file of the branch, with its text for search (trigram indexed: works without word breaks). */
export const ccmsCatalogTopic = pgTable(
  'ccms_catalog_topic',
  {
    topicId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    /** @id of the root topic. */
    no: varchar({ length: 200 }).notNull().default(''),
    title: varchar({ length: 1000 }).notNull().default(''),
    code: varchar({ length: 200 }).notNull().default(''),
    revision: varchar({ length: 100 }).notNull().default(''),
    manualType: varchar({ length: 100 }).notNull().default(''),
    folder: varchar({ length: 1000 }).notNull().default(''),
    docType: varchar({ length: 64 }).notNull().default(''),
    language: varchar({ length: 20 }).notNull().default(''),
    shortdesc: text().notNull().default(''),
    /** Body text, whitespace collapsed. */
    body: text().notNull().default(''),
    /** Searchable metadata: keywords, othermeta values, index terms, path. */
    meta: text().notNull().default(''),
    /** Title, text and metadata lower-cased: what search matches (LIKE on it is several times cheaper than ILIKE). */
    search: text().notNull().default(''),
    /** Distinct pairs of adjacent CJK characters of `search` (catalog/cjk.ts): two-character Chinese words find their topics by index. */
    cjk: text().array().notNull().default([]),
    problems: integer().notNull().default(0),
    hash: varchar({ length: 40 }).notNull().default(''),
    /** What the library's content standard says beyond the common columns (S1000D: kind, issue type, applicability, ...). */
    facts: jsonb().$type<Record<string, string>>().notNull().default({}),
    ...created,
  },
  (t) => [
    uniqueIndex('ccms_catalog_topic_uq').on(t.libraryId, t.branch, t.path),
    index('ccms_catalog_topic_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('ccms_catalog_topic_search_trgm').using('gin', t.search.op('gin_trgm_ops')),
    index('ccms_catalog_topic_cjk_idx').using('gin', t.cjk),
  ],
);

/** Images and videos of the branch. */
export const ccmsCatalogResource = pgTable(
  'ccms_catalog_resource',
  {
    resourceId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    /** image or video. */
    type: varchar({ length: 8 }).notNull(),
    size: integer().notNull().default(0),
    contentType: varchar({ length: 100 }).notNull().default(''),
    /** Git blob id: a changed file gets a new one. */
    oid: varchar({ length: 40 }).notNull().default(''),
    ...created,
  },
  (t) => [uniqueIndex('ccms_catalog_resource_uq').on(t.libraryId, t.branch, t.path)],
);

/** Keys defined by the maps of the branch. */
export const ccmsCatalogKey = pgTable(
  'ccms_catalog_key',
  {
    keyId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    mapPath: varchar({ length: 1000 }).notNull(),
    key: varchar({ length: 300 }).notNull(),
    targetPath: varchar({ length: 1000 }),
    scope: varchar({ length: 16 }).notNull().default('local'),
    processingRole: varchar({ length: 16 }).notNull().default('normal'),
    text: varchar({ length: 1000 }).notNull().default(''),
  },
  (t) => [index('ccms_catalog_key_idx').on(t.libraryId, t.branch, t.key), index('ccms_catalog_key_map_idx').on(t.libraryId, t.branch, t.mapPath)],
);

/** One edge of the link graph: where it is written and what it points at. */
export const ccmsCatalogLink = pgTable(
  'ccms_catalog_link',
  {
    linkId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    sourcePath: varchar({ length: 1000 }).notNull(),
    line: integer().notNull(),
    col: integer().notNull(),
    kind: varchar({ length: 16 }).notNull(),
    value: varchar({ length: 2000 }).notNull(),
    key: varchar({ length: 300 }),
    targetPath: varchar({ length: 1000 }),
    targetFragment: varchar({ length: 500 }),
    /** resolved, broken or external. */
    status: varchar({ length: 10 }).notNull(),
    resolved: boolean().notNull(),
    reason: varchar({ length: 1000 }).notNull().default(''),
  },
  (t) => [
    index('ccms_catalog_link_source_idx').on(t.libraryId, t.branch, t.sourcePath),
    index('ccms_catalog_link_target_idx').on(t.libraryId, t.branch, t.targetPath),
    index('ccms_catalog_link_status_idx').on(t.libraryId, t.branch, t.status),
  ],
);

/**
 * Located problems of the branch's files found by indexing (S1000D: references, BREX, schema), in
 * both languages: the library's problems list. Replaced per file by each run.
 */
export const ccmsCatalogProblem = pgTable(
  'ccms_catalog_problem',
  {
    problemId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    line: integer().notNull().default(0),
    col: integer().notNull().default(0),
    /** error, warning or info. */
    severity: varchar({ length: 10 }).notNull(),
    /** Stable code, e.g. ref-broken, brex, xsd. */
    code: varchar({ length: 64 }).notNull(),
    /** Where in the file, when the checker names it (BREX: the element's XPath). */
    xpath: varchar({ length: 1000 }).notNull().default(''),
    messageZh: text().notNull(),
    messageEn: text().notNull(),
  },
  (t) => [
    index('ccms_catalog_problem_path_idx').on(t.libraryId, t.branch, t.path),
    index('ccms_catalog_problem_sev_idx').on(t.libraryId, t.branch, t.severity),
  ],
);

/** What git does not hold, by library, branch and path: survives reindexing. */
export const ccmsCatalogMeta = pgTable(
  'ccms_catalog_meta',
  {
    metaId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('draft'),
    owner: varchar({ length: 64 }).notNull().default(''),
    percentage: integer().notNull().default(0),
    approval: varchar({ length: 100 }).notNull().default(''),
    category: varchar({ length: 100 }).notNull().default(''),
    department: varchar({ length: 100 }).notNull().default(''),
    manualStatus: varchar({ length: 100 }).notNull().default(''),
    tags: jsonb().$type<string[]>().notNull().default([]),
    createBy: varchar({ length: 64 }).notNull().default(''),
    updateBy: varchar({ length: 64 }).notNull().default(''),
    ...created,
  },
  (t) => [uniqueIndex('ccms_catalog_meta_uq').on(t.libraryId, t.branch, t.path), index('ccms_catalog_meta_owner_idx').on(t.libraryId, t.branch, t.owner)],
);

/** A named revision of a document: the commit it stands for, kept as a git tag on the remote. */
export const ccmsDocumentRevision = pgTable(
  'ccms_document_revision',
  {
    revisionId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    /** Map path of the document. */
    path: varchar({ length: 1000 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    commit: varchar({ length: 40 }).notNull(),
    tagName: varchar({ length: 300 }).notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_document_revision_uq').on(t.libraryId, t.path, t.name)],
);

/** An S1000D library's issue rules (issue 31): whether Issue waits for the review workflow's approval. */
export const ccmsS1000dSetting = pgTable('ccms_s1000d_setting', {
  libraryId: integer().primaryKey(),
  issueNeedsApproval: boolean().notNull().default(false),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  ...created,
});
