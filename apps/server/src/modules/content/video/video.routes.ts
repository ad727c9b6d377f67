import { createReadStream } from 'node:fs';
import path from 'node:path';
import { ResourceUploadFields } from '@ccms/contracts/content/graphic';
import { VideoApi, VideoPerm } from '@ccms/contracts/content/video';
import { Code, OkEmpty } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { parseRange } from '../../../platform/http/byte-range';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { fileHeaders, notModified } from '../../../platform/http/file-headers';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { resourceFiles } from '../graphic/resource-files';
import { videoService } from './video.service';

const log = (businessType: BusinessType) => ({ log: { title: 'video', businessType } });
const NotModified = z.unknown().describe('the browser holds this version (ETag)');

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = resourceFiles({ db: app.db, git: app.content.git, libraries: app.content.libraries });
  const media = mediaAccess(app);
  const videos = videoService(files, media.tickets, path.join(app.config.dataDir, 'cache', 'video'), app.config.videoCacheMb * 1024 * 1024);

  app.route({
    ...routeOf(VideoApi.list),
    handler: async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await videos.list(caller(req), req.query)),
    }),
  });

  // Public to the guard because <video> sends no bearer token: the handler takes the token or the
  // URL's media ticket, then checks ccms:graphic:list and the library's read level.
  const stream = routeOf(VideoApi.stream);
  app.route({
    ...stream,
    // The answers besides the whole video: one byte range, the browser's copy, a range past the end.
    schema: { ...stream.schema, response: { ...stream.schema.response, 206: VideoApi.stream.response, 304: NotModified, 416: OkEmpty } },
    handler: async (req, reply) => {
      const auth = await media.callerOf(req, req.query, VideoPerm.list);
      const file = await videos.open(auth, req.query);
      fileHeaders(reply, file, 'inline').header('accept-ranges', 'bytes');
      const range = parseRange(req.headers.range, file.size);
      if (range.kind === 'full' && notModified(req, file.oid)) return reply.code(304).send();
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .header('content-type', 'application/json')
          .send({ code: 416, msg: translate(req.lang, 'resource.rangeInvalid') });
      }
      if (range.kind === 'partial') {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(file.cacheFile, { start: range.start, end: range.end }));
      }
      return reply.header('content-length', file.size).send(createReadStream(file.cacheFile));
    },
  });

  app.route({ ...routeOf(VideoApi.usage), handler: async (req) => ok(await videos.usage(caller(req), req.query)) });

  app.route({
    ...routeOf(VideoApi.upload, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => videos.assertWritable(auth, formFields(ResourceUploadFields, raw).libraryId) });
      return ok(await videos.upload(auth, formFields(ResourceUploadFields, form.fields), form.files, req.lang));
    },
  });

  app.route({ ...routeOf(VideoApi.remove, log(BusinessType.DELETE)), handler: async (req) => ok(await videos.remove(caller(req), req.body, req.lang)) });
};
