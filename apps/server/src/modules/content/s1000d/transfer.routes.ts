import { DocumentPerm } from '@ccms/contracts/content/document';
import { TransferExportBody, TransferImportFields, TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { BusinessType } from '../../../platform/types';
import { readForm } from '../explorer/multipart-form';
import { transferService } from './transfer.service';

/** Import form fields checked like a body: the first problem names its field. */
function importFields(raw: Record<string, string>): TransferImportFields {
  const parsed = TransferImportFields.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'body';
    throw badRequest(raw[field] === undefined || raw[field] === '' ? 'field.required' : 'field.invalid', { field });
  }
  return parsed.data;
}

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const transfer = transferService(app.db, app.content.git, app.content);
  const tags = ['content/s1000d'];
  app.post(
    '/ccms/s1000d/transfer/export',
    {
      config: { permission: DocumentPerm.export, log: { title: 'transfer', businessType: BusinessType.EXPORT } },
      schema: {
        summary: 'A transfer package (zip): a DDN and the files of a publication module, or of the changes since a day',
        tags,
        body: TransferExportBody,
      },
    },
    async (req, reply) => {
      const pack = await transfer.exportPackage(caller(req), req.body);
      const encoded = encodeURIComponent(pack.fileName);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename')
        .header('x-content-type-options', 'nosniff')
        .send(pack.zip);
    },
  );
  app.post(
    '/ccms/s1000d/transfer/import',
    {
      config: { permission: DocumentPerm.import, log: { title: 'transfer', businessType: BusinessType.IMPORT } },
      schema: {
        summary: 'Take in a transfer package (multipart: fields and one zip) as one commit; says what changed by code and issue',
        tags,
        response: { 200: okOf(TransferImportResult) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => transfer.assertWritable(auth, importFields(raw).libraryId) });
      return ok(await transfer.importPackage(auth, importFields(form.fields), form.files));
    },
  );
};
