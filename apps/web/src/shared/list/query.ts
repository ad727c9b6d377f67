import type { Dayjs } from 'dayjs';

/** What every paged list call takes besides its filters (server: contracts PageQuery). */
export interface PageParams {
  pageNum: number;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

/** A page of rows as list calls answer it ({code, msg, rows, total}). */
export interface PageResult<Row> {
  rows: Row[];
  total: number;
}

type DateLike = Dayjs | Date | string | null | undefined;

const day = (d: DateLike) => {
  if (!d) return undefined;
  if (typeof d === 'string') return d.slice(0, 10);
  if (d instanceof Date) return d.toISOString().slice(0, 10);
  return d.format('YYYY-MM-DD');
};

/**
 * RuoYi's addDateRange: a date range filter as params[beginTime] / params[endTime]
 * (or params[begin<Name>] / params[end<Name>] for another column).
 * Usage: `api.list(UserApi.list, { query: { ...addDateRange(filters, filters.createTime), pageNum, pageSize } })`
 */
export function addDateRange<T extends object>(query: T, range: readonly DateLike[] | null | undefined, propName = ''): T & { params: Record<string, string> } {
  const params: Record<string, string> = {};
  const begin = day(range?.[0]);
  const end = day(range?.[1]);
  if (begin && end) {
    params[propName ? `begin${propName}` : 'beginTime'] = begin;
    params[propName ? `end${propName}` : 'endTime'] = end;
  }
  return { ...query, params };
}
