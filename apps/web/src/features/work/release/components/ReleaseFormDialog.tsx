import type { ReleaseBody } from '@ccms/contracts/work/release';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjects } from '../../../../state/project-store';
import { dateItemProps, notBefore, ProjectSelect } from '../../project/components/pickers';
import { releaseApi } from '../release-api';

type FormValues = Omit<ReleaseBody, 'projectId'> & { projectId: number | undefined };

/** Add or edit a release; a fixed project (the project detail's tab) hides the project field. */
export function ReleaseFormDialog({
  open,
  id,
  projectId,
  onClose,
  onSaved,
}: {
  open: boolean;
  id: number | undefined;
  projectId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('release');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const current = useProjects((s) => s.currentProjectId);
  const [form] = Form.useForm<FormValues>();
  const editing = id !== undefined;
  const detail = useQuery({ queryKey: ['ccms', 'release', 'detail', id], queryFn: () => releaseApi.get(id ?? 0), enabled: open && editing, gcTime: 0 });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing)
      form.setFieldsValue({ projectId: projectId ?? current ?? undefined, title: '', description: '', status: '0', beginDate: null, endDate: null });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        projectId: d.projectId,
        title: d.title,
        description: d.description,
        status: d.status === '1' ? '1' : '0',
        beginDate: d.beginDate,
        endDate: d.endDate,
      });
    }
  }, [open, editing, detail.data, form, projectId, current]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = { ...v, projectId: v.projectId ?? 0 };
      return id === undefined ? releaseApi.add(body) : releaseApi.update({ ...body, id, rowVersion: detail.data?.rowVersion ?? 1 });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={560}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<FormValues> form={form} labelCol={{ flex: '96px' }} onFinish={(v) => save.mutate(v)} name="release-form">
          <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('projectRequired') }]} hidden={projectId !== undefined}>
            <ProjectSelect placeholder={t('projectPlaceholder')} disabled={editing} />
          </Form.Item>
          <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
            <Input maxLength={200} placeholder={t('titlePlaceholder')} />
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
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={3} maxLength={10000} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
