import { urlOf } from '@ccms/contracts/endpoint';
import { OutputApi } from '@ccms/contracts/publish/output';
import {
  type ArchiveBody,
  type OutputQuery,
  PublicationApi,
  type PublicationBody,
  type PublicationChoicesQuery,
  type PublicationQuery,
  type PublicationUpdate,
  type PublishBody,
  type PublishLogQuery,
  type PublishOutput,
  type ViewerQuery,
} from '@ccms/contracts/publish/publication';
import { PublishLogApi } from '@ccms/contracts/publish/publish-log';
import { ViewerApi } from '@ccms/contracts/publish/viewer';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { api } from '../../api/client';
import { downloadGet } from '../../api/download';
import type { QueryParams } from '../../api/params';
import { download } from '../../shared/download';
import { addDateRange } from '../../shared/list/query';

export type PublicationListParams = z.input<typeof PublicationQuery>;
export type PublicationFilters = Pick<PublicationListParams, 'name'>;
export type PublicationSave = z.input<typeof PublicationBody> | z.input<typeof PublicationUpdate>;
export type OutputListParams = z.input<typeof OutputQuery>;
export type PublishLogParams = z.input<typeof PublishLogQuery>;
export type PublishLogFilters = Pick<PublishLogParams, 'publicationName' | 'ditaMap' | 'operName' | 'status' | 'format'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};
/** Form values to the call's filters (the date range becomes params[beginTime]/params[endTime]). */
export const publishLogFilters = ({ dateRange, ...rest }: Partial<PublishLogFilters>): Partial<PublishLogFilters> => addDateRange(rest, dateRange);
export type ViewerParams = z.input<typeof ViewerQuery>;

/** Publications, outputs, the publish log and the viewer (server: modules/publish). Screens use `publish-queries.ts`. */
export const publishApi = {
  publications: (params: PublicationListParams) => api.list(PublicationApi.list, { query: params }),
  publication: (id: number) => api.one(PublicationApi.get, { path: { id } }),
  /** The branch's maps and filter files and the library's filter groups, for the publication form. */
  publicationChoices: (params: z.input<typeof PublicationChoicesQuery>) => api.one(PublicationApi.choices, { query: params }),
  /** Adds when the body has no `publicationId`, else updates. */
  savePublication: (body: PublicationSave) => ('publicationId' in body ? api.call(PublicationApi.edit, { body }) : api.call(PublicationApi.add, { body })),
  removePublications: (ids: readonly number[]) => api.call(PublicationApi.remove, { path: { ids } }),

  publish: (body: z.input<typeof PublishBody>) => api.one(OutputApi.publish, { body }),
  outputs: (params: OutputListParams) => api.list(OutputApi.list, { query: params }),
  output: (id: number) => api.one(OutputApi.get, { path: { id } }),
  cancel: (id: number) => api.call(OutputApi.cancel, { path: { id } }),
  removeOutputs: (ids: readonly number[]) => api.call(OutputApi.remove, { path: { ids } }),
  archive: (body: z.input<typeof ArchiveBody>) => api.call(OutputApi.archive, { body }),
  /** Zips the output into the caller's download center (a queued job makes the file). */
  toDownloads: (id: number) => api.one(OutputApi.toDownloads, { path: { id } }),
  zip: (output: PublishOutput) => downloadGet(urlOf(OutputApi.zip, { id: output.outputId }), undefined, `output-${output.outputId}.zip`),

  publishLogs: (params: PublishLogParams) => api.list(PublishLogApi.list, { query: params }),
  exportPublishLogs: (query: object) => {
    const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
    return download(urlOf(PublishLogApi.export), filters, `publish-log-${Date.now()}.xlsx`);
  },

  viewer: (params: ViewerParams) => api.list(ViewerApi.list, { query: params }),
};
