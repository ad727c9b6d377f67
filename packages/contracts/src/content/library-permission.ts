import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdList, OkEmpty, okOf } from '../http';
import { LibraryIdParam, LibraryPerm } from './library';
import { GrantBody, GranteeQuery, GranteeRole, GranteeUser, LibraryGrant, LibraryScopedQuery } from './library-config';

/** A library's grants (server: modules/content/library-permission); their schemas are the library configuration's. */
const tag = 'content/library-permission';

/** The library grants API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const LibraryPermissionApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/library/permission/list',
    access: { permission: LibraryPerm.query },
    summary: 'List the grants of a library',
    tag,
    query: LibraryScopedQuery,
    response: okOf(z.array(LibraryGrant)),
  }),
  granteeUsers: endpoint({
    method: 'GET',
    url: '/ccms/library/:libraryId/grantee/users',
    access: { permission: LibraryPerm.edit },
    summary: 'List users that can be granted access to a library',
    tag,
    params: LibraryIdParam,
    query: GranteeQuery,
    response: okOf(z.array(GranteeUser)),
  }),
  granteeRoles: endpoint({
    method: 'GET',
    url: '/ccms/library/:libraryId/grantee/roles',
    access: { permission: LibraryPerm.edit },
    summary: 'List roles that can be granted access to a library',
    tag,
    params: LibraryIdParam,
    response: okOf(z.array(GranteeRole)),
  }),
  grant: endpoint({
    method: 'POST',
    url: '/ccms/library/permission',
    access: { permission: LibraryPerm.edit },
    summary: 'Grant a user, role or everyone a level on a library',
    tag,
    body: GrantBody,
    response: OkEmpty,
  }),
  revoke: endpoint({
    method: 'DELETE',
    url: '/ccms/library/permission/:ids',
    access: { permission: LibraryPerm.edit },
    summary: 'Revoke library grants',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
