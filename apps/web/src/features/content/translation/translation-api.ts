import type {
  TranslationImportResult,
  TranslationProgress,
  TranslationSetting,
  TranslationSettingBody,
  XliffVersion,
} from '@ccms/contracts/content/translation';
import { byUrl } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export interface ProgressParams {
  documentId: number;
  targetLang: string;
}

/** XLIFF export and import of a document (server: modules/content/translation). Screens use `translation-queries.ts`. */
export const translationApi = {
  progress: (params: ProgressParams) => byUrl.one<TranslationProgress>('/ccms/translation/progress', params),
  setting: (libraryId: number) => byUrl.one<TranslationSetting>(`/ccms/translation/setting/${libraryId}`),
  saveSetting: (body: TranslationSettingBody) => byUrl.put('/ccms/translation/setting', body),
  export: (params: ProgressParams & { version: XliffVersion }) => downloadGet('/ccms/translation/export', params, `translation.${params.targetLang}.xlf`),
  import: (xliff: string) => byUrl.post<{ data: TranslationImportResult }>('/ccms/translation/import', { xliff }).then((r) => r.data),
};
