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

/** The threads of one topic (the review tab and the editor's highlights share this query). */
export const useTopicThreads = (target: { libraryId: number; branch?: string | undefined; path: string }, enabled = true) =>
  useReviewComments(
    { libraryId: target.libraryId, ...(target.branch ? { branch: target.branch } : {}), path: target.path, pageNum: 1, pageSize: 100 },
    enabled,
  );
