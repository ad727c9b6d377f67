import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The publish area: publications (a map of a library branch with its filter), the outputs each
 * publish produces (listed on the document's Output tab, read by the document-center viewer and
 * delivered by deliverables), and the publish log that outlives deleted outputs.
 */

const at = () => timestamp({ withTimezone: true, mode: 'date' });

const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: at().notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: at(),
};

/** A map of a library branch with the filter it publishes with (spec: name, branch, ditaMap, ditaVal). */
export const ccmsPublication = pgTable(
  'ccms_publication',
  {
    publicationId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    name: varchar({ length: 100 }).notNull(),
    branch: varchar({ length: 200 }).notNull(),
    /** Path of the root map in the library. */
    ditaMap: varchar({ length: 1000 }).notNull(),
    /** A .ditaval file of the library, or the name of one of the library's filter groups. */
    ditaVal: varchar({ length: 1000 }).notNull(),
    ...audit,
  },
  (t) => [index('ccms_publication_library_idx').on(t.libraryId)],
);

/** Counts of a publish's problems by severity. */
export interface ProblemCounts {
  error: number;
  warning: number;
  info: number;
}

/** One problem of a publish with its location in the library (kept for the problems list). */
export interface OutputProblem {
  severity: string;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

/**
 * One output of a map with one publish config: a publish fills it (status notStarted, running,
 * success, fail or canceled) and keeps the files under <data>/publish/<outputId>. Listed on the
 * document's Output tab (library, branch, path).
 */
export const ccmsDocumentOutput = pgTable(
  'ccms_document_output',
  {
    outputId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    /** The root map's path. */
    path: varchar({ length: 1000 }).notNull(),
    format: varchar({ length: 32 }).notNull(),
    /** notStarted, running, success, fail or canceled. */
    status: varchar({ length: 16 }).notNull().default('notStarted'),
    /** The publication it was published for; null when published from the document itself. */
    publicationId: integer(),
    /** The library publish config it used (its name and settings are copied, the config may change later). */
    configId: integer(),
    configName: varchar({ length: 100 }).notNull().default(''),
    lang: varchar({ length: 16 }).notNull().default(''),
    /** local, preview, public, archive or path: "public" outputs are readable by every signed-in user. */
    publishPath: varchar({ length: 16 }).notNull().default('local'),
    /** The DITAVAL file or filter group applied. */
    filter: varchar({ length: 1000 }).notNull().default(''),
    readerUserIds: jsonb().$type<number[]>().notNull().default([]),
    readerRoleIds: jsonb().$type<number[]>().notNull().default([]),
    /** Copied from the config: only the readers and the library's owners read it. */
    readersOnly: boolean().notNull().default(false),
    /** The commit published (known once the job checked the branch out). */
    commit: varchar({ length: 64 }).notNull().default(''),
    /** Live progress: the engine's phase and its done/total counts. */
    phase: varchar({ length: 32 }).notNull().default(''),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    pages: integer().notNull().default(0),
    problemCounts: jsonb().$type<ProblemCounts>().notNull().default({ error: 0, warning: 0, info: 0 }),
    /** The first problems (at most a few hundred), with their locations. */
    problems: jsonb().$type<OutputProblem[]>().notNull().default([]),
    /** Why a publish failed when the engine did not say (checkout, cancel, crash). */
    message: varchar({ length: 1000 }).notNull().default(''),
    /** Bytes of the output files. */
    size: bigint({ mode: 'number' }).notNull().default(0),
    durationMs: integer().notNull().default(0),
    engineVersion: varchar({ length: 32 }).notNull().default(''),
    /** Output folder relative to the data directory; the entry file (index.html or the PDF) relative to it. */
    outputDir: varchar({ length: 500 }).notNull().default(''),
    entryFile: varchar({ length: 500 }).notNull().default(''),
    /** Whether it reused the previous output of the same publication and config (incremental build). */
    incremental: varchar({ length: 1 }).notNull().default('0'),
    startTime: at(),
    endTime: at(),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: at().notNull().defaultNow(),
  },
  (t) => [
    index('ccms_document_output_doc_idx').on(t.libraryId, t.branch, t.path),
    index('ccms_document_output_publication_idx').on(t.publicationId, t.configId),
  ],
);

/** Every publish, kept after its output is deleted (System → Logs → Publish log). */
export const ccmsPublishLog = pgTable(
  'ccms_publish_log',
  {
    logId: integer().primaryKey().generatedByDefaultAsIdentity(),
    outputId: integer().notNull(),
    publicationId: integer(),
    publicationName: varchar({ length: 100 }).notNull().default(''),
    libraryId: integer().notNull(),
    libraryName: varchar({ length: 100 }).notNull().default(''),
    branch: varchar({ length: 200 }).notNull(),
    ditaMap: varchar({ length: 1000 }).notNull(),
    configName: varchar({ length: 100 }).notNull().default(''),
    format: varchar({ length: 32 }).notNull(),
    commit: varchar({ length: 64 }).notNull().default(''),
    /** running, success, fail or canceled. */
    status: varchar({ length: 16 }).notNull(),
    errorCount: integer().notNull().default(0),
    warningCount: integer().notNull().default(0),
    durationMs: integer().notNull().default(0),
    operName: varchar({ length: 64 }).notNull().default(''),
    startTime: at().notNull().defaultNow(),
    endTime: at(),
  },
  (t) => [index('ccms_publish_log_time_idx').on(t.startTime), index('ccms_publish_log_output_idx').on(t.outputId)],
);
