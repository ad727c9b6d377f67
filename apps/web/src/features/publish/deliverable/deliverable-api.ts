import { LibraryConfigApi } from '@ccms/contracts/content/library-config';
import type { Deliverable, DeliverableBody, DeliverableQuery, DeliverableUpdate, DeliveryReceipt, ReceiptQuery } from '@ccms/contracts/publish/deliverable';
import type { z } from 'zod';
import { api, byUrl, type DataBody } from '../../../api/client';

export type DeliverableFilters = Pick<DeliverableQuery, 'name'>;
export type DeliverableListParams = z.input<typeof DeliverableQuery>;
export type ReceiptListParams = z.input<typeof ReceiptQuery>;
export type DeliverableSave = DeliverableBody | DeliverableUpdate;

/** What the deliverable form reads of a publication (GET /ccms/publication/list, publish area). */
export interface PublicationChoice {
  publicationId: number;
  name: string;
  libraryId: number;
}

/** Deliverables and their receipts (server: modules/publish/deliverable). Screens use `deliverable-queries.ts`. */
export const deliverableApi = {
  list: (params: DeliverableListParams) => byUrl.list<Deliverable>('/ccms/deliverable/list', params),
  get: (deliverableId: number) => byUrl.one<Deliverable>(`/ccms/deliverable/${deliverableId}`),
  receipts: (deliverableId: number, params: ReceiptListParams) => byUrl.list<DeliveryReceipt>(`/ccms/deliverable/${deliverableId}/receipts`, params),
  save: (body: DeliverableSave) => ('deliverableId' in body ? byUrl.put('/ccms/deliverable', body) : byUrl.post('/ccms/deliverable', body)),
  deliver: async (deliverableId: number) => (await byUrl.post<DataBody<{ receiptId: number }>>(`/ccms/deliverable/${deliverableId}/deliver`, {})).data,
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/deliverable/${ids.join(',')}`),
  publications: () => byUrl.list<PublicationChoice>('/ccms/publication/list', { pageNum: 1, pageSize: 100 }),
  publishConfigs: (libraryId: number) => api.one(LibraryConfigApi.publishConfigList, { query: { libraryId } }),
};
