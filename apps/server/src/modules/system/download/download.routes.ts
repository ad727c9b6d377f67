import { createReadStream } from 'node:fs';
import { FileResponse } from '@ccms/contracts/common';
import { IdList, IdParam, OkEmpty, rowsOf } from '@ccms/contracts/http';
import { DownloadItem, DownloadQuery } from '@ccms/contracts/system/download';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const tags = ['system/download'];
const log = (businessType: BusinessType) => ({ title: 'download', businessType });

/** The caller's download center: list, download, delete (every signed-in user, their own files only). */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const downloads = app.downloads;

  app.get(
    '/system/download/list',
    {
      config: { authenticated: true },
      schema: { summary: "List the caller's generated files, newest first", tags, querystring: DownloadQuery, response: { 200: rowsOf(DownloadItem) } },
    },
    async (req) => rows(await downloads.list(caller(req), req.query, req.lang)),
  );
  app.get(
    '/system/download/:id/file',
    {
      config: { authenticated: true },
      schema: { summary: 'Download one of the caller’s ready files', tags, params: IdParam, response: { 200: FileResponse } },
    },
    async (req, reply) => {
      const { name, file, size } = await downloads.file(caller(req), req.params.id);
      return reply
        .header('content-type', name.endsWith('.zip') ? 'application/zip' : 'application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(createReadStream(file));
    },
  );
  app.delete(
    '/system/download/:ids',
    {
      config: { authenticated: true, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete some of the caller’s files', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await downloads.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
