import type { Project } from '@ccms/contracts/work/project';
import { App, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { projectApi } from '../project-api';

/** Normal (on) or closed (off); closing saves the project with status 1, opening is the reAdd call. */
export function ProjectStatusSwitch({ project, onChanged }: { project: Project; onChanged: () => void }) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const canEdit = useHasPermi(['ccms:project:edit']) && project.abilities.configure;
  const toggle = async (open: boolean) => {
    if (!(await confirmDialog(t(open ? 'confirmReopen' : 'confirmClose', { name: project.title })))) return;
    setBusy(true);
    try {
      if (open) await projectApi.reopen(project.id);
      else {
        const d = await projectApi.get(project.id);
        await projectApi.update({
          title: d.title,
          name: d.name,
          status: '1',
          category: d.category,
          schedule: d.schedule,
          description: d.description,
          beginDate: d.beginDate,
          endDate: d.endDate,
          version: d.version,
          libraryId: d.libraryId,
          sourceBranch: d.sourceBranch,
          projectBranch: d.projectBranch,
          useOriginBranch: d.useOriginBranch,
          ownerId: d.ownerId,
          risk: d.risk,
          objective: d.objective,
          milestone: d.milestone,
          secrecy: d.secrecy,
          public: d.public,
          updateSchedule: d.updateSchedule === 'minutes' || d.updateSchedule === 'hour' || d.updateSchedule === 'day' ? d.updateSchedule : 'never',
          id: d.id,
          rowVersion: d.rowVersion,
        });
      }
      message.success(open ? t('reopened') : t('closed'));
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={project.status === '0'}
      loading={busy}
      disabled={!canEdit}
      checkedChildren={t('statuses.0')}
      unCheckedChildren={t('statuses.1')}
      onChange={(on) => toggle(on)}
      aria-label={t('status')}
    />
  );
}
