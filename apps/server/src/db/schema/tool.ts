import type { GEN_AREAS, GEN_HTML_TYPES, GEN_QUERY_TYPES, GEN_TEMPLATES, GEN_TS_TYPES } from '@ccms/contracts/tool/gen';
import { boolean, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A database table imported into the code generator, with what to generate from it. */
export const genTable = pgTable(
  'gen_table',
  {
    tableId: integer().primaryKey().generatedByDefaultAsIdentity(),
    tableName: varchar({ length: 200 }).notNull(),
    tableComment: varchar({ length: 500 }).notNull().default(''),
    area: varchar({ length: 20 }).$type<(typeof GEN_AREAS)[number]>().notNull().default('work'),
    entityName: varchar({ length: 60 }).notNull(),
    businessName: varchar({ length: 60 }).notNull(),
    functionNameZh: varchar({ length: 50 }).notNull().default(''),
    functionNameEn: varchar({ length: 50 }).notNull().default(''),
    author: varchar({ length: 50 }).notNull().default(''),
    parentMenuId: integer().notNull().default(3),
    tplCategory: varchar({ length: 10 }).$type<(typeof GEN_TEMPLATES)[number]>().notNull().default('crud'),
    treeParentColumn: varchar({ length: 200 }).notNull().default(''),
    treeNameColumn: varchar({ length: 200 }).notNull().default(''),
    subTableName: varchar({ length: 200 }).notNull().default(''),
    subTableFkName: varchar({ length: 200 }).notNull().default(''),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updateBy: varchar({ length: 64 }).notNull().default(''),
    updateTime: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('gen_table_name_uq').on(t.tableName)],
);

/** A column of an imported table and how the generated code shows it. */
export const genTableColumn = pgTable(
  'gen_table_column',
  {
    columnId: integer().primaryKey().generatedByDefaultAsIdentity(),
    tableId: integer()
      .notNull()
      .references(() => genTable.tableId, { onDelete: 'cascade' }),
    columnName: varchar({ length: 200 }).notNull(),
    columnComment: varchar({ length: 500 }).notNull().default(''),
    columnType: varchar({ length: 100 }).notNull(),
    propName: varchar({ length: 60 }).notNull(),
    tsType: varchar({ length: 10 }).$type<(typeof GEN_TS_TYPES)[number]>().notNull().default('string'),
    labelZh: varchar({ length: 100 }).notNull().default(''),
    labelEn: varchar({ length: 100 }).notNull().default(''),
    isPk: boolean().notNull().default(false),
    isIncrement: boolean().notNull().default(false),
    isRequired: boolean().notNull().default(false),
    isInsert: boolean().notNull().default(true),
    isEdit: boolean().notNull().default(true),
    isList: boolean().notNull().default(true),
    isQuery: boolean().notNull().default(false),
    queryType: varchar({ length: 10 }).$type<(typeof GEN_QUERY_TYPES)[number]>().notNull().default('eq'),
    htmlType: varchar({ length: 10 }).$type<(typeof GEN_HTML_TYPES)[number]>().notNull().default('input'),
    dictType: varchar({ length: 100 }).notNull().default(''),
    maxLength: integer(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('gen_table_column_table_idx').on(t.tableId)],
);

/**
 * A table the generator's createTable made, with when and by whom: PostgreSQL records no creation
 * time, and the import that createTable writes at once may be deleted later (the table stays).
 */
export const genCreatedTable = pgTable('gen_created_table', {
  tableName: varchar({ length: 63 }).primaryKey(),
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
