import type { Config, ConfigBody, ConfigQuery, ConfigSaveResult, ConfigUpdate } from '@ccms/contracts/system/config';
import type { Dayjs } from 'dayjs';
import { byUrl, type DataBody } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams } from '../../../shared/list/query';

/** The list's search form; the date range travels as params[beginTime] / params[endTime]. */
export type ConfigFilters = Pick<ConfigQuery, 'configName' | 'configKey' | 'configType'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};
/** A page of parameters. */
export type ConfigListParams = Partial<ConfigFilters> & PageParams;
export type ConfigSave = ConfigBody | ConfigUpdate;

export const configFilters = ({ dateRange, ...rest }: Partial<ConfigFilters>): Partial<ConfigFilters> => addDateRange(rest, dateRange);

/** The parameter's name in the screen's language: the English name on English screens where there is one. */
export const configTitle = (row: Pick<Config, 'configName' | 'configNameEn'>, lang: string) =>
  lang.startsWith('en') && row.configNameEn ? row.configNameEn : row.configName;

/** Built-in parameters (configType Y) cannot be deleted: the server refuses, the screen says so first. */
export const isBuiltIn = (row: Pick<Config, 'configType'>) => row.configType === 'Y';

const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, orderByColumn: _column, isAsc: _asc, ...filters } = query as QueryParams;
  return filters;
};

/** Config parameters (server: modules/system/config). Screens use `config-queries.ts`. */
export const configApi = {
  list: (params: ConfigListParams) => byUrl.list<Config>('/system/config/list', params),
  get: (configId: number) => byUrl.one<Config>(`/system/config/${configId}`),
  /** Adds when the body has no `configId`, else updates; answers the stored secrets the save cleared (the server they belong to changed). */
  save: (body: ConfigSave) =>
    'configId' in body ? byUrl.put<DataBody<ConfigSaveResult>>('/system/config', body) : byUrl.post<DataBody<ConfigSaveResult>>('/system/config', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/system/config/${ids.join(',')}`),
  export: (query: object) => download('/system/config/export', exportQuery(query), `config_${Date.now()}.xlsx`),
  refreshCache: () => byUrl.delete('/system/config/refreshCache'),
};
