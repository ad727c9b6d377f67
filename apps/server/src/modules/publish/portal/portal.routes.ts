import { okOf, rowsOf } from '@ccms/contracts/http';
import {
  PORTAL_PERMS,
  PortalHit,
  PortalListQuery,
  PortalOpen,
  PortalOpenParams,
  PortalOpenQuery,
  PortalPublication,
  PortalSearchQuery,
} from '@ccms/contracts/publish/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok, rows } from '../../../platform/http/envelope';
import type { PortalService } from './portal.service';

const tags = ['publish/portal'];

/** The reader's portal: the latest outputs the caller may read, a search across their pages, one opened in place. */
export function portalRoutes(portal: PortalService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ccms/portal/list',
      {
        config: { permission: PORTAL_PERMS },
        schema: {
          summary: 'The publications whose latest outputs the caller may read, each with its outputs (the reader language first)',
          tags,
          querystring: PortalListQuery,
          response: { 200: rowsOf(PortalPublication) },
        },
      },
      async (req) => rows(await portal.list(caller(req), req.query, req.lang)),
    );
    app.get(
      '/ccms/portal/search',
      {
        config: { permission: PORTAL_PERMS },
        schema: {
          summary: 'Pages of the latest HTML5 outputs the caller may read that hold all the words (at most 50, title hits first)',
          tags,
          querystring: PortalSearchQuery,
          response: { 200: rowsOf(PortalHit) },
        },
      },
      async (req) => rows(await portal.search(caller(req), req.query.q, req.lang)),
    );
    app.get(
      '/ccms/portal/output/:id',
      {
        config: { permission: PORTAL_PERMS },
        schema: {
          summary: 'Open an output the caller may read in the portal: the address of its page and the other outputs of its publication',
          tags,
          params: PortalOpenParams,
          querystring: PortalOpenQuery,
          response: { 200: okOf(PortalOpen) },
        },
      },
      async (req) => ok(await portal.open(caller(req), req.params.id, req.query.page, req.lang)),
    );
  };
}
