import { reanchor } from '@ccms/contracts/work/review-anchor';
import { mentionsOf, type ReviewComment, type ReviewCommentBody, type ReviewCommentQuery, type ReviewReplyBody } from '@ccms/contracts/work/review-comment';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsReviewComment } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { ContentServices } from '../../content/content.area';
import { assertLibraryAccess } from '../../content/library/library-access';
import type { ReviewEvents } from '../workflow/review-events';
import { planCovering } from '../workflow/workflow.queries';
import { textIndexOf } from './review-anchor';
import { type CommentRow, findComment, listThreads, repliesOf, threadsOfTopic, topicIndexed, usersNamed } from './review-comment.queries';

/**
 * Review comments on topics (issue 16): threads anchored to selected text (issue 38, item 6), with
 * replies, @mentions (the mentioned users are told), resolve and reopen. A comment made while
 * the topic is under an approval links to it; saving the topic re-anchors every thread.
 */
export function reviewCommentService(db: Db, content: Pick<ContentServices, 'libraries' | 'catalog'>, events: ReviewEvents) {
  /** The @mentioned users that exist, and the event telling them. */
  async function mentionIn(auth: AuthContext, text: string, where: { libraryId: number; branch: string; path: string }) {
    const users = await usersNamed(db, mentionsOf(text));
    events.emit({ type: 'mentioned', userIds: users.map((u) => u.userId), ...where, text, actorId: auth.userId, actor: auth.nickName || auth.userName });
    return users.map((u) => u.userName);
  }

  async function load(auth: AuthContext, commentId: number) {
    const row = await findComment(db, commentId);
    if (!row) throw notFound('reviewComment.missing');
    await assertLibraryAccess(db, auth, row.libraryId, 'read');
    return row;
  }

  const present = (r: CommentRow) => ({
    id: r.commentId,
    body: r.body,
    authorId: r.authorId,
    authorName: r.authorName,
    mentions: r.mentions,
    createTime: r.createTime,
  });

  return {
    async list(auth: AuthContext, q: ReviewCommentQuery): Promise<{ rows: ReviewComment[]; total: number }> {
      const page = await listThreads(db, auth, q);
      const replies = await repliesOf(
        db,
        page.rows.map((r) => r.comment.commentId),
      );
      const rows = page.rows.map(({ comment: c, topicTitle, planTitle, approvalState }) => ({
        id: c.commentId,
        libraryId: c.libraryId,
        branch: c.branch,
        path: c.path,
        topicTitle,
        planId: c.planId,
        planTitle,
        approvalId: c.approvalId,
        approvalState,
        elementId: c.elementId,
        elementPath: c.elementPath,
        rangeStart: c.rangeStart,
        rangeEnd: c.rangeEnd,
        quote: c.quote,
        prefix: c.prefix,
        suffix: c.suffix,
        body: c.body,
        mentions: c.mentions,
        state: c.state as 'open' | 'resolved',
        outdated: c.outdated,
        authorId: c.authorId,
        authorName: c.authorName,
        createTime: c.createTime,
        replies: replies.filter((r) => r.parentId === c.commentId).map(present),
      }));
      return { rows, total: page.total };
    },

    async create(auth: AuthContext, body: ReviewCommentBody) {
      const row = await content.libraries.forCall(auth, body.libraryId, 'read');
      const branch = content.catalog.branchOf(row, body.branch || undefined);
      const path = body.path.replace(/^\/+/, '');
      if (!(await topicIndexed(db, body.libraryId, branch, path))) throw badRequest('reviewComment.notTopic', { path });
      if (!body.elementId && !body.elementPath) throw badRequest('field.required', { field: 'elementPath' });
      const covering = await planCovering(db, body.libraryId, branch, path);
      const [created] = await db
        .insert(ccmsReviewComment)
        .values({
          libraryId: body.libraryId,
          branch,
          path,
          planId: covering?.planId ?? null,
          approvalId: covering?.approvalId ?? null,
          elementId: body.elementId,
          elementPath: body.elementPath,
          rangeStart: body.rangeStart,
          rangeEnd: body.rangeEnd,
          quote: body.quote,
          prefix: body.prefix,
          suffix: body.suffix,
          body: body.body,
          authorId: auth.userId,
          authorName: auth.userName,
        })
        .returning({ commentId: ccmsReviewComment.commentId });
      if (!created) throw notFound('reviewComment.missing');
      const mentions = await mentionIn(auth, body.body, { libraryId: body.libraryId, branch, path });
      if (mentions.length > 0) await db.update(ccmsReviewComment).set({ mentions }).where(eq(ccmsReviewComment.commentId, created.commentId));
      return created.commentId;
    },

    async reply(auth: AuthContext, body: ReviewReplyBody) {
      const parent = await load(auth, body.parentId);
      const threadId = parent.parentId ?? parent.commentId;
      const [created] = await db
        .insert(ccmsReviewComment)
        .values({
          parentId: threadId,
          libraryId: parent.libraryId,
          branch: parent.branch,
          path: parent.path,
          planId: parent.planId,
          approvalId: parent.approvalId,
          body: body.body,
          authorId: auth.userId,
          authorName: auth.userName,
        })
        .returning({ commentId: ccmsReviewComment.commentId });
      if (!created) throw notFound('reviewComment.missing');
      const mentions = await mentionIn(auth, body.body, { libraryId: parent.libraryId, branch: parent.branch, path: parent.path });
      if (mentions.length > 0) await db.update(ccmsReviewComment).set({ mentions }).where(eq(ccmsReviewComment.commentId, created.commentId));
      return created.commentId;
    },

    async setState(auth: AuthContext, commentId: number, state: 'open' | 'resolved') {
      const row = await load(auth, commentId);
      await db
        .update(ccmsReviewComment)
        .set({ state, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsReviewComment.commentId, row.parentId ?? row.commentId));
    },

    /**
     * After a save of the topic: every thread follows its quoted text (review-anchor.ts), or is
     * flagged outdated when that text is gone; its stored anchor stays as it was, so a later save
     * that brings the text back finds it again.
     */
    async topicSaved(target: { libraryId: number; branch: string; path: string }, text: string) {
      const threads = await threadsOfTopic(db, target.libraryId, target.branch, target.path);
      if (threads.length === 0) return;
      const index = textIndexOf(text, target.path);
      for (const t of threads) {
        const found = index ? reanchor(t, index) : null;
        const next = found ? { ...found.anchor, outdated: false } : { outdated: true };
        await db.update(ccmsReviewComment).set(next).where(eq(ccmsReviewComment.commentId, t.commentId));
      }
    },
  };
}
