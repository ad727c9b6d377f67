import type {
  ArchiveBody,
  OutputQuery,
  Publication,
  PublicationBody,
  PublicationChoices,
  PublicationChoicesQuery,
  PublicationQuery,
  PublicationUpdate,
  PublishBody,
  PublishLog,
  PublishLogQuery,
  PublishOutput,
  PublishOutputDetail,
  ViewerEntry,
  ViewerQuery,
} from '@ccms/contracts/publish/publication';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { byUrl, type DataBody } from '../../api/client';
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
  publications: (params: PublicationListParams) => byUrl.list<Publication>('/ccms/publication/list', params),
  publication: (id: number) => byUrl.one<Publication>(`/ccms/publication/${id}`),
  /** The branch's maps and filter files and the library's filter groups, for the publication form. */
  publicationChoices: (params: z.input<typeof PublicationChoicesQuery>) => byUrl.one<PublicationChoices>('/ccms/publication/choices', params),
  /** Adds when the body has no `publicationId`, else updates. */
  savePublication: (body: PublicationSave) => ('publicationId' in body ? byUrl.put('/ccms/publication', body) : byUrl.post('/ccms/publication', body)),
  removePublications: (ids: readonly number[]) => byUrl.delete(`/ccms/publication/${ids.join(',')}`),

  publish: (body: z.input<typeof PublishBody>) => byUrl.post<DataBody<PublishOutput[]>>('/ccms/output/publish', body).then((r) => r.data),
  outputs: (params: OutputListParams) => byUrl.list<PublishOutput>('/ccms/output/list', params),
  output: (id: number) => byUrl.one<PublishOutputDetail>(`/ccms/output/${id}`),
  cancel: (id: number) => byUrl.put(`/ccms/output/${id}/cancel`),
  removeOutputs: (ids: readonly number[]) => byUrl.delete(`/ccms/output/${ids.join(',')}`),
  archive: (body: z.input<typeof ArchiveBody>) => byUrl.post('/ccms/output/archive', body),
  /** Zips the output into the caller's download center (a queued job makes the file). */
  toDownloads: (id: number) => byUrl.post<DataBody<{ downloadId: number }>>(`/ccms/output/${id}/toDownloads`).then((r) => r.data),
  zip: (output: PublishOutput) => downloadGet(`/ccms/output/${output.outputId}/zip`, undefined, `output-${output.outputId}.zip`),

  publishLogs: (params: PublishLogParams) => byUrl.list<PublishLog>('/ccms/publishLog/list', params),
  exportPublishLogs: (query: object) => {
    const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
    return download('/ccms/publishLog/export', filters, `publish-log-${Date.now()}.xlsx`);
  },

  viewer: (params: ViewerParams) => byUrl.list<ViewerEntry>('/ccms/mxView/list', params),
};
