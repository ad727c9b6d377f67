import { urlOf } from '@ccms/contracts/endpoint';
import { type Config, ConfigApi, type ConfigBody, type ConfigQuery, type ConfigUpdate } from '@ccms/contracts/system/config';
import type { Dayjs } from 'dayjs';
import { api } from '../../../api/client';
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
  list: (params: ConfigListParams) => api.list(ConfigApi.list, { query: params }),
  get: (configId: number) => api.one(ConfigApi.get, { path: { configId } }),
  /** Adds when the body has no `configId`, else updates; answers the stored secrets the save cleared (the server they belong to changed). */
  save: (body: ConfigSave) => ('configId' in body ? api.call(ConfigApi.edit, { body }) : api.call(ConfigApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(ConfigApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(ConfigApi.export), exportQuery(query), `config_${Date.now()}.xlsx`),
  refreshCache: () => api.call(ConfigApi.refreshCache),
};
