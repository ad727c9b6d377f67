import { PORTAL_PATH } from '@ccms/contracts/publish/portal';
import { ViewerApi } from '@ccms/contracts/publish/viewer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { rows } from '../../../platform/http/envelope';

/** The web route of the document-center viewer: the reader's portal, outside the admin shell. */
export const VIEWER_PATH = PORTAL_PATH;

/** The document-center viewer: its address for the app switcher, and the outputs it lists. */
export const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(ViewerApi.address),
    handler: async () => ({ code: 200, msg: VIEWER_PATH }),
  });
  app.route({
    ...routeOf(ViewerApi.list),
    handler: async (req) => rows(await app.publish.outputs.viewer(caller(req), req.query)),
  });
};
