import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/form/FormModal';
import { ProjectSelect } from '../../../work/project/components/pickers';
import { useReleaseOptions } from '../../../work/release/release-queries';
import { useArchiveOutput } from '../output-queries';

interface Values {
  projectId?: number;
  releaseId?: number;
  commitComment?: string;
}

/** Archive a successful output to a project release: writes the release log row (version = the release's title). */
export function ArchiveDialog({ outputId, onClose }: { outputId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('output');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const projectId = Form.useWatch('projectId', form);
  const releases = useReleaseOptions(projectId);
  const archive = useArchiveOutput();

  const submit = async (values: Values) => {
    const release = releases.data?.find((r) => r.id === values.releaseId);
    if (!release || !values.projectId || !outputId) return;
    await archive.mutateAsync({ outputId, projectId: values.projectId, version: release.title, commitComment: values.commitComment ?? '' });
    message.success(t('archive.done', { version: release.title }));
    onClose();
  };

  return (
    <FormModal
      open={outputId !== undefined}
      title={t('archive.title')}
      okText={t('archive.ok')}
      form={form}
      layout="vertical"
      saving={archive.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <Form.Item name="projectId" label={t('archive.project')} rules={[{ required: true, message: t('archive.projectRequired') }]}>
        <ProjectSelect placeholder={t('archive.project')} onChange={() => form.setFieldValue('releaseId', undefined)} />
      </Form.Item>
      <Form.Item name="releaseId" label={t('archive.release')} rules={[{ required: true, message: t('archive.releaseRequired') }]}>
        <Select<number>
          placeholder={t('archive.release')}
          disabled={!projectId}
          loading={releases.isFetching}
          options={(releases.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
          notFoundContent={t('archive.noReleases')}
        />
      </Form.Item>
      <Form.Item name="commitComment" label={t('archive.comment')} rules={[{ max: 1000 }]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
