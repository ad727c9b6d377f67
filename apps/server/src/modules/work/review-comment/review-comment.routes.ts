import { OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { ReviewComment, ReviewCommentBody, ReviewCommentPerm, ReviewCommentQuery, ReviewReplyBody, ReviewStateBody } from '@ccms/contracts/work/review-comment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { reviewCommentService } from './review-comment.service';

/** An anchor's context: the text just before and after the quote (elsewhere a prefix or suffix is a file name's). */
const ANCHOR_LABELS = { prefix: { zh: '引文前的文字', en: 'Text before the quote' }, suffix: { zh: '引文后的文字', en: 'Text after the quote' } };

const tags = ['work/review-comment'];
const log = (businessType: BusinessType) => ({ title: 'review-comment', businessType });

export const reviewCommentRoutes =
  (comments: ReturnType<typeof reviewCommentService>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ccms/review-comment/list',
      {
        config: { permission: [ReviewCommentPerm.list, ReviewCommentPerm.add] },
        schema: {
          summary: 'Review comment threads by page (filter by topic, plan, author, state)',
          tags,
          querystring: ReviewCommentQuery,
          response: { 200: rowsOf(ReviewComment) },
        },
      },
      async (req) => rows(await comments.list(caller(req), req.query)),
    );
    app.post(
      '/ccms/review-comment',
      {
        config: { permission: ReviewCommentPerm.add, log: log(BusinessType.INSERT), fieldLabels: ANCHOR_LABELS },
        schema: { summary: 'Comment on an element of a topic', tags, body: ReviewCommentBody, response: { 200: okOf(z.object({ id: z.number() })) } },
      },
      async (req) => ok({ id: await comments.create(caller(req), req.body) }),
    );
    app.post(
      '/ccms/review-comment/reply',
      {
        config: { permission: ReviewCommentPerm.add, log: log(BusinessType.INSERT) },
        schema: { summary: 'Reply in a comment thread', tags, body: ReviewReplyBody, response: { 200: okOf(z.object({ id: z.number() })) } },
      },
      async (req) => ok({ id: await comments.reply(caller(req), req.body) }),
    );
    app.put(
      '/ccms/review-comment/state',
      {
        config: { permission: ReviewCommentPerm.add, log: log(BusinessType.UPDATE) },
        schema: { summary: 'Resolve or reopen a comment thread', tags, body: ReviewStateBody, response: { 200: OkEmpty } },
      },
      async (req) => {
        await comments.setState(caller(req), req.body.id, req.body.state);
        return done();
      },
    );
  };
