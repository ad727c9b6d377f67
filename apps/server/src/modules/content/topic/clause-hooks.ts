import type { TopicClauseUse } from '@ccms/contracts/content/topic';
import type { AuthContext } from '../../../platform/auth/access';

/** A topic of a library branch. */
export interface ClauseTarget {
  libraryId: number;
  branch: string;
  path: string;
}

/**
 * Where the content area asks which regulation clauses a topic answers (its references tab),
 * answered by the compliance area (issue 35), which the content area does not depend on: the
 * clauses linked to the topic or its elements, of regulations the caller may read. Without the
 * compliance area a topic answers none.
 */
export interface ClauseHooks {
  clausesAnswered(auth: AuthContext, topic: ClauseTarget): Promise<TopicClauseUse[]>;
}

export function clauseHooks(): ClauseHooks & { answerWith(impl: ClauseHooks): void } {
  let impl: ClauseHooks = { clausesAnswered: async () => [] };
  return {
    clausesAnswered: (auth, topic) => impl.clausesAnswered(auth, topic),
    answerWith(next) {
      impl = next;
    },
  };
}
