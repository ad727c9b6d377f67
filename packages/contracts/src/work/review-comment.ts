import { z } from 'zod';
import { FileResponse } from '../common';
import { CommentExportBody, CommentImportResult } from '../content/s1000d-comments';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';

/** Most characters of context kept before and after a quote (the web keeps 32). */
const ANCHOR_CONTEXT_MAX = 200;

/**
 * Review comments on a topic (issue 16): anchored to the text the reviewer selected (issue 38,
 * item 6): its element (id, and a path such as "/concept/conbody[1]/p[2]"), the range in the
 * element's text, the quote and a little context before and after it (see review-anchor.ts); a
 * thread of replies with @mentions, resolved and reopened. Re-anchored when the topic is saved;
 * "outdated" only when the quoted text is gone. A comment made while the topic is under an
 * approval links to that approval.
 */
export const ReviewCommentPerm = {
  list: 'ccms:reviewComment:list',
  /** Comment, reply, resolve and reopen. */
  add: 'ccms:reviewComment:add',
} as const;

export const REVIEW_COMMENT_STATES = ['open', 'resolved'] as const;

export const ReviewAnchor = z.object({
  elementId: z.string().trim().max(200).default('').describe('@id of the element commented on; empty when it has none'),
  elementPath: z.string().trim().max(500).default('').describe('path of the element when it has no id, e.g. /concept/conbody/p[2]'),
  rangeStart: z.number().int().min(0).default(0).describe('first character of the quote in the element’s text (whitespace collapsed)'),
  rangeEnd: z.number().int().min(0).default(0).describe('character after the quote (0 with rangeStart 0: not given)'),
  quote: z.string().max(2000).default('').describe('the text commented on, as it read (whitespace collapsed)'),
  prefix: z.string().max(ANCHOR_CONTEXT_MAX).default('').describe('the text just before the quote (context to find it again)'),
  suffix: z.string().max(ANCHOR_CONTEXT_MAX).default('').describe('the text just after the quote'),
});
export type ReviewAnchor = z.infer<typeof ReviewAnchor>;

const Body = z.string({ message: 'reviewComment.bodyRequired' }).trim().min(1, { message: 'reviewComment.bodyRequired' }).max(10_000);

export const ReviewCommentBody = ReviewAnchor.extend({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().max(200).default('').describe('library branch (its default when empty)'),
  path: z.string().trim().min(1).max(1000).describe('path of the topic'),
  body: Body.describe('the comment; @userName mentions someone'),
}).superRefine((b, ctx) => {
  // A range is given with its quote, and spans exactly the quote's characters.
  if (b.rangeEnd < b.rangeStart) ctx.addIssue({ code: 'custom', message: 'reviewComment.rangeBackwards', path: ['rangeEnd'] });
  else if (b.rangeEnd > 0 && b.rangeEnd - b.rangeStart !== b.quote.length)
    ctx.addIssue({ code: 'custom', message: 'reviewComment.rangeNotQuote', path: ['rangeEnd'] });
  if (!b.quote && (b.prefix || b.suffix)) ctx.addIssue({ code: 'custom', message: 'reviewComment.contextWithoutQuote', path: ['quote'] });
});
export type ReviewCommentBody = z.infer<typeof ReviewCommentBody>;

export const ReviewReplyBody = z.object({
  parentId: z.number().int().positive().describe('id of the comment answered (GET /ccms/review-comment/list)'),
  body: Body,
});
export type ReviewReplyBody = z.infer<typeof ReviewReplyBody>;

export const ReviewStateBody = z.object({ id: z.number().int().positive(), state: z.enum(REVIEW_COMMENT_STATES) });

export const ReviewReply = z.object({
  id: z.number(),
  body: z.string(),
  authorId: z.number(),
  authorName: z.string(),
  mentions: z.array(z.string()),
  createTime: DateTime,
});

export const ReviewComment = z.object({
  id: z.number(),
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  topicTitle: z.string(),
  planId: z.number().nullable(),
  planTitle: z.string(),
  approvalId: z.number().nullable(),
  approvalState: z.string(),
  elementId: z.string(),
  elementPath: z.string(),
  rangeStart: z.number(),
  rangeEnd: z.number(),
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  body: z.string(),
  mentions: z.array(z.string()),
  state: z.enum(REVIEW_COMMENT_STATES),
  outdated: z.boolean(),
  authorId: z.number(),
  authorName: z.string(),
  createTime: DateTime,
  replies: z.array(ReviewReply),
});
export type ReviewComment = z.infer<typeof ReviewComment>;

export const ReviewCommentFilter = z.object({
  libraryId: qInt.positive().optional().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().max(200).optional(),
  path: z.string().max(1000).optional().describe('topic path (exact)'),
  planId: qInt.positive().optional().describe('id of a plan (GET /ccms/plan/list)'),
  topic: z.string().max(200).optional().describe('part of the topic path or title'),
  author: z.string().max(64).optional().describe('user name of the author'),
  state: z.enum([...REVIEW_COMMENT_STATES, 'outdated']).optional(),
});
export const ReviewCommentQuery = PageQuery.extend(ReviewCommentFilter.shape);
export type ReviewCommentQuery = z.infer<typeof ReviewCommentQuery>;

/** @userName mentions of a text (distinct, in order). */
export const mentionsOf = (text: string): string[] => [...new Set([...text.matchAll(/(?:^|[^\w@])@([A-Za-z0-9_.-]{2,30})/g)].map((m) => m[1] as string))];

const tag = 'work/review-comment';

/** The review-comment API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ReviewCommentApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/review-comment/list',
    access: { permission: [ReviewCommentPerm.list, ReviewCommentPerm.add] },
    summary: 'Review comment threads by page (filter by topic, plan, author, state)',
    tag,
    query: ReviewCommentQuery,
    response: rowsOf(ReviewComment),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/review-comment',
    access: { permission: ReviewCommentPerm.add },
    summary: 'Comment on an element of a topic',
    tag,
    body: ReviewCommentBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  reply: endpoint({
    method: 'POST',
    url: '/ccms/review-comment/reply',
    access: { permission: ReviewCommentPerm.add },
    summary: 'Reply in a comment thread',
    tag,
    body: ReviewReplyBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  setState: endpoint({
    method: 'PUT',
    url: '/ccms/review-comment/state',
    access: { permission: ReviewCommentPerm.add },
    summary: 'Resolve or reopen a comment thread',
    tag,
    body: ReviewStateBody,
    response: OkEmpty,
  }),
  exportComments: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/comments/export',
    access: { permission: [ReviewCommentPerm.list, ReviewCommentPerm.add] },
    summary: 'The review comments of an S1000D library branch as S1000D comment files (a zip of COM-....XML: threads type q, replies type r)',
    tag,
    body: CommentExportBody,
    response: FileResponse,
  }),
  importComments: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/comments/import',
    access: { permission: ReviewCommentPerm.add },
    summary: 'Take in S1000D comment files (multipart: fields and COM files or zips of them): each a review comment or reply on the data module it names',
    tag,
    response: okOf(CommentImportResult),
  }),
};
