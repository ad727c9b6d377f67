import { TranslationApi, type TranslationSettingBody, type XliffVersion } from '@ccms/contracts/content/translation';
import { urlOf } from '@ccms/contracts/endpoint';
import { api } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export interface ProgressParams {
  documentId: number;
  targetLang: string;
}

/** XLIFF export and import of a document (server: modules/content/translation). Screens use `translation-queries.ts`. */
export const translationApi = {
  progress: (params: ProgressParams) => api.one(TranslationApi.progress, { query: params }),
  setting: (libraryId: number) => api.one(TranslationApi.setting, { path: { libraryId } }),
  saveSetting: (body: TranslationSettingBody) => api.call(TranslationApi.saveSetting, { body }),
  export: (params: ProgressParams & { version: XliffVersion }) => downloadGet(urlOf(TranslationApi.export), params, `translation.${params.targetLang}.xlf`),
  import: (xliff: string) => api.one(TranslationApi.import, { body: { xliff } }),
};
