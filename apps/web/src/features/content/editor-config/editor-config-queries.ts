import type { DefaultEditorBody, EditorLinkBody, EditorLinkUpdate, EditorResolveQuery } from '@ccms/contracts/content/editor-config';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type EditorLinkListParams, editorConfigApi } from './editor-config-api';

/** The editor configuration data layer: a change to a link or a default invalidates both (a default link sets defaults). */
const keys = entityKeys<EditorLinkListParams>('content', 'editorConfig');
export const editorConfigKeys = {
  ...keys,
  defaults: () => [...keys.all, 'defaults'] as const,
  resolve: (q: EditorResolveQuery) => [...keys.all, 'resolve', q] as const,
};

export const editorConfigQueries = {
  links: (params: EditorLinkListParams) => ({ queryKey: editorConfigKeys.list(params), queryFn: () => editorConfigApi.listLinks(params) }),
  link: (linkId: number) => ({ queryKey: editorConfigKeys.detail(linkId), queryFn: () => editorConfigApi.getLink(linkId) }),
};

export const useDefaultEditors = () => useQuery({ queryKey: editorConfigKeys.defaults(), queryFn: editorConfigApi.listDefaults });
export const useEditorLinks = (params: EditorLinkListParams) => useQuery({ ...editorConfigQueries.links(params), placeholderData: keepPreviousData });

/** How one file opens (the web author page and every "Edit" action). */
export const useEditorResolution = (q: EditorResolveQuery | null) =>
  useQuery({
    queryKey: editorConfigKeys.resolve(q ?? { libraryId: 0, path: '' }),
    queryFn: () => editorConfigApi.resolve(q as EditorResolveQuery),
    enabled: q !== null,
  });

function useInvalidateEditorConfig() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: editorConfigKeys.all });
}

export function useSaveEditorLink() {
  const invalidate = useInvalidateEditorConfig();
  return useMutation({ mutationFn: (body: EditorLinkBody | EditorLinkUpdate) => editorConfigApi.saveLink(body), onSuccess: invalidate });
}

export function useDeleteEditorLinks() {
  const invalidate = useInvalidateEditorConfig();
  return useMutation({ mutationFn: (ids: readonly number[]) => editorConfigApi.removeLinks(ids), onSuccess: invalidate });
}

export function useSetDefaultEditor() {
  const invalidate = useInvalidateEditorConfig();
  return useMutation({ mutationFn: (body: DefaultEditorBody) => editorConfigApi.setDefault(body), onSuccess: invalidate });
}

export function useRemoveDefaultEditors() {
  const invalidate = useInvalidateEditorConfig();
  return useMutation({ mutationFn: (suffixes: readonly string[]) => editorConfigApi.removeDefaults(suffixes), onSuccess: invalidate });
}
