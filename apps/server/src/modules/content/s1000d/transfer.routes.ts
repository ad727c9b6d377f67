import { FileResponse } from '@ccms/contracts/common';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { TransferExportBody, TransferImportFields, TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { sendAttachment } from '../../../platform/http/attachment';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { transferService } from './transfer.service';

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
        response: { 200: FileResponse },
      },
    },
    async (req, reply) => {
      const pack = await transfer.exportPackage(caller(req), req.body);
      return sendAttachment(reply, pack.fileName, pack.zip, 'application/zip');
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
      const form = await readForm(req, { beforeFiles: (raw) => transfer.assertWritable(auth, formFields(TransferImportFields, raw).libraryId) });
      return ok(await transfer.importPackage(auth, formFields(TransferImportFields, form.fields), form.files));
    },
  );
};
