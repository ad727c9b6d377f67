import type { GenTableUpdate } from '@ccms/contracts/tool/gen';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DbTableListParams, type GenListParams, genApi } from './gen-api';

/** The code generator's data layer: imported tables, database tables, previews. */
export const genKeys = {
  ...entityKeys<GenListParams>('tool', 'gen'),
  dbList: (params: DbTableListParams) => ['tool', 'gen', 'db', params] as const,
  preview: (tableId: number) => ['tool', 'gen', 'preview', tableId] as const,
  writeStatus: ['tool', 'gen', 'writeStatus'] as const,
};

export const genQueries = {
  list: (params: GenListParams) => ({ queryKey: genKeys.list(params), queryFn: () => genApi.list(params) }),
  dbList: (params: DbTableListParams) => ({ queryKey: genKeys.dbList(params), queryFn: () => genApi.dbList(params) }),
  detail: (tableId: number) => ({ queryKey: genKeys.detail(tableId), queryFn: () => genApi.get(tableId) }),
  preview: (tableId: number) => ({ queryKey: genKeys.preview(tableId), queryFn: () => genApi.preview(tableId) }),
};

export const useDbTables = (params: DbTableListParams, enabled: boolean) =>
  useQuery({ ...genQueries.dbList(params), enabled, placeholderData: keepPreviousData, staleTime: 0 });
export const useGenTable = (tableId: number) => useQuery({ ...genQueries.detail(tableId), enabled: tableId > 0 });
export const useGenPreview = (tableId: number | undefined) => useQuery({ ...genQueries.preview(tableId ?? 0), enabled: tableId !== undefined, staleTime: 0 });

/** Whether "generate to project" is open to the caller, and if not why. */
export const useGenWriteStatus = () => useQuery({ queryKey: genKeys.writeStatus, queryFn: genApi.writeStatus, staleTime: 0 });

/** A mutation that refreshes everything the generator shows when it succeeds. */
function useGenMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: genKeys.all }) });
}

export const useImportTables = () => useGenMutation((tables: readonly string[]) => genApi.importTables(tables));
export const useSaveGenTable = () => useGenMutation((body: GenTableUpdate) => genApi.save(body));
export const useDeleteGenTables = () => useGenMutation((ids: readonly number[]) => genApi.remove(ids));
export const useSynchronizeGenTable = () => useGenMutation((tableId: number) => genApi.synchronize(tableId));
