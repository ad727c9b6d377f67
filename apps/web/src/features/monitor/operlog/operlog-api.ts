import type { OperLog, OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { Dayjs } from 'dayjs';
import { type ApiEnvelope, api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams, type PageResult } from '../../../shared/list/query';

export type OperLogFilters = Pick<OperLogQuery, 'title' | 'operName' | 'operIp' | 'businessType' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};

export const operLogFilters = ({ dateRange, ...rest }: Partial<OperLogFilters>): Partial<OperLogFilters> => addDateRange(rest, dateRange);

const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Operation log (server: modules/monitor/operlog). */
export const operLogApi = {
  list: (query: Partial<OperLogFilters> & PageParams) => api.get<ApiEnvelope & PageResult<OperLog>>('/monitor/operlog/list', query),
  get: (operId: number) => api.get<ApiEnvelope & { data: OperLog }>(`/monitor/operlog/${operId}`).then((r) => r.data),
  remove: (ids: readonly number[]) => api.delete(`/monitor/operlog/${ids.join(',')}`),
  clean: () => api.delete('/monitor/operlog/clean'),
  export: (query: object) => download('/monitor/operlog/export', exportQuery(query), `operlog_${Date.now()}.xlsx`),
};
