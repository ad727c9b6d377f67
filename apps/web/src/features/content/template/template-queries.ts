import type { TemplateBody, TemplateKind, TemplatePreviewBody, TemplateUpdate } from '@ccms/contracts/content/template';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { doctypeKeys } from '../doctype/doctype-queries';
import { type TemplateListParams, templateApi } from './template-api';

/** The template data layer: keys from `templateKeys`; a change invalidates templates and document types (their default template). */
const keys = entityKeys<TemplateListParams>('content', 'template');
export const templateKeys = {
  ...keys,
  options: (kind?: TemplateKind) => [...keys.all, 'options', kind ?? 'all'] as const,
  preview: (body: TemplatePreviewBody) => [...keys.all, 'preview', body] as const,
};

export const templateQueries = {
  list: (params: TemplateListParams) => ({ queryKey: templateKeys.list(params), queryFn: () => templateApi.list(params) }),
  detail: (templateId: number) => ({ queryKey: templateKeys.detail(templateId), queryFn: () => templateApi.get(templateId) }),
};

/** Enabled templates, for new topics, maps and S1000D objects and the document type's default. */
export const useTemplateOptions = (kind?: TemplateKind, enabled = true) =>
  useQuery({ queryKey: templateKeys.options(kind), queryFn: () => templateApi.options(kind), enabled });

/** The filled, checked and rendered template (the body is the debounced form content). */
export const useTemplatePreview = (body: TemplatePreviewBody | null) =>
  useQuery({
    queryKey: templateKeys.preview(body ?? { doctypeId: 0, lang: 'zh-CN', content: '' }),
    queryFn: () => templateApi.preview(body as TemplatePreviewBody),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

function useInvalidateTemplates() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: templateKeys.all }), client.invalidateQueries({ queryKey: doctypeKeys.all })]);
}

export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: (body: TemplateBody | TemplateUpdate) => templateApi.save(body), onSuccess: invalidate });
}

export function useDeleteTemplates() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: (ids: readonly number[]) => templateApi.remove(ids), onSuccess: invalidate });
}
