import { createReadStream } from 'node:fs';
import path from 'node:path';
import { MediaQuery, ResourceCommit, ResourceDeleteBody, ResourceUploadFields, Usage, UsageQuery } from '@ccms/contracts/content/graphic';
import { VideoList, VideoPerm, VideoQuery } from '@ccms/contracts/content/video';
import { Code, OkEmpty, okOf } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { ok } from '../../../platform/http/envelope';
import { fileHeaders, notModified } from '../../../platform/http/file-headers';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { resourceFiles } from '../graphic/resource-files';
import { parseRange } from './byte-range';
import { videoService } from './video.service';

const log = (businessType: BusinessType) => ({ title: 'video', businessType });
const NotModified = z.unknown().describe('the browser holds this version (ETag)');
const Video = z.unknown().describe('the video, whole (200) or one byte range (206)');

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = resourceFiles({ db: app.db, git: app.content.git, libraries: app.content.libraries });
  const media = mediaAccess(app);
  const videos = videoService(files, media.tickets, path.join(app.config.dataDir, 'cache', 'video'), app.config.videoCacheMb * 1024 * 1024);

  app.get(
    '/ccms/video/list',
    {
      config: { permission: VideoPerm.list },
      schema: { summary: 'List the videos of a library branch by page', tags: ['content/video'], querystring: VideoQuery, response: { 200: VideoList } },
    },
    async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await videos.list(caller(req), req.query)),
    }),
  );

  // Public to the guard because <video> sends no bearer token: the handler takes the token or the
  // URL's media ticket, then checks ccms:graphic:list and the library's read level.
  app.get(
    '/ccms/video/stream',
    {
      config: { public: true },
      schema: {
        summary: 'Stream a video, with range requests (bearer token or media ticket)',
        tags: ['content/video'],
        querystring: MediaQuery,
        response: { 200: Video, 206: Video, 304: NotModified, 416: OkEmpty },
      },
    },
    async (req, reply) => {
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
  );

  app.get(
    '/ccms/video/usage',
    {
      config: { permission: VideoPerm.query },
      schema: { summary: 'List the topics that use a video', tags: ['content/video'], querystring: UsageQuery, response: { 200: okOf(Usage) } },
    },
    async (req) => ok(await videos.usage(caller(req), req.query)),
  );

  app.post(
    '/ccms/video/upload',
    {
      config: { permission: VideoPerm.upload, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Upload videos (multipart) into a library folder', tags: ['content/video'], response: { 200: okOf(ResourceCommit) } },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => videos.assertWritable(auth, formFields(ResourceUploadFields, raw).libraryId) });
      return ok(await videos.upload(auth, formFields(ResourceUploadFields, form.fields), form.files, req.lang));
    },
  );

  app.delete(
    '/ccms/video',
    {
      config: { permission: VideoPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete videos', tags: ['content/video'], body: ResourceDeleteBody, response: { 200: okOf(ResourceCommit) } },
    },
    async (req) => ok(await videos.remove(caller(req), req.body, req.lang)),
  );
};
