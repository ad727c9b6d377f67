import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DictDataListParams, type DictDataSave, type DictTypeListParams, type DictTypeSave, dictApi } from './dict-api';

const typeKeys = entityKeys<DictTypeListParams>('system', 'dict');
/** The dictionary data layer (see shared/form/README.md): types at the top, their items under `data`. */
export const dictKeys = {
  ...typeKeys,
  options: () => [...typeKeys.all, 'options'] as const,
  dataLists: () => [...typeKeys.all, 'data', 'list'] as const,
  dataList: (params: DictDataListParams) => [...typeKeys.all, 'data', 'list', params] as const,
  dataDetail: (dictCode: number) => [...typeKeys.all, 'data', 'detail', dictCode] as const,
};
/** The app-wide dictionary cache of selects and tags (shared/dict/use-dict.ts). */
const DICT_CACHE = ['dict'] as const;

export const dictQueries = {
  list: (params: DictTypeListParams) => ({ queryKey: dictKeys.list(params), queryFn: () => dictApi.types.list(params) }),
  detail: (dictId: number) => ({ queryKey: dictKeys.detail(dictId), queryFn: () => dictApi.types.get(dictId) }),
  options: () => ({ queryKey: dictKeys.options(), queryFn: dictApi.types.options }),
  dataList: (params: DictDataListParams) => ({ queryKey: dictKeys.dataList(params), queryFn: () => dictApi.data.list(params) }),
  dataDetail: (dictCode: number) => ({ queryKey: dictKeys.dataDetail(dictCode), queryFn: () => dictApi.data.get(dictCode) }),
};

export const useDictType = (dictId: number) => useQuery({ ...dictQueries.detail(dictId), enabled: dictId > 0 });
/** Every type, for the item page's type picker. */
export const useDictTypeOptions = () => useQuery(dictQueries.options());

/** A change to a type or an item: the screens' lists and every dictionary-backed select and tag read again. */
const changed = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: dictKeys.all }), client.invalidateQueries({ queryKey: DICT_CACHE })]);

/** A mutation of the dictionary screens that refreshes what `changed` covers. */
function useDictMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => changed(client) });
}

export const useSaveDictType = () => useDictMutation((body: DictTypeSave) => dictApi.types.save(body));
export const useDeleteDictTypes = () => useDictMutation((ids: readonly number[]) => dictApi.types.remove(ids));
/** The server reloads its dictionary cache; the app's selects and tags read again. */
export const useRefreshDictCache = () => useDictMutation<void>(() => dictApi.types.refreshCache());
export const useSaveDictData = () => useDictMutation((body: DictDataSave) => dictApi.data.save(body));
export const useDeleteDictData = () => useDictMutation((ids: readonly number[]) => dictApi.data.remove(ids));
