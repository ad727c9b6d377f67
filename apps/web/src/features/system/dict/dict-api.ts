import { urlOf } from '@ccms/contracts/endpoint';
import {
  DictApi,
  type DictDataBody,
  type DictDataQuery,
  type DictDataUpdate,
  type DictTypeBody,
  type DictTypeQuery,
  type DictTypeUpdate,
} from '@ccms/contracts/system/dict';
import type { Dayjs } from 'dayjs';
import { api } from '../../../api/client';
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
    list: (params: DictTypeListParams) => api.list(DictApi.typeList, { query: params }),
    get: (dictId: number) => api.one(DictApi.typeGet, { path: { dictId } }),
    /** Every type, for the item page's type picker. */
    options: () => api.one(DictApi.typeOptions),
    /** Adds when the body has no `dictId`, else updates. */
    save: (body: DictTypeSave) => ('dictId' in body ? api.call(DictApi.typeEdit, { body }) : api.call(DictApi.typeAdd, { body })),
    remove: (ids: readonly number[]) => api.call(DictApi.typeRemove, { path: { ids } }),
    export: (query: object) => download(urlOf(DictApi.typeExport), exportQuery(query), `dict_type_${Date.now()}.xlsx`),
    refreshCache: () => api.call(DictApi.refreshCache),
  },
  data: {
    list: (params: DictDataListParams) => api.list(DictApi.dataList, { query: params }),
    get: (dictCode: number) => api.one(DictApi.dataGet, { path: { dictCode } }),
    /** Adds when the body has no `dictCode`, else updates. */
    save: (body: DictDataSave) => ('dictCode' in body ? api.call(DictApi.dataEdit, { body }) : api.call(DictApi.dataAdd, { body })),
    remove: (ids: readonly number[]) => api.call(DictApi.dataRemove, { path: { ids } }),
    export: (query: object) => download(urlOf(DictApi.dataExport), exportQuery(query), `dict_data_${Date.now()}.xlsx`),
  },
};
