import { LibraryPermissionApi } from '@ccms/contracts/content/library-permission';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { libraryPermissionService } from './library-permission.service';

const log = (businessType: BusinessType) => ({ log: { title: 'library permission', businessType } });

export const libraryPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const grants = libraryPermissionService(app.db);

  app.route({ ...routeOf(LibraryPermissionApi.list), handler: async (req) => ok(await grants.list(caller(req), req.query.libraryId)) });
  // Pickers of the grants and publish readers, for a library's admins and owners without system permissions.
  app.route({
    ...routeOf(LibraryPermissionApi.granteeUsers),
    handler: async (req) => ok(await grants.granteeUsers(caller(req), req.params.libraryId, req.query.keyword)),
  });
  app.route({ ...routeOf(LibraryPermissionApi.granteeRoles), handler: async (req) => ok(await grants.granteeRoles(caller(req), req.params.libraryId)) });
  app.route({
    ...routeOf(LibraryPermissionApi.grant, log(BusinessType.GRANT)),
    handler: async (req) => {
      await grants.grant(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LibraryPermissionApi.revoke, log(BusinessType.GRANT)),
    handler: async (req) => {
      await grants.revoke(caller(req), req.params.ids);
      return done();
    },
  });
};
