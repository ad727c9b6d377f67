import { urlOf } from '@ccms/contracts/endpoint';
import type { PublishLogQuery } from '@ccms/contracts/publish/publication';
import { PublishLogApi } from '@ccms/contracts/publish/publish-log';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange } from '../../../shared/list/query';

export type PublishLogParams = z.input<typeof PublishLogQuery>;
export type PublishLogFilters = Pick<PublishLogParams, 'publicationName' | 'ditaMap' | 'operName' | 'status' | 'format'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};
/** Form values to the call's filters (the date range becomes params[beginTime]/params[endTime]). */
export const publishLogFilters = ({ dateRange, ...rest }: Partial<PublishLogFilters>): Partial<PublishLogFilters> => addDateRange(rest, dateRange);

/** The publish log (server: modules/publish/publish-log). Screens use `publish-log-queries.ts`. */
export const publishLogApi = {
  list: (params: PublishLogParams) => api.list(PublishLogApi.list, { query: params }),
  export: (query: object) => {
    const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
    return download(urlOf(PublishLogApi.export), filters, `publish-log-${Date.now()}.xlsx`);
  },
};
