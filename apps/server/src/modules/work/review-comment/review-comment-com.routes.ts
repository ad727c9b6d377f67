import { CommentImportFields } from '@ccms/contracts/content/s1000d-comments';
import { ReviewCommentApi } from '@ccms/contracts/work/review-comment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { sendAttachment } from '../../../platform/http/attachment';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import type { reviewCommentComService } from './review-comment-com.service';

/** Review comments of an S1000D library as S1000D comment files (COM): a zip of them out, COM files (or zips) in. */
export const reviewCommentComRoutes =
  (com: ReturnType<typeof reviewCommentComService>): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...routeOf(ReviewCommentApi.exportComments, { log: { title: 'review-comment', businessType: BusinessType.EXPORT } }),
      handler: async (req, reply) => {
        const pack = await com.exportComments(caller(req), req.body);
        return sendAttachment(reply, pack.fileName, pack.zip, 'application/zip');
      },
    });
    app.route({
      ...routeOf(ReviewCommentApi.importComments, { log: { title: 'review-comment', businessType: BusinessType.IMPORT } }),
      handler: async (req) => {
        const auth = caller(req);
        const form = await readForm(req, { beforeFiles: (raw) => com.assertReadable(auth, formFields(CommentImportFields, raw).libraryId) });
        return ok(await com.importComments(auth, formFields(CommentImportFields, form.fields), form.files));
      },
    });
  };
