import { urlOf } from '@ccms/contracts/endpoint';
import { type DbTableQuery, GenApi, type GenQuery, type GenTableUpdate } from '@ccms/contracts/tool/gen';
import type { z } from 'zod';
import { type AnswerOf, api, request, requestOf } from '../../../api/client';
import { downloadGet } from '../../../shared/download';

export type GenListParams = z.input<typeof GenQuery>;
export type DbTableListParams = z.input<typeof DbTableQuery>;

/** The code generator (server: modules/tool/gen). Screens use `gen-queries.ts`. */
export const genApi = {
  list: (params: GenListParams) => api.list(GenApi.list, { query: params }),
  dbList: (params: DbTableListParams) => api.list(GenApi.dbList, { query: params }),
  get: (tableId: number) => api.one(GenApi.get, { path: { id: tableId } }),
  /** The names ride in the URL, as RuoYi's client sends them. */
  importTables: (tables: readonly string[]) =>
    request<AnswerOf<typeof GenApi.importTables>>({
      ...requestOf(GenApi.importTables),
      url: `${urlOf(GenApi.importTables)}?tables=${encodeURIComponent(tables.join(','))}`,
    }),
  save: (body: GenTableUpdate) => api.call(GenApi.edit, { body }),
  remove: (ids: readonly number[]) => api.call(GenApi.remove, { path: { ids } }),
  synchronize: (tableId: number) => api.call(GenApi.synchronize, { path: { id: tableId } }),
  preview: (tableId: number) => api.one(GenApi.preview, { path: { id: tableId } }),
  writeStatus: () => api.one(GenApi.writeStatus),
  /** Writes into the server's project tree; `silent` lets the caller handle a refusal (files that exist). */
  writeCode: async (tableIds: readonly number[], overwrite: boolean, silent = false) =>
    (await api.one(GenApi.writeCode, { body: { tableIds, overwrite } }, { silent })).written,
  download: (tableIds: readonly number[]) => downloadGet(urlOf(GenApi.download), { tableIds: tableIds.join(',') }, 'ccms-gen.zip'),
};
