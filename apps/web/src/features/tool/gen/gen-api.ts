import type {
  DbTable,
  DbTableQuery,
  GenFile,
  GenQuery,
  GenTable,
  GenTableDetail,
  GenTableUpdate,
  GenWriteResult,
  GenWriteStatus,
} from '@ccms/contracts/tool/gen';
import type { z } from 'zod';
import { api, type DataBody } from '../../../api/client';
import { downloadGet } from '../../../shared/download';

export type GenListParams = z.input<typeof GenQuery>;
export type DbTableListParams = z.input<typeof DbTableQuery>;

/** The code generator (server: modules/tool/gen). Screens use `gen-queries.ts`. */
export const genApi = {
  list: (params: GenListParams) => api.list<GenTable>('/tool/gen/list', params),
  dbList: (params: DbTableListParams) => api.list<DbTable>('/tool/gen/db/list', params),
  get: (tableId: number) => api.one<GenTableDetail>(`/tool/gen/${tableId}`),
  importTables: (tables: readonly string[]) => api.post(`/tool/gen/importTable?tables=${encodeURIComponent(tables.join(','))}`),
  save: (body: GenTableUpdate) => api.put('/tool/gen', body),
  remove: (ids: readonly number[]) => api.delete(`/tool/gen/${ids.join(',')}`),
  synchronize: (tableId: number) => api.get(`/tool/gen/synchDb/${tableId}`),
  preview: (tableId: number) => api.one<GenFile[]>(`/tool/gen/preview/${tableId}`),
  writeStatus: () => api.one<GenWriteStatus>('/tool/gen/writeStatus'),
  /** Writes into the server's project tree; `silent` lets the caller handle a refusal (files that exist). */
  writeCode: async (tableIds: readonly number[], overwrite: boolean, silent = false) =>
    (await api.post<DataBody<GenWriteResult>>('/tool/gen/writeCode', { tableIds, overwrite }, { silent })).data.written,
  download: (tableIds: readonly number[]) => downloadGet('/tool/gen/batchGenCode', { tableIds: tableIds.join(',') }, 'ccms-gen.zip'),
};
