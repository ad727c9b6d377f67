import type { LoginInfo, LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import type { Dayjs } from 'dayjs';
import { byUrl } from '../../../api/client';
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
  list: (params: LoginInfoListParams) => byUrl.list<LoginInfo>('/monitor/logininfor/list', params),
  remove: (ids: readonly number[]) => byUrl.delete(`/monitor/logininfor/${ids.join(',')}`),
  clean: () => byUrl.delete('/monitor/logininfor/clean'),
  unlock: (userName: string) => byUrl.get(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`),
  export: (query: object) => download('/monitor/logininfor/export', exportQuery(query), `logininfor_${Date.now()}.xlsx`),
};
