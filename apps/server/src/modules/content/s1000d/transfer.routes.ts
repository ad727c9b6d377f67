import { S1000dTransferApi, TransferImportFields } from '@ccms/contracts/content/s1000d-transfer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { sendAttachment } from '../../../platform/http/attachment';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { transferService } from './transfer.service';

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const transfer = transferService(app.db, app.content.git, app.content);
  app.route({
    ...routeOf(S1000dTransferApi.export, { log: { title: 'transfer', businessType: BusinessType.EXPORT } }),
    handler: async (req, reply) => {
      const pack = await transfer.exportPackage(caller(req), req.body);
      return sendAttachment(reply, pack.fileName, pack.zip, 'application/zip');
    },
  });
  app.route({
    ...routeOf(S1000dTransferApi.import, { log: { title: 'transfer', businessType: BusinessType.IMPORT } }),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => transfer.assertWritable(auth, formFields(TransferImportFields, raw).libraryId) });
      return ok(await transfer.importPackage(auth, formFields(TransferImportFields, form.fields), form.files));
    },
  });
};
