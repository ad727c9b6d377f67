import type { ReviewComment, ReviewCommentBody, ReviewCommentFilter } from '@ccms/contracts/work/review-comment';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type ReviewCommentFilters = Partial<z.infer<typeof ReviewCommentFilter>>;
export type ReviewCommentListParams = ReviewCommentFilters & PageParams;
export type NewReviewComment = Omit<ReviewCommentBody, 'branch'> & { branch?: string };

/** Review comments on topics (server: modules/work/review-comment). Screens use `review-comment-queries.ts`. */
export const reviewCommentApi = {
  list: (params: ReviewCommentListParams) => byUrl.list<ReviewComment>('/ccms/review-comment/list', params),
  add: (body: NewReviewComment) => byUrl.post('/ccms/review-comment', body),
  reply: (parentId: number, body: string) => byUrl.post('/ccms/review-comment/reply', { parentId, body }),
  setState: (id: number, state: 'open' | 'resolved') => byUrl.put('/ccms/review-comment/state', { id, state }),
};
