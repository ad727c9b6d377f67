import type { LibraryBody, LibraryUpdate } from '@ccms/contracts/content/library';
import type {
  DataPropertyBody,
  DataPropertyUpdate,
  PublishConfigBody,
  PublishConfigUpdate,
  SettingBody,
  SettingUpdate,
} from '@ccms/contracts/content/library-config';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type LibraryListParams, libraryApi, libraryConfigApi, type SettingKind } from './library-api';

/**
 * The library data layer: every key a library screen (or another screen's library picker) uses
 * comes from `libraryKeys`; a change invalidates through them (`libraryKeys.all` covers lists,
 * details, options, branches and the configuration of every library).
 */
const keys = entityKeys<LibraryListParams>('content', 'library');
export const libraryKeys = {
  ...keys,
  options: () => [...keys.all, 'options'] as const,
  branches: (libraryId: number) => [...keys.all, 'branches', libraryId] as const,
  /** The library asked quietly (abilities, type): a library the caller cannot read answers 403 without a toast. */
  quiet: (libraryId: number) => [...keys.all, 'quiet', libraryId] as const,
  progress: (libraryId: number) => [...keys.all, 'progress', libraryId] as const,
  deptTree: () => [...keys.all, 'deptTree'] as const,
  /** Everything configured on one library (grants, variables, filters, data properties, publish configurations). */
  config: (libraryId: number) => [...keys.all, 'config', libraryId] as const,
  grants: (libraryId: number) => [...keys.all, 'config', libraryId, 'grants'] as const,
  granteeUsers: (libraryId: number, search: string) => [...keys.all, 'config', libraryId, 'grantee', 'users', search] as const,
  granteeRoles: (libraryId: number) => [...keys.all, 'config', libraryId, 'grantee', 'roles'] as const,
  settings: (kind: SettingKind, libraryId: number) => [...keys.all, 'config', libraryId, kind] as const,
  dataProperties: (libraryId: number) => [...keys.all, 'config', libraryId, 'dataProperty'] as const,
  publishConfigs: (libraryId: number) => [...keys.all, 'config', libraryId, 'publishConfig'] as const,
};

/** Query definitions, for `useQuery`, `<ListPage listQuery>` and `useEntityForm({ load })`. */
export const libraryQueries = {
  list: (params: LibraryListParams) => ({ queryKey: libraryKeys.list(params), queryFn: () => libraryApi.list(params) }),
  detail: (libraryId: number) => ({ queryKey: libraryKeys.detail(libraryId), queryFn: () => libraryApi.get(libraryId) }),
  dataProperties: (libraryId: number) => ({ queryKey: libraryKeys.dataProperties(libraryId), queryFn: () => libraryConfigApi.dataProperties(libraryId) }),
};

export const useLibrary = (libraryId: number | undefined, enabled = true) =>
  useQuery({ ...libraryQueries.detail(libraryId ?? 0), enabled: enabled && libraryId !== undefined });

export const useLibraryOptions = (enabled = true) => useQuery({ queryKey: libraryKeys.options(), queryFn: libraryApi.options, enabled });

/** `quiet`: reading branches needs the library query permission; without it the caller shows the default branch, no error. */
export const useLibraryBranches = (libraryId: number, enabled = true, quiet = false) =>
  useQuery({ queryKey: libraryKeys.branches(libraryId), queryFn: () => libraryApi.branches(libraryId, quiet), enabled, ...(quiet ? { retry: false } : {}) });

const quietLibrary = (libraryId: number) => ({ queryKey: libraryKeys.quiet(libraryId), queryFn: () => libraryApi.get(libraryId, true), retry: false });

/** What the caller may do on a library, asked quietly (a library the caller cannot read answers 403). */
export const useLibraryAbilities = (libraryId: number, enabled = true) => useQuery({ ...quietLibrary(libraryId), enabled, select: (l) => l.abilities });

