import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Regulations, their clauses, the links from clauses to content, and compliance reports. */

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: at().notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: at(),
};

/** One revision of a regulation; a new revision is a new row pointing at the previous one. */
export const ccmsRegulation = pgTable(
  'ccms_regulation',
  {
    regulationId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar({ length: 100 }).notNull(),
    title: varchar({ length: 300 }).notNull(),
    organization: varchar({ length: 100 }).notNull(),
    revision: varchar({ length: 64 }).notNull(),
    issueDate: varchar({ length: 10 }).notNull(),
    description: text().notNull().default(''),
    /** User name of the owner: told when links need re-verifying. */
    owner: varchar({ length: 64 }).notNull().default(''),
    previousId: integer(),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_regulation_name_rev_uq').on(t.name, t.revision).where(sql`del_flag = '0'`)],
);

/** Object-level rights on a regulation (licensed texts): owner, admin, write or read for a user, role or all. */
export const ccmsRegulationGrant = pgTable(
  'ccms_regulation_grant',
  {
    grantId: integer().primaryKey().generatedByDefaultAsIdentity(),
    regulationId: integer().notNull(),
    granteeType: varchar({ length: 8 }).$type<'user' | 'role' | 'all'>().notNull(),
    granteeId: integer().notNull().default(0),
    level: varchar({ length: 8 }).$type<'owner' | 'admin' | 'write' | 'read'>().notNull(),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_regulation_grant_uq').on(t.regulationId, t.granteeType, t.granteeId)],
);

/** A requirement paragraph of a regulation revision. */
export const ccmsRegulationClause = pgTable(
  'ccms_regulation_clause',
  {
    clauseId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    regulationId: integer().notNull(),
    parentId: integer(),
    number: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 500 }).notNull().default(''),
    text: text().notNull().default(''),
    orderNum: integer().notNull().default(0),
    level: integer().notNull().default(1),
    notApplicable: boolean().notNull().default(false),
    justification: text().notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_regulation_clause_uq').on(t.regulationId, t.number), index('ccms_regulation_clause_parent_idx').on(t.parentId)],
);

/** A link from a clause to what answers it, with its means of compliance and re-verify flag. */
export const ccmsRegulationLink = pgTable(
  'ccms_regulation_link',
  {
    linkId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    regulationId: integer().notNull(),
    clauseId: integer().notNull(),
    /** document, topic, element or workItem. */
    targetType: varchar({ length: 16 }).$type<'document' | 'topic' | 'element' | 'workItem'>().notNull(),
    libraryId: integer(),
    branch: varchar({ length: 200 }).notNull().default(''),
    path: varchar({ length: 1000 }).notNull().default(''),
    documentId: integer(),
    topicId: integer(),
    elementId: varchar({ length: 200 }).notNull().default(''),
    workItemId: integer(),
    targetTitle: varchar({ length: 1000 }).notNull().default(''),
    means: varchar({ length: 4 }).$type<'MC0' | 'MC1' | 'MC2' | 'MC3' | 'MC4' | 'MC5' | 'MC6' | 'MC7' | 'MC8' | 'MC9'>().notNull(),
    comment: text().notNull().default(''),
    /** Catalogue hash and text of the topic when the link was made or last verified. */
    verifiedHash: varchar({ length: 40 }).notNull().default(''),
    verifiedText: text().notNull().default(''),
    flagged: boolean().notNull().default(false),
    /** topicChanged or clauseChanged. */
    flagReason: varchar({ length: 16 }).notNull().default(''),
    flagDiff: jsonb().$type<{ type: 'same' | 'added' | 'removed'; text: string }[]>().notNull().default([]),
    ...audit,
  },
  (t) => [
    index('ccms_regulation_link_reg_idx').on(t.regulationId, t.clauseId),
    index('ccms_regulation_link_topic_idx').on(t.topicId),
    index('ccms_regulation_link_target_idx').on(t.libraryId, t.branch, t.path),
  ],
);

/** A compliance report: a regulation revision over a scope; frozen, it keeps its figures and matrix. */
export const ccmsComplianceReport = pgTable(
  'ccms_compliance_report',
  {
    reportId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar({ length: 200 }).notNull(),
    regulationId: integer().notNull(),
    scopeType: varchar({ length: 16 }).$type<'branch' | 'document' | 'publication' | 'release'>().notNull(),
    libraryId: integer(),
    branch: varchar({ length: 200 }).notNull().default(''),
    documentId: integer(),
    publicationId: integer(),
    /** A release scope: the documents archived to the release are resolved when the matrix is computed. */
    releaseId: integer(),
    scopeLabel: varchar({ length: 1000 }).notNull().default(''),
    frozen: boolean().notNull().default(false),
    totals: jsonb(),
    matrix: jsonb(),
    frozenBy: varchar({ length: 64 }).notNull().default(''),
    frozenTime: at(),
    ...audit,
  },
  (t) => [index('ccms_compliance_report_reg_idx').on(t.regulationId)],
);
