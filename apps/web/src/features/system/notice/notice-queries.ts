import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type NoticeListParams, type NoticeSave, noticeApi } from './notice-api';

/** The notice data layer (see shared/form/README.md). */
export const noticeKeys = entityKeys<NoticeListParams>('system', 'notice');

export const noticeQueries = {
  list: (params: NoticeListParams) => ({ queryKey: noticeKeys.list(params), queryFn: () => noticeApi.list(params) }),
  detail: (noticeId: number) => ({ queryKey: noticeKeys.detail(noticeId), queryFn: () => noticeApi.get(noticeId) }),
};

export function useSaveNotice() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: NoticeSave) => noticeApi.save(body), onSuccess: () => client.invalidateQueries({ queryKey: noticeKeys.all }) });
}

export function useDeleteNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => noticeApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
