import { FileResponse } from '@ccms/contracts/common';
import { CommentExportBody, CommentImportFields, CommentImportResult } from '@ccms/contracts/content/s1000d-comments';
import { okOf } from '@ccms/contracts/http';
import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { sendAttachment } from '../../../platform/http/attachment';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import type { reviewCommentComService } from './review-comment-com.service';

/** Review comments of an S1000D library as S1000D comment files (COM): a zip of them out, COM files (or zips) in. */
export const reviewCommentComRoutes =
  (com: ReturnType<typeof reviewCommentComService>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['work/review-comment'];
    app.post(
      '/ccms/s1000d/comments/export',
      {
        config: { permission: [ReviewCommentPerm.list, ReviewCommentPerm.add], log: { title: 'review-comment', businessType: BusinessType.EXPORT } },
        schema: {
          summary: 'The review comments of an S1000D library branch as S1000D comment files (a zip of COM-....XML: threads type q, replies type r)',
          tags,
          body: CommentExportBody,
          response: { 200: FileResponse },
        },
      },
      async (req, reply) => {
        const pack = await com.exportComments(caller(req), req.body);
        return sendAttachment(reply, pack.fileName, pack.zip, 'application/zip');
      },
    );
    app.post(
      '/ccms/s1000d/comments/import',
      {
        config: { permission: ReviewCommentPerm.add, log: { title: 'review-comment', businessType: BusinessType.IMPORT } },
        schema: {
          summary: 'Take in S1000D comment files (multipart: fields and COM files or zips of them): each a review comment or reply on the data module it names',
          tags,
          response: { 200: okOf(CommentImportResult) },
        },
      },
      async (req) => {
        const auth = caller(req);
        const form = await readForm(req, { beforeFiles: (raw) => com.assertReadable(auth, formFields(CommentImportFields, raw).libraryId) });
        return ok(await com.importComments(auth, formFields(CommentImportFields, form.fields), form.files));
      },
    );
  };
