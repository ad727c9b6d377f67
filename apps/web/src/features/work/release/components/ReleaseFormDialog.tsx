import { type Release, ReleaseBody } from '@ccms/contracts/work/release';
import { App, DatePicker, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useProjects } from '../../../../state/project-store';
import { dateItemProps, notBefore, ProjectSelect } from '../../project/components/pickers';
import { releaseQueries, useSaveRelease } from '../release-queries';

type FormValues = Omit<ReleaseBody, 'projectId'> & { projectId: number | undefined; rowVersion?: number };

const toValues = (d: Release): FormValues => ({
  projectId: d.projectId,
  title: d.title,
  description: d.description,
  status: d.status === '1' ? '1' : '0',
  beginDate: d.beginDate,
  endDate: d.endDate,
  rowVersion: d.rowVersion,
});

/** Add or edit a release; a fixed project (the project detail's tab) hides the project field. Rules come from the contract's ReleaseBody. */
export function ReleaseFormDialog({ open, id, projectId, onClose }: { open: boolean; id: number | undefined; projectId?: number; onClose: () => void }) {
  const { t } = useTranslation('release');
  const { message } = App.useApp();
  const current = useProjects((s) => s.currentProjectId);
  const editing = id !== undefined;
  const saveRelease = useSaveRelease();
  const entity = useEntityForm<FormValues, Release>({
    open,
    load: id === undefined ? undefined : releaseQueries.detail(id),
    toValues,
    defaults: { projectId: projectId ?? current ?? undefined, title: '', description: '', status: '0', beginDate: null, endDate: null },
    save: ({ rowVersion, ...v }) => {
      const body = { ...v, projectId: v.projectId ?? 0 };
      return saveRelease.mutateAsync(id === undefined ? body : { ...body, id, rowVersion: rowVersion ?? 1 });
    },
    onSaved: () => {
      message.success(editing ? t('updated') : t('added'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={editing ? t('editTitle') : t('addTitle')} name="release-form" entity={entity} onClose={onClose}>
      <Form.Item name="rowVersion" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('projectRequired') }]} hidden={projectId !== undefined}>
        <ProjectSelect placeholder={t('projectPlaceholder')} disabled={editing} />
      </Form.Item>
      <Form.Item name="title" label={t('title')} rules={zodRules(ReleaseBody, 'title', t('title'), { required: t('titleRequired') })}>
        <Input maxLength={zodMaxLength(ReleaseBody, 'title')} placeholder={t('titlePlaceholder')} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
      </Form.Item>
      <Form.Item name="beginDate" label={t('beginDate')} {...dateItemProps}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="endDate" label={t('endDate')} dependencies={['beginDate']} rules={[notBefore('beginDate', t('endBeforeBegin'))]} {...dateItemProps}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={zodRules(ReleaseBody, 'description', t('description'))}>
        <Input.TextArea rows={3} maxLength={zodMaxLength(ReleaseBody, 'description')} />
      </Form.Item>
    </FormDialog>
  );
}
