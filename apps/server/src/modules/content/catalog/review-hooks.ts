import type { AuthContext } from '../../../platform/auth/access';

/** A document or topic of a library branch. */
export interface ReviewTarget {
  kind: 'document' | 'topic';
  libraryId: number;
  branch: string;
  path: string;
}

/**
 * Where the content area asks about reviews, answered by the work area (issue 16), which the
 * content area does not depend on: whether a caller reviews some content (only reviewers set
 * approved, published or distributed by hand) and what follows a topic's save (review comments
 * re-anchor). Without the work area nobody but a system administrator reviews.
 */
export interface ReviewHooks {
  reviews(auth: AuthContext, target: ReviewTarget): Promise<boolean>;
  topicSaved(target: Omit<ReviewTarget, 'kind'>, text: string): Promise<void>;
}

export function reviewHooks(): ReviewHooks & { answerWith(impl: ReviewHooks): void } {
  let impl: ReviewHooks = {
    reviews: async (auth) => auth.isAdmin,
    topicSaved: async () => {},
  };
  return {
    reviews: (auth, target) => impl.reviews(auth, target),
    topicSaved: (target, text) => impl.topicSaved(target, text),
    answerWith(next) {
      impl = next;
    },
  };
}
