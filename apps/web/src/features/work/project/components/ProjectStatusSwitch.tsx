import type { Project } from '@ccms/contracts/work/project';
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { useSetProjectOpen } from '../project-queries';

/** Normal (on) or closed (off); closing saves the project with status 1, opening is the reAdd call. The lists refresh through the project keys. */
export function ProjectStatusSwitch({ project }: { project: Project }) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const setOpen = useSetProjectOpen();
  const canEdit = useHasPermi(['ccms:project:edit']) && project.abilities.configure;
  const toggle = async (open: boolean) => {
    if (!(await confirmDialog(t(open ? 'confirmReopen' : 'confirmClose', { name: project.title })))) return;
    await setOpen.mutateAsync({ id: project.id, open });
    message.success(open ? t('reopened') : t('closed'));
  };
  return (
    <Switch
      checked={project.status === '0'}
      loading={setOpen.isPending}
      disabled={!canEdit}
      checkedChildren={t('statuses.0')}
      unCheckedChildren={t('statuses.1')}
      onChange={(on) => toggle(on)}
      aria-label={t('status')}
    />
  );
}
