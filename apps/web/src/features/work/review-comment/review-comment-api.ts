import { ReviewCommentApi, type ReviewCommentBody, type ReviewCommentFilter } from '@ccms/contracts/work/review-comment';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type ReviewCommentFilters = Partial<z.infer<typeof ReviewCommentFilter>>;
export type ReviewCommentListParams = ReviewCommentFilters & PageParams;
export type NewReviewComment = Omit<ReviewCommentBody, 'branch'> & { branch?: string };

/** Review comments on topics (server: modules/work/review-comment). Screens use `review-comment-queries.ts`. */
export const reviewCommentApi = {
  list: (params: ReviewCommentListParams) => api.list(ReviewCommentApi.list, { query: params }),
  add: (body: NewReviewComment) => api.call(ReviewCommentApi.add, { body }),
  reply: (parentId: number, body: string) => api.call(ReviewCommentApi.reply, { body: { parentId, body } }),
  setState: (id: number, state: 'open' | 'resolved') => api.call(ReviewCommentApi.setState, { body: { id, state } }),
};
