import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Columns every administrable row carries (RuoYi's BaseEntity). */
const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
};

/** A project: the writing work on one library branch, with its releases, plans, tasks and work items. */
export const ccmsProject = pgTable(
  'ccms_project',
  {
    projectId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    title: varchar({ length: 200 }).notNull(),
    /** The project code ("name" in the spec). */
    name: varchar({ length: 64 }).notNull().default(''),
    /** 0 normal, 1 closed. */
    status: varchar({ length: 1 }).notNull().default('0'),
    /** A value of the project category dictionary. */
    category: varchar({ length: 100 }).notNull().default(''),
    schedule: varchar({ length: 200 }).notNull().default(''),
    description: text().notNull().default(''),
    beginDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    /** The version the project delivers (required with title and branch). */
    version: varchar({ length: 64 }).notNull().default(''),
    libraryId: integer(),
    sourceBranch: varchar({ length: 200 }).notNull().default(''),
    projectBranch: varchar({ length: 200 }).notNull().default(''),
    useOriginBranch: boolean().notNull().default(false),
    ownerId: integer(),
    risk: varchar({ length: 500 }).notNull().default(''),
    objective: varchar({ length: 500 }).notNull().default(''),
    milestone: varchar({ length: 500 }).notNull().default(''),
    /** Secret projects are visible only to their grantees and members. */
    secrecy: boolean().notNull().default(false),
    /** Public projects are readable by every signed-in user. */
    isPublic: boolean().notNull().default(false),
    /** Scheduled update of the project branch from the source branch: minutes, hour, day or never. */
    updateSchedule: varchar({ length: 8 }).notNull().default('never'),
    lastUpdateTime: timestamp({ withTimezone: true, mode: 'date' }),
    /** Outcome of the last scheduled update: ok, conflict: paths, or an error reason. */
    lastUpdateResult: varchar({ length: 1000 }).notNull().default(''),
    /** Optimistic concurrency: a save with a stale version is refused (409). */
    rowVersion: integer().notNull().default(1),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_project_title_uq').on(t.title).where(sql`del_flag = '0'`), index('ccms_project_status_idx').on(t.status)],
);

/** Object-level rights on a project: admin, owner, write or read, for a user, a role or everyone. */
export const ccmsProjectGrant = pgTable(
  'ccms_project_grant',
  {
    grantId: integer().primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer().notNull(),
    /** user, role or all. */
    granteeType: varchar({ length: 8 }).notNull(),
    /** User or role id; 0 for all. */
    granteeId: integer().notNull().default(0),
    level: varchar({ length: 8 }).notNull(),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_project_grant_uq').on(t.projectId, t.granteeType, t.granteeId)],
);

/** The people working on a project, with their role in it (writer, reviewer, translator, ...). */
export const ccmsProjectMember = pgTable(
  'ccms_project_member',
  {
    memberId: integer().primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer().notNull(),
    userId: integer().notNull(),
    projectRole: varchar({ length: 32 }).notNull().default(''),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_project_member_uq').on(t.projectId, t.userId)],
);

/** A release of a project (spec: title, description, status, dates). */
export const ccmsRelease = pgTable(
  'ccms_release',
  {
    releaseId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    projectId: integer().notNull(),
    title: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    /** 0 normal, 1 closed. */
    status: varchar({ length: 1 }).notNull().default('0'),
    beginDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    rowVersion: integer().notNull().default(1),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('ccms_release_project_idx').on(t.projectId), uniqueIndex('ccms_release_title_uq').on(t.projectId, t.title).where(sql`del_flag = '0'`)],
);

/** The project category dictionary (spec: name, value, status, sort). */
export const ccmsProjectCategory = pgTable(
  'ccms_project_category',
  {
    categoryId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar({ length: 100 }).notNull(),
    value: varchar({ length: 100 }).notNull(),
    /** 0 normal, 1 disabled. */
    status: varchar({ length: 1 }).notNull().default('0'),
    sort: integer().notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_project_category_value_uq').on(t.value)],
);

/** Who writes, reviews and translates in a project, and how reviews and notices work. */
export const ccmsProjectConfig = pgTable('ccms_project_config', {
  projectId: integer().primaryKey(),
  writerId: integer().notNull(),
  writeReviewerId: integer().notNull(),
  translatorId: integer().notNull(),
  translateReviewerId: integer().notNull(),
  notice: boolean().notNull().default(false),
  /** email or system. */
  noticeType: varchar({ length: 8 }).notNull().default('system'),
  /** all: every reviewer must approve; one: at least one. */
  reviewRule: varchar({ length: 8 }).notNull().default('all'),
  existTranslate: boolean().notNull().default(false),
  ...audit,
});

/** A plan of a project: a piece of writing work on a library branch, with its tasks. */
export const ccmsPlan = pgTable(
  'ccms_plan',
  {
    planId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    projectId: integer().notNull(),
    title: varchar({ length: 200 }).notNull(),
    libraryId: integer(),
    branch: varchar({ length: 200 }).notNull().default(''),
    releaseId: integer(),
    description: text().notNull().default(''),
    beginDate: date({ mode: 'string' }),
    dueDate: date({ mode: 'string' }),
    ownerId: integer(),
    reviewerId: integer(),
    /** all: every reviewer must approve; one: at least one; '' follows the project config (written by the service). */
    reviewRule: varchar({ length: 8 }).notNull().default('all'),
    /** notStarted, inProgress, completed or closed. */
    status: varchar({ length: 16 }).notNull().default('notStarted'),
    /** Enabled (open) or disabled (close). */
    enable: boolean().notNull().default(true),
    notice: boolean().notNull().default(false),
    /** email or system. */
    noticeType: varchar({ length: 8 }).notNull().default('system'),
    rowVersion: integer().notNull().default(1),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('ccms_plan_project_idx').on(t.projectId), uniqueIndex('ccms_plan_title_uq').on(t.projectId, t.title).where(sql`del_flag = '0'`)],
);

/** A task of a project, usually in a plan; remain and exceed always follow effort and effortCompleted. */
export const ccmsTask = pgTable(
  'ccms_task',
  {
    taskId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    projectId: integer().notNull(),
    planId: integer(),
    title: varchar({ length: 200 }).notNull(),
    /** writing, review, translation, translationReview or other. */
    category: varchar({ length: 32 }).notNull().default('writing'),
    assigneeId: integer(),
    writerId: integer(),
    /** new, notStarted, inProgress or completed. */
    status: varchar({ length: 16 }).notNull().default('new'),
    beginDate: date({ mode: 'string' }),
    dueDate: date({ mode: 'string' }),
    description: text().notNull().default(''),
    /** Hours planned. */
    effort: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** Hours spent. */
    effortCompleted: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** max(effort - effortCompleted, 0), kept by the server. */
    remain: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** max(effortCompleted - effort, 0), kept by the server. */
    exceed: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    rowVersion: integer().notNull().default(1),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [index('ccms_task_project_idx').on(t.projectId), index('ccms_task_plan_idx').on(t.planId), index('ccms_task_assignee_idx').on(t.assigneeId)],
);
