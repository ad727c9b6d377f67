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
import { byUrl, type DataBody } from '../../../api/client';
import { downloadGet } from '../../../shared/download';

export type GenListParams = z.input<typeof GenQuery>;
export type DbTableListParams = z.input<typeof DbTableQuery>;

/** The code generator (server: modules/tool/gen). Screens use `gen-queries.ts`. */
export const genApi = {
  list: (params: GenListParams) => byUrl.list<GenTable>('/tool/gen/list', params),
  dbList: (params: DbTableListParams) => byUrl.list<DbTable>('/tool/gen/db/list', params),
  get: (tableId: number) => byUrl.one<GenTableDetail>(`/tool/gen/${tableId}`),
  importTables: (tables: readonly string[]) => byUrl.post(`/tool/gen/importTable?tables=${encodeURIComponent(tables.join(','))}`),
  save: (body: GenTableUpdate) => byUrl.put('/tool/gen', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/tool/gen/${ids.join(',')}`),
  synchronize: (tableId: number) => byUrl.get(`/tool/gen/synchDb/${tableId}`),
  preview: (tableId: number) => byUrl.one<GenFile[]>(`/tool/gen/preview/${tableId}`),
  writeStatus: () => byUrl.one<GenWriteStatus>('/tool/gen/writeStatus'),
  /** Writes into the server's project tree; `silent` lets the caller handle a refusal (files that exist). */
  writeCode: async (tableIds: readonly number[], overwrite: boolean, silent = false) =>
    (await byUrl.post<DataBody<GenWriteResult>>('/tool/gen/writeCode', { tableIds, overwrite }, { silent })).data.written,
  download: (tableIds: readonly number[]) => downloadGet('/tool/gen/batchGenCode', { tableIds: tableIds.join(',') }, 'ccms-gen.zip'),
};