/** A new library's clone and index: asked every second while it runs, then no more. */
export const useLibraryProgress = (libraryId: number, enabled = true) =>
  useQuery({
    queryKey: libraryKeys.progress(libraryId),
    queryFn: () => libraryApi.progress(libraryId),
    enabled: enabled && libraryId > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.phase === 'clone' || q.state.data?.phase === 'index' ? 1000 : false),
  });

export const useDeptTree = (enabled = true) => useQuery({ queryKey: libraryKeys.deptTree(), queryFn: libraryApi.deptTree, enabled, retry: false });

export const useLibrarySettings = (kind: SettingKind, libraryId: number, enabled = true) =>
  useQuery({ queryKey: libraryKeys.settings(kind, libraryId), queryFn: () => libraryConfigApi.settings(kind, libraryId), enabled });

export const useDataProperties = (libraryId: number) => useQuery(libraryQueries.dataProperties(libraryId));

export const usePublishConfigs = (libraryId: number) =>
  useQuery({ queryKey: libraryKeys.publishConfigs(libraryId), queryFn: () => libraryConfigApi.publishConfigs(libraryId) });

export const useGranteeUsers = (libraryId: number, search: string, enabled = true) =>
  useQuery({
    queryKey: libraryKeys.granteeUsers(libraryId, search),
    queryFn: () => libraryConfigApi.users(libraryId, search || undefined),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useGranteeRoles = (libraryId: number, enabled = true) =>
  useQuery({ queryKey: libraryKeys.granteeRoles(libraryId), queryFn: () => libraryConfigApi.roles(libraryId), enabled });

function useInvalidate() {
  const client = useQueryClient();
  return (queryKey: readonly unknown[] = libraryKeys.all) => client.invalidateQueries({ queryKey });
}

/** Adds when the body has no `libraryId`, else updates. */
export function useSaveLibrary() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LibraryBody | LibraryUpdate) => ('libraryId' in body ? libraryApi.update(body) : libraryApi.add(body)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteLibraries() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (ids: readonly number[]) => libraryApi.remove(ids), onSuccess: () => invalidate() });
}

/** Fetches the remote now; the detail shows the new fetch time. */
export function useFetchLibrary(libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => libraryApi.fetch(libraryId), onSuccess: () => invalidate(libraryKeys.detail(libraryId)) });
}

/** Adds a variable or filter when the body has no `settingId`, else updates. */
export function useSaveSetting(kind: SettingKind, libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SettingBody | SettingUpdate) =>
      'settingId' in body ? libraryConfigApi.updateSetting(kind, body) : libraryConfigApi.addSetting(kind, body),
    onSuccess: () => invalidate(libraryKeys.settings(kind, libraryId)),
  });
}

export function useDeleteSettings(kind: SettingKind, libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: readonly number[]) => libraryConfigApi.removeSetting(kind, ids),
    onSuccess: () => invalidate(libraryKeys.settings(kind, libraryId)),
  });
}

export function useSaveDataProperty(libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: DataPropertyBody | DataPropertyUpdate) =>
      'configId' in body ? libraryConfigApi.updateDataProperty(body) : libraryConfigApi.addDataProperty(body),
    onSuccess: () => invalidate(libraryKeys.dataProperties(libraryId)),
  });
}

export function useDeleteDataProperty(libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (configId: number) => libraryConfigApi.removeDataProperty(configId),
    onSuccess: () => invalidate(libraryKeys.dataProperties(libraryId)),
  });
}

export function useSavePublishConfig(libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PublishConfigBody | PublishConfigUpdate) =>
      'configId' in body ? libraryConfigApi.updatePublishConfig(body) : libraryConfigApi.addPublishConfig(body),
    onSuccess: () => invalidate(libraryKeys.publishConfigs(libraryId)),
  });
}

export function useDeletePublishConfig(libraryId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (configId: number) => libraryConfigApi.removePublishConfig(configId),
    onSuccess: () => invalidate(libraryKeys.publishConfigs(libraryId)),
  });
}
