import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Resources of a library that git does not hold: tags. Graphics, videos, abbreviations and terms
 * live in the library's repository; only the tag names and their assignments to document and
 * topic paths are database metadata (keyed by library, branch and path).
 */

/** A tag name of a library. */
export const ccmsTag = pgTable(
  'ccms_tag',
  {
    tagId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    libraryId: integer().notNull(),
    tagName: varchar({ length: 64 }).notNull(),
    /** A colour name or #rrggbb the web shows the tag in; empty for the default. */
    color: varchar({ length: 20 }).notNull().default(''),
    remark: varchar({ length: 500 }).notNull().default(''),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updateBy: varchar({ length: 64 }).notNull().default(''),
    updateTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_tag_name_uq').on(t.libraryId, t.tagName)],
);

/** A tag on a document (map) or topic file of one branch. */
export const ccmsTagAssignment = pgTable(
  'ccms_tag_assignment',
  {
    assignmentId: integer().primaryKey().generatedByDefaultAsIdentity(),
    tagId: integer().notNull(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_tag_assignment_uq').on(t.tagId, t.branch, t.path), index('ccms_tag_assignment_path_idx').on(t.libraryId, t.branch, t.path)],
);
