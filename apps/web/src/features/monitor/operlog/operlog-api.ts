import { urlOf } from '@ccms/contracts/endpoint';
import { OperLogApi, type OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { Dayjs } from 'dayjs';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams } from '../../../shared/list/query';

export type OperLogFilters = Pick<OperLogQuery, 'title' | 'operName' | 'operIp' | 'businessType' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};

export type OperLogListParams = Partial<OperLogFilters> & PageParams;

export const operLogFilters = ({ dateRange, ...rest }: Partial<OperLogFilters>): Partial<OperLogFilters> => addDateRange(rest, dateRange);

const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Operation log (server: modules/monitor/operlog). Screens use `operlog-queries.ts`. */
export const operLogApi = {
  list: (params: OperLogListParams) => api.list(OperLogApi.list, { query: params }),
  get: (operId: number) => api.one(OperLogApi.get, { path: { operId } }),
  remove: (ids: readonly number[]) => api.call(OperLogApi.remove, { path: { ids } }),
  clean: () => api.call(OperLogApi.clean),
  export: (query: object) => download(urlOf(OperLogApi.export), exportQuery(query), `operlog_${Date.now()}.xlsx`),
};
