import path from 'node:path';
import { CommonApi } from '@ccms/contracts/common';
import { API_BASE } from '@ccms/contracts/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../platform/http/endpoint-route';
import { BusinessType } from '../../platform/types';
import { commonService, type Download } from './common.service';
import { readFiles } from './multipart';

/** Sends a stored file as an attachment; the web reads the name from download-filename. */
function sendFile(reply: FastifyReply, file: Download) {
  const encoded = encodeURIComponent(file.downloadName);
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
    .header('download-filename', encoded)
    .header('access-control-expose-headers', 'download-filename')
    .send(file.stream);
}

const INLINE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', mp4: 'video/mp4' };

const log = { title: 'upload', businessType: BusinessType.INSERT };

const urlOf = (req: FastifyRequest, fileName: string) => `${req.protocol}://${req.host}${API_BASE}${fileName}`;

/** Common file upload and download (RuoYi CommonController), for any signed-in user. */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = commonService(app.db, app.storage);

  app.route({
    ...routeOf(CommonApi.upload, { log }),
    handler: async (req) => {
      const limits = await common.limits();
      const [stored] = await common.store(await readFiles(req, 'file', { ...limits, maxFiles: 1 }), 'file', limits.maxMb);
      if (!stored) throw new Error('upload stored nothing');
      return { code: 200, msg: 'ok', url: urlOf(req, stored.fileName), ...stored };
    },
  });

  app.route({
    ...routeOf(CommonApi.uploads, { log }),
    handler: async (req) => {
      const limits = await common.limits();
      const stored = await common.store(await readFiles(req, 'files', limits), 'files', limits.maxMb);
      return {
        code: 200,
        msg: 'ok',
        urls: stored.map((s) => urlOf(req, s.fileName)).join(','),
        fileNames: stored.map((s) => s.fileName).join(','),
        newFileNames: stored.map((s) => s.newFileName).join(','),
        originalFilenames: stored.map((s) => s.originalFilename).join(','),
      };
    },
  });

  app.route({
    ...routeOf(CommonApi.download),
    handler: async (req, reply) => {
      const file = await common.openDownload(req.query.fileName);
      // Exports are one-shot: with delete=true the file goes once it has been read out.
      if (req.query.delete === 'true')
        file.stream.once('close', () => void common.remove(file.key).catch((err) => req.log.warn({ err }, 'download not removed')));
      return sendFile(reply, file);
    },
  });

  // Public like the avatars: <img> and <video> tags send no bearer token. Stored names carry a
  // random part, and only images and videos are shown inline; anything else is an attachment.
  app.route({
    ...routeOf(CommonApi.uploadedFile),
    handler: async (req, reply) => {
      const file = await common.openResource(`/profile/upload/${req.params['*']}`);
      const type = INLINE_TYPES[path.extname(file.downloadName).slice(1).toLowerCase()];
      if (!type) return sendFile(reply, file);
      return reply.header('content-type', type).header('content-length', file.size).header('x-content-type-options', 'nosniff').send(file.stream);
    },
  });

  app.route({ ...routeOf(CommonApi.downloadResource), handler: async (req, reply) => sendFile(reply, await common.openResource(req.query.resource)) });
};
