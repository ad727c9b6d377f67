import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DeliverableListParams, type DeliverableSave, deliverableApi, type ReceiptListParams } from './deliverable-api';

/** The deliverable data layer (see shared/form/README.md). */
const keys = entityKeys<DeliverableListParams>('publish', 'deliverable');
export const deliverableKeys = {
  ...keys,
  receipts: (deliverableId: number, params: ReceiptListParams) => [...keys.all, 'receipts', deliverableId, params] as const,
  publications: () => [...keys.all, 'publications'] as const,
  publishConfigs: (libraryId: number) => [...keys.all, 'publishConfigs', libraryId] as const,
};

export const deliverableQueries = {
  list: (params: DeliverableListParams) => ({ queryKey: deliverableKeys.list(params), queryFn: () => deliverableApi.list(params) }),
  detail: (deliverableId: number) => ({ queryKey: deliverableKeys.detail(deliverableId), queryFn: () => deliverableApi.get(deliverableId) }),
  receipts: (deliverableId: number) => (params: ReceiptListParams) => ({
    queryKey: deliverableKeys.receipts(deliverableId, params),
    queryFn: () => deliverableApi.receipts(deliverableId, params),
  }),
};

export const usePublicationChoices = () => useQuery({ queryKey: deliverableKeys.publications(), queryFn: deliverableApi.publications });

export const usePublishConfigChoices = (libraryId: number | undefined) =>
  useQuery({
    queryKey: deliverableKeys.publishConfigs(libraryId ?? 0),
    queryFn: () => deliverableApi.publishConfigs(libraryId ?? 0),
    enabled: libraryId !== undefined,
  });

export function useSaveDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverableSave) => deliverableApi.save(body),
    onSuccess: () => client.invalidateQueries({ queryKey: deliverableKeys.all }),
  });
}

export function useDeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliverableId: number) => deliverableApi.deliver(deliverableId),
    onSuccess: () => client.invalidateQueries({ queryKey: deliverableKeys.all }),
  });
}

export function useDeleteDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deliverableApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: deliverableKeys.all }),
  });
}

/** The newest receipts of a deliverable, refreshed while a delivery is queued or running. */
export const useReceipts = (deliverableId: number | undefined) =>
  useQuery({
    ...deliverableQueries.receipts(deliverableId ?? 0)({ pageNum: 1, pageSize: 50 }),
    enabled: deliverableId !== undefined,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'queued' || r.status === 'running') ? 1000 : false),
  });
