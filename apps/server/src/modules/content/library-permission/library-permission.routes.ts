import { LibraryIdParam, LibraryPerm } from '@ccms/contracts/content/library';
import { GrantBody, GranteeQuery, GranteeRole, GranteeUser, LibraryGrant, LibraryScopedQuery } from '@ccms/contracts/content/library-config';
import { IdList, OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { libraryPermissionService } from './library-permission.service';

const log = (businessType: BusinessType) => ({ title: 'library permission', businessType });

export const libraryPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const grants = libraryPermissionService(app.db);

  app.get(
    '/ccms/library/permission/list',
    {
      config: { permission: LibraryPerm.query },
      schema: {
        summary: 'List the grants of a library',
        tags: ['content/library-permission'],
        querystring: LibraryScopedQuery,
        response: { 200: okOf(z.array(LibraryGrant)) },
      },
    },
    async (req) => ok(await grants.list(caller(req), req.query.libraryId)),
  );
  // Pickers of the grants and publish readers, for a library's admins and owners without system permissions.
  app.get(
    '/ccms/library/:libraryId/grantee/users',
    {
      config: { permission: LibraryPerm.edit },
      schema: {
        summary: 'List users that can be granted access to a library',
        tags: ['content/library-permission'],
        params: LibraryIdParam,
        querystring: GranteeQuery,
        response: { 200: okOf(z.array(GranteeUser)) },
      },
    },
    async (req) => ok(await grants.granteeUsers(caller(req), req.params.libraryId, req.query.keyword)),
  );
  app.get(
    '/ccms/library/:libraryId/grantee/roles',
    {
      config: { permission: LibraryPerm.edit },
      schema: {
        summary: 'List roles that can be granted access to a library',
        tags: ['content/library-permission'],
        params: LibraryIdParam,
        response: { 200: okOf(z.array(GranteeRole)) },
      },
    },
    async (req) => ok(await grants.granteeRoles(caller(req), req.params.libraryId)),
  );
  app.post(
    '/ccms/library/permission',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.GRANT) },
      schema: {
        summary: 'Grant a user, role or everyone a level on a library',
        tags: ['content/library-permission'],
        body: GrantBody,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await grants.grant(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/library/permission/:ids',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Revoke library grants', tags: ['content/library-permission'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await grants.revoke(caller(req), req.params.ids);
      return done();
    },
  );
};
