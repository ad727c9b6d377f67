import { urlOf } from '@ccms/contracts/endpoint';
import { OutputApi } from '@ccms/contracts/publish/output';
import type { ArchiveBody, OutputQuery, PublishBody, PublishOutput } from '@ccms/contracts/publish/publication';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export type OutputListParams = z.input<typeof OutputQuery>;

/** Publishing and its outputs (server: modules/publish/output). Screens use `output-queries.ts`. */
export const outputApi = {
  publish: (body: z.input<typeof PublishBody>) => api.one(OutputApi.publish, { body }),
  list: (params: OutputListParams) => api.list(OutputApi.list, { query: params }),
  get: (id: number) => api.one(OutputApi.get, { path: { id } }),
  cancel: (id: number) => api.call(OutputApi.cancel, { path: { id } }),
  remove: (ids: readonly number[]) => api.call(OutputApi.remove, { path: { ids } }),
  archive: (body: z.input<typeof ArchiveBody>) => api.call(OutputApi.archive, { body }),
  /** Zips the output into the caller's download center (a queued job makes the file). */
  toDownloads: (id: number) => api.one(OutputApi.toDownloads, { path: { id } }),
  zip: (output: PublishOutput) => downloadGet(urlOf(OutputApi.zip, { id: output.outputId }), undefined, `output-${output.outputId}.zip`),
};
