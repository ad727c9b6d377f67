import { LIBRARY_LEVELS, LibraryPerm } from '@ccms/contracts/content/library';
import type { Abilities } from '@ccms/contracts/grants';
import { GrantsEditor } from '../../../../shared/grants/GrantsEditor';
import { libraryConfigApi } from '../library-api';
import { libraryKeys } from '../library-queries';

/** Who may do what on this library: admin, owner, write or read, for a user, a role or all. */
export function GrantsTab({ libraryId, abilities }: { libraryId: number; abilities: Abilities }) {
  // The pickers answer the library's admins and owners holding the library edit permission.
  return (
    <GrantsEditor
      ns="library"
      formName="grant-form"
      levels={LIBRARY_LEVELS}
      defaultGranteeType="role"
      editPerm={LibraryPerm.edit}
      abilities={abilities}
      source={{
        grantsKey: libraryKeys.grants(libraryId),
        grants: () => libraryConfigApi.grants(libraryId),
        usersKey: (search) => libraryKeys.granteeUsers(libraryId, search),
        users: (keyword) => libraryConfigApi.users(libraryId, keyword),
        rolesKey: libraryKeys.granteeRoles(libraryId),
        roles: () => libraryConfigApi.roles(libraryId),
        add: (g) => libraryConfigApi.addGrant({ libraryId, ...g }),
        remove: libraryConfigApi.removeGrant,
      }}
    />
  );
}
