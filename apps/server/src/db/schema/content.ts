import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Columns every administrable row carries (RuoYi's BaseEntity). */
const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
  remark: varchar({ length: 500 }).notNull().default(''),
};

/** A remote git repository and its default branch; the server keeps a clone under the data dir. */
export const ccmsLibrary = pgTable(
  'ccms_library',
  {
    libraryId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    name: varchar({ length: 100 }).notNull(),
    displayText: varchar({ length: 200 }).notNull().default(''),
    deptId: integer(),
    /** 0 normal, 1 disabled. */
    status: varchar({ length: 1 }).notNull().default('0'),
    libraryType: varchar({ length: 32 }).notNull(),
    url: varchar({ length: 500 }).notNull(),
    scmType: varchar({ length: 16 }).notNull().default('git'),
    defaultBranch: varchar({ length: 200 }).notNull(),
    credentialType: varchar({ length: 16 }).notNull().default('userpass'),
    credentialName: varchar({ length: 100 }).notNull().default(''),
    credentialUsername: varchar({ length: 200 }).notNull().default(''),
    /** AES-256-GCM sealed password (platform/crypto); never leaves the server. */
    credentialSecret: text().notNull().default(''),
    lastFetchTime: timestamp({ withTimezone: true, mode: 'date' }),
    /** Reason key of the last failed fetch; empty after a good one. */
    lastFetchError: varchar({ length: 64 }).notNull().default(''),
    /** The clone and index started when the library was created: clone, index, ready, failed; null for a library never prepared so. */
    prepPhase: varchar({ length: 16 }),
    /** Why the preparation failed (an SCM failure key, or "interrupted" when the server stopped during it). */
    prepReason: varchar({ length: 200 }),
    prepDocuments: integer(),
    prepTopics: integer(),
    /** Until when no full re-index may start (one running holds it; then a pause), claimed atomically so nodes share it. */
    fullReindexUntil: timestamp({ withTimezone: true, mode: 'date' }),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_library_name_uq').on(t.name).where(sql`del_flag = '0'`)],
);

/** Object-level rights on a library: admin, owner, write or read, for a user, a role or everyone. */
export const ccmsLibraryGrant = pgTable(
  'ccms_library_grant',
  {
    grantId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    /** user, role or all. */
    granteeType: varchar({ length: 8 }).notNull(),
    /** User or role id; 0 for all. */
    granteeId: integer().notNull().default(0),
    level: varchar({ length: 8 }).notNull(),
    createBy: varchar({ length: 64 }).notNull().default(''),
    createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_library_grant_uq').on(t.libraryId, t.granteeType, t.granteeId)],
);

/** Variables (type file or value) and filters (include or exclude) of a library, in named groups. */
export const ccmsLibrarySetting = pgTable(
  'ccms_library_setting',
  {
    settingId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    /** variable or filter. */
    kind: varchar({ length: 8 }).notNull(),
    groupName: varchar({ length: 100 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    type: varchar({ length: 16 }).notNull(),
    value: varchar({ length: 1000 }).notNull(),
    product: varchar({ length: 100 }).notNull(),
    ...audit,
  },
  (t) => [index('ccms_library_setting_lib_idx').on(t.libraryId, t.kind, t.groupName)],
);

/** Which property values a library uses for each DITA conditional attribute, per product. */
export const ccmsLibraryDataProperty = pgTable(
  'ccms_library_data_property',
  {
    configId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    product: varchar({ length: 100 }).notNull(),
    audience: varchar({ length: 1000 }).notNull().default(''),
    platform: varchar({ length: 1000 }).notNull().default(''),
    props: varchar({ length: 1000 }).notNull().default(''),
    otherprops: varchar({ length: 1000 }).notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_library_data_property_uq').on(t.libraryId, t.product)],
);

/** How a library publishes: format, language, product, target path, filter group and readers. */
export const ccmsPublishConfig = pgTable(
  'ccms_publish_config',
  {
    configId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    configName: varchar({ length: 100 }).notNull(),
    format: varchar({ length: 16 }).notNull(),
    lang: varchar({ length: 16 }).notNull(),
    product: varchar({ length: 100 }).notNull().default(''),
    /** local, preview, public, archive or path (then publishDir says where). */
    publishPath: varchar({ length: 16 }).notNull(),
    publishDir: varchar({ length: 500 }).notNull().default(''),
    filterGroup: varchar({ length: 100 }).notNull().default(''),
    readerUserIds: jsonb().$type<number[]>().notNull().default([]),
    readerRoleIds: jsonb().$type<number[]>().notNull().default([]),
    /** With readers: only they and the library's owners read the output (not its other writers and publishers). */
    readersOnly: boolean().notNull().default(false),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_publish_config_name_uq').on(t.libraryId, t.configName)],
);

/** Products whose content the conditional attributes select. */
export const ccmsProduct = pgTable(
  'ccms_product',
  {
    productId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    productName: varchar({ length: 100 }).notNull(),
    displayName: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_product_name_uq').on(t.productName)],
);

/** A named property (an attribute vocabulary: audience, platform, ...). */
export const ccmsProperty = pgTable(
  'ccms_property',
  {
    propertyId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    propertyName: varchar({ length: 100 }).notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_property_name_uq').on(t.propertyName)],
);

/** The key/value pairs a property offers. */
export const ccmsPropertyValue = pgTable(
  'ccms_property_value',
  {
    valueId: integer().primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer().notNull(),
    propertyKey: varchar({ length: 100 }).notNull(),
    propertyValue: varchar({ length: 500 }).notNull(),
    orderNum: integer().notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_property_value_key_uq').on(t.propertyId, t.propertyKey)],
);

/** The topic editor's unsaved edits (issue 13): one per user and file, never committed, offered back on the next opening. */
export const ccmsEditorDraft = pgTable(
  'ccms_editor_draft',
  {
    draftId: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().notNull(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    content: text().notNull(),
    baseCommit: varchar({ length: 40 }).notNull(),
    baseBlob: varchar({ length: 40 }).notNull(),
    savedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_editor_draft_uq').on(t.userId, t.libraryId, t.branch, t.path)],
);

/**
 * Who has a topic open in the editor: one row per open presence stream, on whichever node serves
 * it; the node beats `seenAt` while the stream lives and deletes the row when it closes. Rows
 * whose beat stopped (a node that died) are ignored and swept.
 */
export const ccmsEditorPresence = pgTable(
  'ccms_editor_presence',
  {
    connectionId: varchar({ length: 36 }).primaryKey(),
    userId: integer().notNull(),
    userName: varchar({ length: 64 }).notNull(),
    nickName: varchar({ length: 64 }).notNull().default(''),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    since: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    seenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ccms_editor_presence_topic_idx').on(t.libraryId, t.branch, t.path), index('ccms_editor_presence_seen_idx').on(t.seenAt)],
);

/** How a library keeps its translations (issue 16): a language folder or a branch per language. */
export const ccmsTranslationSetting = pgTable('ccms_translation_setting', {
  libraryId: integer().primaryKey(),
  /** folder or branch. */
  layout: varchar({ length: 8 }).notNull().default('folder'),
  sourceLang: varchar({ length: 20 }).notNull().default('en-US'),
  ...audit,
});

/**
 * The translation memory of a library: one target text per source segment (text with
 * placeholders and their markup, hashed) and language. fuzzy: imported without being confirmed.
 */
export const ccmsTranslationMemory = pgTable(
  'ccms_translation_memory',
  {
    tmId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    targetLang: varchar({ length: 20 }).notNull(),
    sourceHash: varchar({ length: 40 }).notNull(),
    source: text().notNull(),
    target: text().notNull(),
    /** translated or fuzzy. */
    state: varchar({ length: 12 }).notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_translation_memory_uq').on(t.libraryId, t.targetLang, t.sourceHash)],
);
