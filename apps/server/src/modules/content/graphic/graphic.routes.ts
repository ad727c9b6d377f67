import { GraphicApi, GraphicPerm, ResourceUploadFields } from '@ccms/contracts/content/graphic';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { fileHeaders, notModified } from '../../../platform/http/file-headers';
import { formFields, readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { graphicService } from './graphic.service';
import { resourceFiles } from './resource-files';

const log = (businessType: BusinessType) => ({ log: { title: 'graphic', businessType } });
const NotModified = z.unknown().describe('the browser holds this version (ETag)');

export const graphicRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = resourceFiles({ db: app.db, git: app.content.git, libraries: app.content.libraries });
  const media = mediaAccess(app);
  const graphics = graphicService(files, media.tickets);

  app.route({ ...routeOf(GraphicApi.list), handler: async (req) => ({ code: Code.OK, msg: 'ok', ...(await graphics.list(caller(req), req.query)) }) });

  // Public to the guard because <img> sends no bearer token: the handler takes the token or the
  // URL's media ticket, then checks ccms:graphic:list and the library's read level.
  for (const image of [GraphicApi.raw, GraphicApi.thumbnail]) {
    const route = routeOf(image);
    app.route({
      ...route,
      schema: { ...route.schema, response: { ...route.schema.response, 304: NotModified } },
      handler: async (req, reply) => {
        const auth = await media.callerOf(req, req.query, GraphicPerm.list);
        const file = await graphics.read(auth, req.query);
        fileHeaders(reply, file, 'inline');
        if (notModified(req, file.oid)) return reply.code(304).send();
        return reply.header('content-length', file.content.length).send(file.content);
      },
    });
  }

  app.route({ ...routeOf(GraphicApi.usage), handler: async (req) => ok(await graphics.usage(caller(req), req.query)) });

  app.route({
    ...routeOf(GraphicApi.upload, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: (raw) => graphics.assertWritable(auth, formFields(ResourceUploadFields, raw).libraryId) });
      return ok(await graphics.upload(auth, formFields(ResourceUploadFields, form.fields), form.files, req.lang));
    },
  });

  app.route({ ...routeOf(GraphicApi.remove, log(BusinessType.DELETE)), handler: async (req) => ok(await graphics.remove(caller(req), req.body, req.lang)) });
};
