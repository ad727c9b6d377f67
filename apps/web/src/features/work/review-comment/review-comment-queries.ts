import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type NewReviewComment, type ReviewCommentListParams, reviewCommentApi } from './review-comment-api';

/** The review comment data layer (see shared/form/README.md). */
export const reviewCommentKeys = entityKeys<ReviewCommentListParams>('work', 'review-comment');

export const reviewCommentQueries = {
  list: (params: ReviewCommentListParams) => ({ queryKey: reviewCommentKeys.list(params), queryFn: () => reviewCommentApi.list(params) }),
};

export const useReviewComments = (params: ReviewCommentListParams, enabled = true) =>
  useQuery({ ...reviewCommentQueries.list(params), placeholderData: keepPreviousData, enabled });

/** Comment, reply, resolve or reopen; every comment list refreshes. */
export function useReviewCommentActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: reviewCommentKeys.all });
  return {
    add: useMutation({ mutationFn: (body: NewReviewComment) => reviewCommentApi.add(body), onSuccess }),
    reply: useMutation({ mutationFn: (v: { parentId: number; body: string }) => reviewCommentApi.reply(v.parentId, v.body), onSuccess }),
    setState: useMutation({ mutationFn: (v: { id: number; state: 'open' | 'resolved' }) => reviewCommentApi.setState(v.id, v.state), onSuccess }),
  };
}
