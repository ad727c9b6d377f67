import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * How content is created, validated and opened (System Manager): document types, templates,
 * editor links and the default editor per file suffix. Global, not per library.
 */

const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
  remark: varchar({ length: 500 }).notNull().default(''),
};

/** A document type: the root elements that make it, its DOCTYPE, grammar, template and editor. */
export const ccmsDoctype = pgTable(
  'ccms_doctype',
  {
    doctypeId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    doctypeName: varchar({ length: 64 }).notNull(),
    rootElements: jsonb().$type<string[]>().notNull().default([]),
    publicId: varchar({ length: 200 }).notNull().default(''),
    systemId: varchar({ length: 200 }).notNull().default(''),
    fileSuffix: varchar({ length: 20 }).notNull(),
    grammar: varchar({ length: 20 }).notNull().default('catalog'),
    validateOnSave: boolean().notNull().default(true),
    defaultTemplateId: integer(),
    editor: varchar({ length: 20 }).notNull().default('topic'),
    status: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_doctype_name_uq').on(t.doctypeName)],
);

/** A topic or map template of a document type, in one language. */
export const ccmsTemplate = pgTable(
  'ccms_template',
  {
    templateId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    templateName: varchar({ length: 100 }).notNull(),
    doctypeId: integer().notNull(),
    lang: varchar({ length: 10 }).notNull().default('zh-CN'),
    content: text().notNull(),
    status: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_template_name_uq').on(t.templateName, t.lang)],
);

/** A link to an external URL-based editor, associated with file suffixes. */
export const ccmsEditorLink = pgTable('ccms_editor_link', {
  linkId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  label: varchar({ length: 100 }).notNull(),
  icon: varchar({ length: 500 }).notNull().default(''),
  serverAddress: varchar({ length: 500 }).notNull(),
  parameter: varchar({ length: 1000 }).notNull().default(''),
  associationTypes: jsonb().$type<string[]>().notNull().default([]),
  target: varchar({ length: 10 }).notNull().default('frame'),
  status: varchar({ length: 1 }).notNull().default('0'),
  isDefault: varchar({ length: 1 }).notNull().default('N'),
  ...audit,
});

/** The editor a file suffix opens in (topic | map | source | view | link:<id>). */
export const ccmsDefaultEditor = pgTable('ccms_default_editor', {
  suffix: varchar({ length: 20 }).primaryKey(),
  open: varchar({ length: 30 }).notNull(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * An installed grammar package: a zip of DITA DTDs with an OASIS catalog (kind dtd), of one S1000D
 * issue's XSDs (schema) or of S1000D default BREX data modules (brex), kept in file storage under
 * `storageKey` (each node unpacks its own copy on first use). Installed and deleted, never edited.
 */
export const ccmsGrammar = pgTable(
  'ccms_grammar',
  {
    grammarId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar({ length: 64 }).notNull(),
    standard: varchar({ length: 20 }).notNull().default('DITA'),
    kind: varchar({ length: 20 }).notNull().default('dtd'),
    // A default BREX package lists every issue it covers (the whole set: "3.0, 4.0.1, ..., 6").
    version: varchar({ length: 100 }).notNull(),
    fileCount: integer().notNull(),
    catalogPath: varchar({ length: 500 }).notNull(),
    storageKey: varchar({ length: 200 }).notNull(),
    fileName: varchar({ length: 255 }).notNull().default(''),
    size: bigint({ mode: 'number' }).notNull().default(0),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_grammar_name_uq').on(t.name)],
);
