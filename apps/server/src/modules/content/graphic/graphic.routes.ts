import {
  GraphicList,
  GraphicPerm,
  GraphicQuery,
  MediaQuery,
  ResourceCommit,
  ResourceDeleteBody,
  ResourceUploadFields,
  Usage,
  UsageQuery,
} from '@ccms/contracts/content/graphic';
import { Code, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { ok } from '../../../platform/http/envelope';
import { fileHeaders, notModified } from '../../../platform/http/file-headers';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { graphicService } from './graphic.service';
import { resourceFiles } from './resource-files';

const log = (businessType: BusinessType) => ({ title: 'graphic', businessType });
const NotModified = z.unknown().describe('the browser holds this version (ETag)');
const Image = z.unknown().describe('the image file (PNG, JPEG, or an older format already in the library)');

export const graphicRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = resourceFiles({ db: app.db, git: app.content.git, libraries: app.content.libraries });
  const media = mediaAccess(app);
  const graphics = graphicService(files, media.tickets);

  app.get(
    '/ccms/graphic/list',
    {
      config: { permission: GraphicPerm.list },
      schema: {
        summary: 'List the graphics of a library branch by page',
        tags: ['content/graphic'],
        querystring: GraphicQuery,
        response: { 200: GraphicList },
      },
    },
    async (req) => ({ code: Code.OK, msg: 'ok', ...(await graphics.list(caller(req), req.query)) }),
  );

  // Public to the guard because <img> sends no bearer token: the handler takes the token or the
  // URL's media ticket, then checks ccms:graphic:list and the library's read level.
  for (const kind of ['raw', 'thumbnail'] as const) {
    app.get(
      `/ccms/graphic/${kind}`,
      {
        config: { public: true },
        schema: {
          summary: `Serve a graphic's ${kind === 'raw' ? 'original file' : 'thumbnail'} (bearer token or media ticket)`,
          tags: ['content/graphic'],
          querystring: MediaQuery,
          response: { 200: Image, 304: NotModified },
        },
      },
      async (req, reply) => {
        const auth = await media.callerOf(req, req.query, GraphicPerm.list);
        const file = await graphics.read(auth, req.query);
        fileHeaders(reply, file, 'inline');
        if (notModified(req, file.oid)) return reply.code(304).send();
        return reply.header('content-length', file.content.length).send(file.content);
      },
    );
  }

  app.get(
    '/ccms/graphic/usage',
    {
      config: { permission: GraphicPerm.query },
      schema: { summary: 'List the topics that use a graphic', tags: ['content/graphic'], querystring: UsageQuery, response: { 200: okOf(Usage) } },
    },
    async (req) => ok(await graphics.usage(caller(req), req.query)),
  );

  app.post(
    '/ccms/graphic/upload',
    {
      config: { permission: GraphicPerm.upload, log: log(BusinessType.IMPORT) },
      schema: { summary: 'Upload graphics (multipart) into a library folder', tags: ['content/graphic'], response: { 200: okOf(ResourceCommit) } },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => graphics.assertWritable(auth, formFields(ResourceUploadFields, raw).libraryId) });
      return ok(await graphics.upload(auth, formFields(ResourceUploadFields, form.fields), form.files, req.lang));
    },
  );

  app.delete(
    '/ccms/graphic',
    {
      config: { permission: GraphicPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete graphics', tags: ['content/graphic'], body: ResourceDeleteBody, response: { 200: okOf(ResourceCommit) } },
    },
    async (req) => ok(await graphics.remove(caller(req), req.body, req.lang)),
  );
};
