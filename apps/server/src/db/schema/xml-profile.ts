import type { XmlProfileReference, XmlProfileVocabulary } from '@ccms/contracts/content/xml-profile';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true, mode: 'date' }),
};

/** An XML profile: the generic XML standard of one library type (FTID, or a type an administrator names), see packages/xmlprofile. */
export const ccmsXmlProfile = pgTable(
  'ccms_xml_profile',
  {
    profileId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    libraryType: varchar({ length: 32 }).notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    filePattern: varchar({ length: 200 }).notNull(),
    unitRoots: jsonb().$type<string[]>().notNull().default([]),
    documentRoots: jsonb().$type<string[]>().notNull().default([]),
    idPath: varchar({ length: 200 }).notNull(),
    titlePath: varchar({ length: 200 }).notNull(),
    references: jsonb().$type<XmlProfileReference[]>().notNull().default([]),
    tocGroups: jsonb().$type<string[]>().notNull().default([]),
    vocabulary: jsonb().$type<XmlProfileVocabulary>().notNull(),
    css: text().notNull().default(''),
    grammarKind: varchar({ length: 8 }).notNull().default('none'),
    grammarName: varchar({ length: 200 }).notNull().default(''),
    grammar: text().notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_xml_profile_type_uq').on(t.libraryType)],
);
