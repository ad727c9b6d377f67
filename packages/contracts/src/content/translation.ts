import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty, okOf } from '../http';
import { DocumentPerm } from './document';

export const XLIFF_VERSIONS = ['2.1', '1.2'] as const;
export const XliffVersion = z.enum(XLIFF_VERSIONS);
export type XliffVersion = z.infer<typeof XliffVersion>;

/** Where a library keeps its translations: a language folder beside the source ("zh-CN/topics/a.dita") or a branch per language. */
export const TRANSLATION_LAYOUTS = ['folder', 'branch'] as const;
export const TranslationLayout = z.enum(TRANSLATION_LAYOUTS);

/** A language tag such as zh-CN or de. */
export const LanguageTag = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: 'translation.langInvalid' })
  .describe('BCP 47 language tag, e.g. zh-CN');

/** The languages content can be translated into: BCP 47 tags with their names in both interface languages. */
export const CONTENT_LANGUAGES = [
  { tag: 'zh-CN', zh: '简体中文（中国）', en: 'Chinese, Simplified (China)' },
  { tag: 'zh-TW', zh: '繁体中文（台湾）', en: 'Chinese, Traditional (Taiwan)' },
  { tag: 'zh-HK', zh: '繁体中文（香港）', en: 'Chinese, Traditional (Hong Kong)' },
  { tag: 'en-US', zh: '英语（美国）', en: 'English (United States)' },
  { tag: 'en-GB', zh: '英语（英国）', en: 'English (United Kingdom)' },
  { tag: 'ja-JP', zh: '日语', en: 'Japanese' },
  { tag: 'ko-KR', zh: '韩语', en: 'Korean' },
  { tag: 'de-DE', zh: '德语', en: 'German' },
  { tag: 'fr-FR', zh: '法语（法国）', en: 'French (France)' },
  { tag: 'fr-CA', zh: '法语（加拿大）', en: 'French (Canada)' },
  { tag: 'es-ES', zh: '西班牙语（西班牙）', en: 'Spanish (Spain)' },
  { tag: 'es-MX', zh: '西班牙语（墨西哥）', en: 'Spanish (Mexico)' },
  { tag: 'pt-BR', zh: '葡萄牙语（巴西）', en: 'Portuguese (Brazil)' },
  { tag: 'pt-PT', zh: '葡萄牙语（葡萄牙）', en: 'Portuguese (Portugal)' },
  { tag: 'it-IT', zh: '意大利语', en: 'Italian' },
  { tag: 'nl-NL', zh: '荷兰语', en: 'Dutch' },
  { tag: 'ru-RU', zh: '俄语', en: 'Russian' },
  { tag: 'pl-PL', zh: '波兰语', en: 'Polish' },
  { tag: 'cs-CZ', zh: '捷克语', en: 'Czech' },
  { tag: 'sv-SE', zh: '瑞典语', en: 'Swedish' },
  { tag: 'da-DK', zh: '丹麦语', en: 'Danish' },
  { tag: 'fi-FI', zh: '芬兰语', en: 'Finnish' },
  { tag: 'nb-NO', zh: '挪威语（书面）', en: 'Norwegian Bokmål' },
  { tag: 'tr-TR', zh: '土耳其语', en: 'Turkish' },
  { tag: 'ar-SA', zh: '阿拉伯语', en: 'Arabic' },
  { tag: 'he-IL', zh: '希伯来语', en: 'Hebrew' },
  { tag: 'th-TH', zh: '泰语', en: 'Thai' },
  { tag: 'vi-VN', zh: '越南语', en: 'Vietnamese' },
  { tag: 'id-ID', zh: '印度尼西亚语', en: 'Indonesian' },
  { tag: 'ms-MY', zh: '马来语', en: 'Malay' },
  { tag: 'hi-IN', zh: '印地语', en: 'Hindi' },
  { tag: 'uk-UA', zh: '乌克兰语', en: 'Ukrainian' },
  { tag: 'hu-HU', zh: '匈牙利语', en: 'Hungarian' },
  { tag: 'el-GR', zh: '希腊语', en: 'Greek' },
  { tag: 'ro-RO', zh: '罗马尼亚语', en: 'Romanian' },
] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]['tag'];
const CONTENT_LANGUAGE_TAGS: ReadonlySet<string> = new Set(CONTENT_LANGUAGES.map((l) => l.tag));
export const isContentLanguage = (tag: string): tag is ContentLanguage => CONTENT_LANGUAGE_TAGS.has(tag);

/** A target language: one of the content languages (the export offers them from a list). */
export const TargetLanguage = z
  .string()
  .trim()
  .refine(isContentLanguage, { message: 'translation.langUnknown' })
  .describe(`language to translate into, one of ${CONTENT_LANGUAGES.map((l) => l.tag).join(', ')}`);

