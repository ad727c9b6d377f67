import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** Columns every administrable row carries (RuoYi's BaseEntity). */
const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: at().notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: at(),
};

/**
 * A requirement or a defect of a project (spec section 3, every field). People are user ids;
 * cc and participator are comma-separated user id lists as the spec stores multi-values.
 */
export const ccmsWorkItem = pgTable(
  'ccms_work_item',
  {
    workItemId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    projectId: integer().notNull(),
    /** requirement or defect. */
    workItemType: varchar({ length: 16 }).notNull(),
    title: varchar({ length: 200 }).notNull(),
    /** 1 (highest) to 4. */
    priority: integer().notNull().default(3),
    /** A state of the type's state machine (contracts work-item-states). */
    status: varchar({ length: 16 }).notNull(),
    /** 1 (blocker) to 4 (minor). */
    severity: integer().notNull().default(3),
    releaseId: integer(),
    /** The plan (iteration) the item is scheduled in. */
    iterationId: integer(),
    version: varchar({ length: 64 }).notNull().default(''),
    template: varchar({ length: 100 }).notNull().default(''),
    begin: date({ mode: 'string' }),
    due: date({ mode: 'string' }),
    completed: at(),
    inProcessTime: at(),
    resolved: at(),
    verityTime: at(),
    closed: at(),
    rejectTime: at(),
    deadline: date({ mode: 'string' }),
    /** Estimated effort in hours. */
    estimate: doublePrecision().notNull().default(0),
    /** The parent requirement of a sub-requirement ("parentDemand"). */
    parentId: integer(),
    /** 0 to 100. */
    progress: integer().notNull().default(0),
    archived: boolean().notNull().default(false),
    confidential: boolean().notNull().default(false),
    feature: varchar({ length: 200 }).notNull().default(''),
    size: varchar({ length: 32 }).notNull().default(''),
    testFocus: varchar({ length: 500 }).notNull().default(''),
    module: varchar({ length: 200 }).notNull().default(''),
    businessValue: varchar({ length: 64 }).notNull().default(''),
    versionReport: varchar({ length: 64 }).notNull().default(''),
    versionTest: varchar({ length: 64 }).notNull().default(''),
    versionFix: varchar({ length: 64 }).notNull().default(''),
    versionClose: varchar({ length: 64 }).notNull().default(''),
    baselineFind: varchar({ length: 64 }).notNull().default(''),
    baselineJoin: varchar({ length: 64 }).notNull().default(''),
    baselineTest: varchar({ length: 64 }).notNull().default(''),
    baselineClose: varchar({ length: 64 }).notNull().default(''),
    ownerId: integer(),
    /** Comma-separated user ids. */
    cc: varchar({ length: 1000 }).notNull().default(''),
    assigneeId: integer(),
    /** Comma-separated user ids. */
    participator: varchar({ length: 1000 }).notNull().default(''),
    auditorId: integer(),
    confirmerId: integer(),
    fixerId: integer(),
    closerId: integer(),
    effort: doublePrecision().notNull().default(0),
    effortCompleted: doublePrecision().notNull().default(0),
    remain: doublePrecision().notNull().default(0),
    exceed: doublePrecision().notNull().default(0),
    createdFrom: varchar({ length: 100 }).notNull().default(''),
    os: varchar({ length: 64 }).notNull().default(''),
    platform: varchar({ length: 64 }).notNull().default(''),
    source: varchar({ length: 64 }).notNull().default(''),
    frequency: varchar({ length: 64 }).notNull().default(''),
    originphase: varchar({ length: 64 }).notNull().default(''),
    sourcephase: varchar({ length: 64 }).notNull().default(''),
    /** A defect's resolution (fixed, bydesign, duplicate, ...), set by resolve. */
    resolution: varchar({ length: 16 }).notNull().default(''),
    /** Why it was closed (done, cancel, duplicate, ..., or reject). */
    closeReason: varchar({ length: 16 }).notNull().default(''),
    /** How often a defect was reactivated. */
    reactivateCount: integer().notNull().default(0),
    description: text().notNull().default(''),
    /** Who raised it, as an id for "assigned back to the creator" and dashboards. */
    createUserId: integer(),
    /** Optimistic concurrency: a save with a stale version is refused (409). */
    rowVersion: integer().notNull().default(1),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [
    index('ccms_work_item_project_idx').on(t.projectId, t.workItemType, t.status),
    index('ccms_work_item_project_time_idx').on(t.projectId, t.createTime),
    index('ccms_work_item_assignee_idx').on(t.assigneeId, t.status),
    index('ccms_work_item_parent_idx').on(t.parentId),
    index('ccms_work_item_create_time_idx').on(t.createTime),
    index('ccms_work_item_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The condition query's usual narrowing (project, status in, priority range) over live rows
    // only: a bitmap of the few candidates instead of visiting every row of the project.
    index('ccms_work_item_live_project_status_priority_idx').on(t.projectId, t.status, t.priority).where(sql`del_flag = '0'`),
  ],
);

/** One row per changed field of a work item, written in the transaction of the change. */
export const ccmsWorkItemHistory = pgTable(
  'ccms_work_item_history',
  {
    historyId: integer().primaryKey().generatedByDefaultAsIdentity(),
    workItemId: integer().notNull(),
    /** 1, 2, 3 ... per work item ("index"). */
    seq: integer().notNull(),
    changeTime: at().notNull().defaultNow(),
    changeBy: varchar({ length: 64 }).notNull().default(''),
    /** create, edit, a transition action, comment, attachment, delete. */
    changeType: varchar({ length: 32 }).notNull(),
    changeField: varchar({ length: 64 }).notNull().default(''),
    beforeValue: text().notNull().default(''),
    afterValue: text().notNull().default(''),
  },
  (t) => [uniqueIndex('ccms_work_item_history_seq_uq').on(t.workItemId, t.seq), index('ccms_work_item_history_time_idx').on(t.changeTime)],
);

/** Comments on a work item; a reply names the comment it answers. */
export const ccmsWorkItemComment = pgTable(
  'ccms_work_item_comment',
  {
    commentId: integer().primaryKey().generatedByDefaultAsIdentity(),
    workItemId: integer().notNull(),
    parentCommentId: integer(),
    content: text().notNull(),
    createUserId: integer().notNull(),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('ccms_work_item_comment_item_idx').on(t.workItemId)],
);

/** A file attached to a work item, kept in the platform storage under `storageKey`. */
export const ccmsWorkItemAttachment = pgTable(
  'ccms_work_item_attachment',
  {
    attachmentId: integer().primaryKey().generatedByDefaultAsIdentity(),
    workItemId: integer().notNull(),
    fileName: varchar({ length: 255 }).notNull(),
    storageKey: varchar({ length: 500 }).notNull(),
    size: integer().notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_work_item_attachment_name_uq').on(t.workItemId, t.fileName)],
);

/** A user's saved condition query (conditions as the query body has them). */
export const ccmsWorkItemFilter = pgTable(
  'ccms_work_item_filter',
  {
    filterId: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    name: varchar({ length: 100 }).notNull(),
    workItemType: varchar({ length: 16 }),
    projectId: integer(),
    /** and / or. */
    logic: varchar({ length: 3 }).notNull().default('and'),
    conditions: jsonb().notNull(),
    createTime: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_work_item_filter_name_uq').on(t.userId, t.name)],
);

/** What was released from a plan: version, commit comment, archive and outcome. */
export const ccmsReleaseLog = pgTable(
  'ccms_release_log',
  {
    logId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    projectId: integer().notNull(),
    /** 1, 2, 3 ... per project ("index"). */
    seq: integer().notNull(),
    planId: integer(),
    planTitle: varchar({ length: 200 }).notNull().default(''),
    version: varchar({ length: 64 }).notNull(),
    commitComment: varchar({ length: 1000 }).notNull().default(''),
    /** Name or location of the archive produced by the release. */
    archive: varchar({ length: 500 }).notNull().default(''),
    /** The publish output archived by this row (the output's "archive to release" action); null for rows typed by hand. */
    outputId: integer(),
    /** notStarted, success or fail. */
    status: varchar({ length: 16 }).notNull().default('notStarted'),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('ccms_release_log_project_idx').on(t.projectId), uniqueIndex('ccms_release_log_seq_uq').on(t.projectId, t.seq).where(sql`del_flag = '0'`)],
);
