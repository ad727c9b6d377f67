import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { libraryKeys } from '../library/library-queries';
import { type At, type Change, explorerApi, type ListingParams } from './explorer-api';

/**
 * The explorer data layer: folder trees, listings and files of a library under `explorerKeys.all`;
 * a commit (or a fetch of the remote) invalidates all of it.
 */
const keys = entityKeys<ListingParams, string>('content', 'explorer');
export const explorerKeys = {
  ...keys,
  tree: (at: At) => [...keys.all, 'tree', at] as const,
  file: (at: At & { path: string }) => [...keys.all, 'file', at] as const,
};

export const explorerQueries = {
  tree: (at: At) => ({ queryKey: explorerKeys.tree(at), queryFn: () => explorerApi.tree(at) }),
  list: (params: ListingParams) => ({ queryKey: explorerKeys.list(params), queryFn: () => explorerApi.list(params) }),
  file: (at: At & { path: string }) => ({ queryKey: explorerKeys.file(at), queryFn: () => explorerApi.file(at) }),
};

export const useExplorerTree = (at: At, enabled: boolean) => useQuery({ ...explorerQueries.tree(at), enabled });

export const useExplorerListing = (params: ListingParams, enabled: boolean) =>
  useQuery({ ...explorerQueries.list(params), enabled, placeholderData: keepPreviousData });

export const useExplorerFile = (at: At, path: string | null) => useQuery({ ...explorerQueries.file({ ...at, path: path ?? '' }), enabled: path !== null });

/** Reads a library's content again (after a commit, a fetch of the remote): trees, listings, files and its branches. */
export function useRefreshExplorer() {
  const client = useQueryClient();
  return (libraryId: number) =>
    Promise.all([client.invalidateQueries({ queryKey: explorerKeys.all }), client.invalidateQueries({ queryKey: libraryKeys.branches(libraryId) })]);
}

/** Commits one change (new folder, rename, move, delete, upload, package). */
export function useCommitChange() {
  const refresh = useRefreshExplorer();
  return useMutation({ mutationFn: (change: Change) => explorerApi.commit(change), onSuccess: (_r, change) => refresh(libraryOf(change)) });
}

const libraryOf = (change: Change) => ('body' in change ? change.body.libraryId : change.fields.libraryId);
