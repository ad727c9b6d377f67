import { ReviewCommentApi } from '@ccms/contracts/work/review-comment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { reviewCommentService } from './review-comment.service';

/** An anchor's context: the text just before and after the quote (elsewhere a prefix or suffix is a file name's). */
const ANCHOR_LABELS = { prefix: { zh: '引文前的文字', en: 'Text before the quote' }, suffix: { zh: '引文后的文字', en: 'Text after the quote' } };
const log = (businessType: BusinessType) => ({ log: { title: 'review-comment', businessType } });

export const reviewCommentRoutes =
  (comments: ReturnType<typeof reviewCommentService>): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...routeOf(ReviewCommentApi.list),
      handler: async (req) => rows(await comments.list(caller(req), req.query)),
    });
    app.route({
      ...routeOf(ReviewCommentApi.add, { ...log(BusinessType.INSERT), fieldLabels: ANCHOR_LABELS }),
      handler: async (req) => ok({ id: await comments.create(caller(req), req.body) }),
    });
    app.route({
      ...routeOf(ReviewCommentApi.reply, log(BusinessType.INSERT)),
      handler: async (req) => ok({ id: await comments.reply(caller(req), req.body) }),
    });
    app.route({
      ...routeOf(ReviewCommentApi.setState, log(BusinessType.UPDATE)),
      handler: async (req) => {
        await comments.setState(caller(req), req.body.id, req.body.state);
        return done();
      },
    });
  };
