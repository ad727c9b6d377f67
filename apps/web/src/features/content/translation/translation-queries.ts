import type { TranslationSettingBody } from '@ccms/contracts/content/translation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProgressParams, translationApi } from './translation-api';

/** The translation data layer (see shared/form/README.md). */
export const translationKeys = {
  all: ['content', 'translation'] as const,
  progress: (params: ProgressParams) => ['content', 'translation', 'progress', params] as const,
  setting: (libraryId: number) => ['content', 'translation', 'setting', libraryId] as const,
};

export const useTranslationProgress = (params: ProgressParams, enabled: boolean) =>
  useQuery({ queryKey: translationKeys.progress(params), queryFn: () => translationApi.progress(params), enabled });

export const useTranslationSetting = (libraryId: number) =>
  useQuery({ queryKey: translationKeys.setting(libraryId), queryFn: () => translationApi.setting(libraryId) });

export function useSaveTranslationSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationSettingBody) => translationApi.saveSetting(body),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.all }),
  });
}

export function useImportTranslation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (xliff: string) => translationApi.import(xliff),
    onSuccess: () => client.invalidateQueries({ queryKey: translationKeys.all }),
  });
}
