import type { ArchiveBody, OutputQuery, PublishBody, PublishOutput, PublishOutputDetail } from '@ccms/contracts/publish/publication';
import type { z } from 'zod';
import { byUrl, type DataBody } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export type OutputListParams = z.input<typeof OutputQuery>;

/** Publishing and its outputs (server: modules/publish/output). Screens use `output-queries.ts`. */
export const outputApi = {
  publish: (body: z.input<typeof PublishBody>) => byUrl.post<DataBody<PublishOutput[]>>('/ccms/output/publish', body).then((r) => r.data),
  list: (params: OutputListParams) => byUrl.list<PublishOutput>('/ccms/output/list', params),
  get: (id: number) => byUrl.one<PublishOutputDetail>(`/ccms/output/${id}`),
  cancel: (id: number) => byUrl.put(`/ccms/output/${id}/cancel`),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/output/${ids.join(',')}`),
  archive: (body: z.input<typeof ArchiveBody>) => byUrl.post('/ccms/output/archive', body),
  /** Zips the output into the caller's download center (a queued job makes the file). */
  toDownloads: (id: number) => byUrl.post<DataBody<{ downloadId: number }>>(`/ccms/output/${id}/toDownloads`).then((r) => r.data),
  zip: (output: PublishOutput) => downloadGet(`/ccms/output/${output.outputId}/zip`, undefined, `output-${output.outputId}.zip`),
};