export const TranslationSetting = z.object({
  libraryId: z.number(),
  layout: TranslationLayout.describe('folder: <lang>/<source path>; branch: <source branch>-<lang>'),
  sourceLang: z.string().describe('language of the source content'),
});
export type TranslationSetting = z.infer<typeof TranslationSetting>;

export const TranslationSettingBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library'),
  layout: TranslationLayout,
  sourceLang: LanguageTag.default('en-US'),
});
export type TranslationSettingBody = z.infer<typeof TranslationSettingBody>;

export const LibraryIdParam = z.object({ libraryId: z.coerce.number().int().positive().describe('id of a library') });

export const TranslationExportQuery = z.object({
  documentId: z.coerce.number().int().positive().describe('id of a document (its map and topics are exported)'),
  targetLang: TargetLanguage,
  version: XliffVersion.default('2.1'),
});
export type TranslationExportQuery = z.infer<typeof TranslationExportQuery>;

export const TranslationProgressQuery = TranslationExportQuery.omit({ version: true });

/** Per document and language: units already translated, pre-filled but unconfirmed, and new. */
export const TranslationProgress = z.object({
  documentId: z.number(),
  targetLang: z.string(),
  sourceCommit: z.string(),
  files: z.number(),
  total: z.number(),
  translated: z.number(),
  fuzzy: z.number(),
  new: z.number(),
});
export type TranslationProgress = z.infer<typeof TranslationProgress>;

/** A unit of the returned file that needs a new translation: its source changed since the export (or it is new, or gone). */
export const StaleUnit = z.object({
  path: z.string().describe('source file'),
  unit: z.string().describe('unit id in the XLIFF file; empty for a unit the file does not hold'),
  name: z.string().describe('where the unit is in its file'),
  source: z.string().nullable().describe('the source the file was translated from; null when the file does not hold the unit'),
  current: z.string().nullable().describe('the current source; null when it is gone'),
});
export type StaleUnit = z.infer<typeof StaleUnit>;

export const TranslationImportResult = z.object({
  commit: z.string().nullable().describe('the commit written; null when nothing was imported'),
  branch: z.string(),
  targetLang: z.string(),
  paths: z.array(z.string()).describe('files written'),
  units: z.number().describe('units in the file'),
  translated: z.number().describe('units marked translated'),
  imported: z.number().describe('translations written that the memory did not hold'),
  unchanged: z.number().describe('translations written that the memory already held as they are'),
  skipped: z.number().describe('units with no translation'),
  stale: z.array(StaleUnit).describe('units that need a new translation: not imported'),
});
export type TranslationImportResult = z.infer<typeof TranslationImportResult>;

/** Translation rides on the document permissions: export reads a document, import writes one. */
export const TranslationPerm = {
  export: DocumentPerm.query,
  import: DocumentPerm.import,
  setting: DocumentPerm.edit,
} as const;

const ImportBody = z.object({ xliff: z.string().min(1).max(9_000_000).describe('the translated XLIFF 2.1 or 1.2 file, as text') });

const tag = 'content/translation';

/** The translation API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TranslationApi = {
  setting: endpoint({
    method: 'GET',
    url: '/ccms/translation/setting/:libraryId',
    access: { permission: TranslationPerm.export },
    summary: 'Where a library keeps its translations',
    tag,
    params: LibraryIdParam,
    response: okOf(TranslationSetting),
  }),
  saveSetting: endpoint({
    method: 'PUT',
    url: '/ccms/translation/setting',
    access: { permission: TranslationPerm.setting },
    summary: 'Choose where a library keeps its translations: a language folder or a branch',
    tag,
    body: TranslationSettingBody,
    response: OkEmpty,
  }),
  progress: endpoint({
    method: 'GET',
    url: '/ccms/translation/progress',
    access: { permission: TranslationPerm.export },
    summary: 'Translated, fuzzy and new units of a document for a language',
    tag,
    query: TranslationProgressQuery,
    response: okOf(TranslationProgress),
  }),
  export: endpoint({
    method: 'GET',
    url: '/ccms/translation/export',
    access: { permission: TranslationPerm.export },
    summary: 'Export a document for a language as XLIFF 2.1 or 1.2 (translations from the memory pre-filled)',
    tag,
    query: TranslationExportQuery,
    response: z.unknown().describe('an XLIFF file'),
  }),
  import: endpoint({
    method: 'POST',
    url: '/ccms/translation/import',
    access: { permission: TranslationPerm.import },
    summary: 'Import a translated XLIFF file: checked, written into the language layout, committed as the caller',
    tag,
    body: ImportBody,
    response: okOf(TranslationImportResult),
  }),
};
