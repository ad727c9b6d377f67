import type { DictData, DictDataBody, DictDataQuery, DictDataUpdate, DictType, DictTypeBody, DictTypeQuery, DictTypeUpdate } from '@ccms/contracts/system/dict';
import type { Dayjs } from 'dayjs';
import { byUrl } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams } from '../../../shared/list/query';

/** The type list's search form; the date range travels as params[beginTime] / params[endTime]. */
export type DictTypeFilters = Pick<DictTypeQuery, 'dictName' | 'dictType' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};
export type DictTypeListParams = Partial<DictTypeFilters> & PageParams;
export type DictTypeSave = DictTypeBody | DictTypeUpdate;

export type DictDataFilters = Pick<DictDataQuery, 'dictType' | 'dictLabel' | 'status'>;
export type DictDataListParams = DictDataFilters & PageParams;
export type DictDataSave = DictDataBody | DictDataUpdate;

/** Search form values into the call's filters. */
export const typeFilters = ({ dateRange, ...rest }: Partial<DictTypeFilters>): Partial<DictTypeFilters> => addDateRange(rest, dateRange);

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, orderByColumn: _column, isAsc: _asc, ...filters } = query as QueryParams;
  return filters;
};

/** Dictionary types and items (server: modules/system/dict). Screens use `dict-queries.ts`. */
export const dictApi = {
  types: {
    list: (params: DictTypeListParams) => byUrl.list<DictType>('/system/dict/type/list', params),
    get: (dictId: number) => byUrl.one<DictType>(`/system/dict/type/${dictId}`),
    /** Every type, for the item page's type picker. */
    options: () => byUrl.one<DictType[]>('/system/dict/type/optionselect'),
    /** Adds when the body has no `dictId`, else updates. */
    save: (body: DictTypeSave) => ('dictId' in body ? byUrl.put('/system/dict/type', body) : byUrl.post('/system/dict/type', body)),
    remove: (ids: readonly number[]) => byUrl.delete(`/system/dict/type/${ids.join(',')}`),
    export: (query: object) => download('/system/dict/type/export', exportQuery(query), `dict_type_${Date.now()}.xlsx`),
    refreshCache: () => byUrl.delete('/system/dict/type/refreshCache'),
  },
  data: {
    list: (params: DictDataListParams) => byUrl.list<DictData>('/system/dict/data/list', params),
    get: (dictCode: number) => byUrl.one<DictData>(`/system/dict/data/${dictCode}`),
    /** Adds when the body has no `dictCode`, else updates. */
    save: (body: DictDataSave) => ('dictCode' in body ? byUrl.put('/system/dict/data', body) : byUrl.post('/system/dict/data', body)),
    remove: (ids: readonly number[]) => byUrl.delete(`/system/dict/data/${ids.join(',')}`),
    export: (query: object) => download('/system/dict/data/export', exportQuery(query), `dict_data_${Date.now()}.xlsx`),
  },
};
