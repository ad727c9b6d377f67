import { urlOf } from '@ccms/contracts/endpoint';
import { LoginInfoApi, type LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import type { Dayjs } from 'dayjs';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams } from '../../../shared/list/query';

export type LoginInfoFilters = Pick<LoginInfoQuery, 'ipaddr' | 'userName' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};

export type LoginInfoListParams = Partial<LoginInfoFilters> & PageParams;

export const loginInfoFilters = ({ dateRange, ...rest }: Partial<LoginInfoFilters>): Partial<LoginInfoFilters> => addDateRange(rest, dateRange);

const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Sign-in log (server: modules/monitor/logininfor). Screens use `logininfor-queries.ts`. */
export const loginInfoApi = {
  list: (params: LoginInfoListParams) => api.list(LoginInfoApi.list, { query: params }),
  remove: (ids: readonly number[]) => api.call(LoginInfoApi.remove, { path: { ids } }),
  clean: () => api.call(LoginInfoApi.clean),
  unlock: (userName: string) => api.call(LoginInfoApi.unlock, { path: { userName } }),
  export: (query: object) => download(urlOf(LoginInfoApi.export), exportQuery(query), `logininfor_${Date.now()}.xlsx`),
};
