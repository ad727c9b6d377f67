import { z } from 'zod';
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
  targetLang: LanguageTag,
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

export const TranslationImportResult = z.object({
  commit: z.string(),
  branch: z.string(),
  targetLang: z.string(),
  paths: z.array(z.string()).describe('files written'),
  units: z.number(),
  translated: z.number(),
});
export type TranslationImportResult = z.infer<typeof TranslationImportResult>;

/** Translation rides on the document permissions: export reads a document, import writes one. */
export const TranslationPerm = {
  export: DocumentPerm.query,
  import: DocumentPerm.import,
  setting: DocumentPerm.edit,
} as const;
