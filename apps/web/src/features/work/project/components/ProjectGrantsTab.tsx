import type { Abilities } from '@ccms/contracts/grants';
import { PROJECT_LEVELS, ProjectPerm } from '@ccms/contracts/work/project';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GrantsEditor } from '../../../../shared/grants/GrantsEditor';
import { projectApi } from '../project-api';
import { projectKeys } from '../project-queries';

/** Who may do what on this project: owner, admin, write or read, for a user, a role or all. */
export function ProjectGrantsTab({ projectId, abilities }: { projectId: number; abilities: Abilities }) {
  const { t } = useTranslation('project');
  if (!abilities.configure) return <Tag>{t('levels.read')}</Tag>;
  return (
    <GrantsEditor
      ns="project"
      formName="project-grant-form"
      levels={PROJECT_LEVELS}
      defaultGranteeType="user"
      editPerm={ProjectPerm.edit}
      abilities={abilities}
      source={{
        grantsKey: projectKeys.grants(projectId),
        grants: () => projectApi.grants(projectId),
        usersKey: projectKeys.granteeUsers,
        users: projectApi.granteeUsers,
        rolesKey: projectKeys.granteeRoles(),
        roles: projectApi.granteeRoles,
        add: (g) => projectApi.addGrant({ projectId, ...g }),
        remove: projectApi.removeGrant,
      }}
    />
  );
}
