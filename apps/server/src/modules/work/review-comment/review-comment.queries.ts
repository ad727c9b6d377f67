import type { ReviewCommentQuery } from '@ccms/contracts/work/review-comment';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogTopic, ccmsPlan, ccmsReviewComment, ccmsWorkflowApproval, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { readableLibraries } from '../../content/library/library-access';

export type CommentRow = typeof ccmsReviewComment.$inferSelect;

/** Threads (top-level comments) by page, filtered; replies are read with `repliesOf`. */
export async function listThreads(db: Db, auth: AuthContext, q: ReviewCommentQuery) {
  const c = ccmsReviewComment;
  const where = and(
    isNull(c.parentId),
    readableLibraries(auth, c.libraryId),
    q.libraryId ? eq(c.libraryId, q.libraryId) : undefined,
    q.branch ? eq(c.branch, q.branch) : undefined,
    q.path ? eq(c.path, q.path) : undefined,
    q.planId ? eq(c.planId, q.planId) : undefined,
    q.author ? eq(c.authorName, q.author) : undefined,
    q.topic ? or(ilike(c.path, containing(q.topic)), ilike(ccmsCatalogTopic.title, containing(q.topic))) : undefined,
    q.state === 'outdated' ? eq(c.outdated, true) : q.state ? eq(c.state, q.state) : undefined,
  ) as SQL | undefined;
  const { limit, offset } = pageWindow(q);
  const base = db
    .select({
      comment: c,
      topicTitle: sql<string>`coalesce(${ccmsCatalogTopic.title}, '')`,
      planTitle: sql<string>`coalesce(${ccmsPlan.title}, '')`,
      approvalState: sql<string>`coalesce(${ccmsWorkflowApproval.state}, '')`,
    })
    .from(c)
    .leftJoin(ccmsCatalogTopic, and(eq(ccmsCatalogTopic.libraryId, c.libraryId), eq(ccmsCatalogTopic.branch, c.branch), eq(ccmsCatalogTopic.path, c.path)))
    .leftJoin(ccmsPlan, eq(ccmsPlan.planId, c.planId))
    .leftJoin(ccmsWorkflowApproval, eq(ccmsWorkflowApproval.approvalId, c.approvalId))
    .where(where);
  const [rows, [count]] = await Promise.all([
    base
      .orderBy(...orderBy(q, { createTime: c.createTime, path: c.path, state: c.state }, desc(c.commentId)))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .leftJoin(ccmsCatalogTopic, and(eq(ccmsCatalogTopic.libraryId, c.libraryId), eq(ccmsCatalogTopic.branch, c.branch), eq(ccmsCatalogTopic.path, c.path)))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const repliesOf = (db: Db, parentIds: number[]): Promise<CommentRow[]> =>
  parentIds.length === 0
    ? Promise.resolve([])
    : db.select().from(ccmsReviewComment).where(inArray(ccmsReviewComment.parentId, parentIds)).orderBy(asc(ccmsReviewComment.commentId));

export async function findComment(db: Db, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(ccmsReviewComment).where(eq(ccmsReviewComment.commentId, commentId));
  return row;
}

/** Open and outdated threads of a topic (what re-anchoring looks at). */
export const threadsOfTopic = (db: Db, libraryId: number, branch: string, path: string): Promise<CommentRow[]> =>
  db
    .select()
    .from(ccmsReviewComment)
    .where(
      and(
        eq(ccmsReviewComment.libraryId, libraryId),
        eq(ccmsReviewComment.branch, branch),
        eq(ccmsReviewComment.path, path),
        isNull(ccmsReviewComment.parentId),
      ),
    );

/** Users by user name (for @mentions). */
export async function usersNamed(db: Db, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ userId: sysUser.userId, userName: sysUser.userName })
    .from(sysUser)
    .where(and(inArray(sysUser.userName, names), eq(sysUser.delFlag, '0')));
}

export async function topicIndexed(db: Db, libraryId: number, branch: string, path: string): Promise<boolean> {
  const [row] = await db
    .select({ topicId: ccmsCatalogTopic.topicId })
    .from(ccmsCatalogTopic)
    .where(and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), eq(ccmsCatalogTopic.path, path)));
  return !!row;
}
