import { DownloadApi } from '@ccms/contracts/system/download';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'download', businessType } });

/** The caller's download center: list, download, delete (every signed-in user, their own files only). */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const downloads = app.downloads;

  app.route({ ...routeOf(DownloadApi.list), handler: async (req) => rows(await downloads.list(caller(req), req.query, req.lang)) });
  app.route({
    ...routeOf(DownloadApi.file),
    handler: async (req, reply) => {
      const { name, stream, size } = await downloads.file(caller(req), req.params.id);
      return reply
        .header('content-type', name.endsWith('.zip') ? 'application/zip' : 'application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(stream);
    },
  });
  app.route({
    ...routeOf(DownloadApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await downloads.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
