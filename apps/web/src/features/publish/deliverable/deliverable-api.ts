import { LibraryConfigApi } from '@ccms/contracts/content/library-config';
import { DeliverableApi, type DeliverableBody, type DeliverableQuery, type DeliverableUpdate, type ReceiptQuery } from '@ccms/contracts/publish/deliverable';
import { type Publication, PublicationApi } from '@ccms/contracts/publish/publication';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type DeliverableFilters = Pick<DeliverableQuery, 'name'>;
export type DeliverableListParams = z.input<typeof DeliverableQuery>;
export type ReceiptListParams = z.input<typeof ReceiptQuery>;
export type DeliverableSave = DeliverableBody | DeliverableUpdate;

/** What the deliverable form reads of a publication (its list, publish area). */
export type PublicationChoice = Pick<Publication, 'publicationId' | 'name' | 'libraryId'>;

/** Deliverables and their receipts (server: modules/publish/deliverable). Screens use `deliverable-queries.ts`. */
export const deliverableApi = {
  list: (params: DeliverableListParams) => api.list(DeliverableApi.list, { query: params }),
  get: (deliverableId: number) => api.one(DeliverableApi.get, { path: { id: deliverableId } }),
  receipts: (deliverableId: number, params: ReceiptListParams) => api.list(DeliverableApi.receipts, { path: { id: deliverableId }, query: params }),
  save: (body: DeliverableSave) => ('deliverableId' in body ? api.call(DeliverableApi.edit, { body }) : api.call(DeliverableApi.add, { body })),
  deliver: (deliverableId: number) => api.one(DeliverableApi.deliver, { path: { id: deliverableId }, body: {} }),
  remove: (ids: readonly number[]) => api.call(DeliverableApi.remove, { path: { ids } }),
  publications: (): Promise<{ rows: PublicationChoice[]; total: number }> => api.list(PublicationApi.list, { query: { pageNum: 1, pageSize: 100 } }),
  publishConfigs: (libraryId: number) => api.one(LibraryConfigApi.publishConfigList, { query: { libraryId } }),
};
