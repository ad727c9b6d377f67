import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/form/FormModal';
import { useAssignTags, useTagOptions } from '../tag-queries';

interface Values {
  path: string;
  tagIds: number[];
}

/** Puts tags on a document or topic of a branch, by its path in the library. */
export function AssignDialog({
  open,
  libraryId,
  branch,
  initialTagIds,
  onClose,
  onDone,
}: {
  open: boolean;
  libraryId: number;
  branch: string | undefined;
  initialTagIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('tag');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useTagOptions(libraryId, open);

  const assign = useAssignTags();
  const submit = (v: Values) =>
    assign.mutate(
      { add: true, libraryId, ...(branch ? { branch } : {}), path: v.path.trim(), tagIds: v.tagIds },
      {
        onSuccess: () => {
          message.success(t('assigned'));
          onDone();
        },
      },
    );

  return (
    <FormModal<Values>
      open={open}
      title={t('assignTitle')}
      form={form}
      name="tag-assign"
      layout="vertical"
      initialValues={{ path: '', tagIds: initialTagIds }}
      saving={assign.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <Form.Item name="path" label={t('path')} rules={[{ required: true, whitespace: true, message: t('pathRequired') }]}>
        <Input maxLength={1000} placeholder={t('pathPlaceholder')} />
      </Form.Item>
      <Form.Item name="tagIds" label={t('tags')} rules={[{ required: true, message: t('tagsRequired') }]}>
        <Select
          mode="multiple"
          loading={options.isLoading}
          optionFilterProp="label"
          options={(options.data ?? []).map((o) => ({ value: o.tagId, label: o.tagName }))}
        />
      </Form.Item>
    </FormModal>
  );
}
