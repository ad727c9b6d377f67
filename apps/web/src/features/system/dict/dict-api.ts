import type { DictData, DictDataBody, DictDataQuery, DictDataUpdate, DictType, DictTypeBody, DictTypeQuery, DictTypeUpdate } from '@ccms/contracts/system/dict';
import type { Dayjs } from 'dayjs';
import { type ApiEnvelope, api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams, type PageResult } from '../../../shared/list/query';

/** The type list's search form; the date range travels as params[beginTime] / params[endTime]. */
export type DictTypeFilters = Pick<DictTypeQuery, 'dictName' | 'dictType' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};

export type DictDataFilters = Pick<DictDataQuery, 'dictType' | 'dictLabel' | 'status'>;

/** Search form values into the call's filters. */
export const typeFilters = ({ dateRange, ...rest }: Partial<DictTypeFilters>): Partial<DictTypeFilters> => addDateRange(rest, dateRange);

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, orderByColumn: _column, isAsc: _asc, ...filters } = query as QueryParams;
  return filters;
};

type One<T> = ApiEnvelope & { data: T };

/** Dictionary types and items (server: modules/system/dict). */
export const dictApi = {
  types: {
    list: (query: Partial<DictTypeFilters> & PageParams) => api.get<ApiEnvelope & PageResult<DictType>>('/system/dict/type/list', query),
    get: (dictId: number) => api.get<One<DictType>>(`/system/dict/type/${dictId}`).then((r) => r.data),
    /** Every type, for the item page's type picker. */
    options: () => api.get<One<DictType[]>>('/system/dict/type/optionselect').then((r) => r.data),
    add: (body: DictTypeBody) => api.post('/system/dict/type', body),
    update: (body: DictTypeUpdate) => api.put('/system/dict/type', body),
    remove: (ids: readonly number[]) => api.delete(`/system/dict/type/${ids.join(',')}`),
    export: (query: object) => download('/system/dict/type/export', exportQuery(query), `dict_type_${Date.now()}.xlsx`),
    refreshCache: () => api.delete('/system/dict/type/refreshCache'),
  },
  data: {
    list: (query: DictDataFilters & PageParams) => api.get<ApiEnvelope & PageResult<DictData>>('/system/dict/data/list', query),
    get: (dictCode: number) => api.get<One<DictData>>(`/system/dict/data/${dictCode}`).then((r) => r.data),
    add: (body: DictDataBody) => api.post('/system/dict/data', body),
    update: (body: DictDataUpdate) => api.put('/system/dict/data', body),
    remove: (ids: readonly number[]) => api.delete(`/system/dict/data/${ids.join(',')}`),
    export: (query: object) => download('/system/dict/data/export', exportQuery(query), `dict_data_${Date.now()}.xlsx`),
  },
};
