import { OkEmpty, rowsOf } from '@ccms/contracts/http';
import { PORTAL_PATH } from '@ccms/contracts/publish/portal';
import { ViewerEntry, ViewerQuery } from '@ccms/contracts/publish/publication';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { rows } from '../../../platform/http/envelope';

/** The web route of the document-center viewer: the reader's portal, outside the admin shell. */
export const VIEWER_PATH = PORTAL_PATH;

/** The document-center viewer: its address for the app switcher, and the outputs it lists. */
export const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ccms/mxView/getMxViewAddress',
    {
      config: { authenticated: true },
      schema: { summary: 'The document-center viewer address (in msg)', tags: ['publish/viewer'], response: { 200: OkEmpty } },
    },
    async () => ({ code: 200, msg: VIEWER_PATH }),
  );
  app.get(
    '/ccms/mxView/list',
    {
      config: { authenticated: true },
      schema: {
        summary: 'The latest output of each publication the caller may read, with search',
        tags: ['publish/viewer'],
        querystring: ViewerQuery,
        response: { 200: rowsOf(ViewerEntry) },
      },
    },
    async (req) => rows(await app.publish.outputs.viewer(caller(req), req.query)),
  );
};
