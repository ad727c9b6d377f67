import { ExplorerApi, UploadFields } from '@ccms/contracts/content/explorer';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { explorerService } from './explorer.service';

const log = (businessType: BusinessType) => ({ log: { title: 'explorer', businessType } });

export const explorerRoutes: FastifyPluginAsyncZod = async (app) => {
  const explorer = explorerService(app.content.git, app.content.libraries, app.content.ditaCheck);

  app.route({ ...routeOf(ExplorerApi.tree), handler: async (req) => ok(await explorer.tree(caller(req), req.query)) });
  app.route({ ...routeOf(ExplorerApi.list), handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await explorer.list(caller(req), req.query)) }) });
  app.route({ ...routeOf(ExplorerApi.read), handler: async (req) => ok(await explorer.read(caller(req), req.query)) });
  app.route({ ...routeOf(ExplorerApi.history), handler: async (req) => ok(await explorer.history(caller(req), req.query)) });
  app.route({
    ...routeOf(ExplorerApi.download),
    handler: async (req, reply) => {
      const file = await explorer.download(caller(req), req.query);
      const encoded = encodeURIComponent(file.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${req.query.inline === 'true' ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
  app.route({ ...routeOf(ExplorerApi.newFolder, log(BusinessType.INSERT)), handler: async (req) => ok(await explorer.newFolder(caller(req), req.body)) });
  app.route({ ...routeOf(ExplorerApi.save, log(BusinessType.UPDATE)), handler: async (req) => ok(await explorer.save(caller(req), req.body, req.lang)) });
  app.route({ ...routeOf(ExplorerApi.rename, log(BusinessType.UPDATE)), handler: async (req) => ok(await explorer.rename(caller(req), req.body)) });
  app.route({ ...routeOf(ExplorerApi.move, log(BusinessType.UPDATE)), handler: async (req) => ok(await explorer.move(caller(req), req.body)) });
  app.route({ ...routeOf(ExplorerApi.remove, log(BusinessType.DELETE)), handler: async (req) => ok(await explorer.remove(caller(req), req.body)) });
  app.route({
    ...routeOf(ExplorerApi.upload, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => explorer.assertWritable(auth, formFields(UploadFields, raw).libraryId) });
      const fields = formFields(UploadFields, form.fields);
      if (form.files.length === 0) throw badRequest('explorer.noFile');
      return ok(await explorer.upload(auth, fields, form.files));
    },
  });
  app.route({
    ...routeOf(ExplorerApi.uploadPackage, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => explorer.assertWritable(auth, formFields(UploadFields, raw).libraryId) });
      const fields = formFields(UploadFields, form.fields);
      const [file] = form.files;
      if (!file || form.files.length > 1) throw badRequest('explorer.noFile');
      return ok(await explorer.uploadPackage(auth, fields, file));
    },
  });
};
