import { GLOSSARY_DEFINITION_MAX, GLOSSARY_NAME_MAX, type GlossaryKind } from '@ccms/contracts/content/glossary';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type GlossaryRow, glossaryApi } from '../glossary-api';

interface Values {
  name: string;
  definition: string;
}

export interface GlossaryFormDialogProps {
  kind: GlossaryKind;
  open: boolean;
  /** The entry to edit; null adds one. */
  entry: GlossaryRow | null;
  scope: { libraryId: number; branch?: string | undefined };
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an abbreviation or term (name, definition): each save is one commit to the library. */
export function GlossaryFormDialog({ kind, open, entry, scope, onClose, onSaved }: GlossaryFormDialogProps) {
  const { t } = useTranslation('resource');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kindText = t(`glossary.${kind}`);
  const labels =
    kind === 'abbreviation'
      ? { name: t('glossary.abbreviationName'), definition: t('glossary.abbreviationDefinition') }
      : { name: t('glossary.name'), definition: t('glossary.definition') };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(entry ? { name: entry.name, definition: entry.definition } : { name: '', definition: '' });
  }, [open, entry, form]);

  const save = useMutation({
    mutationFn: (v: Values) => (entry ? glossaryApi(kind).update({ ...scope, id: entry.id, ...v }) : glossaryApi(kind).add({ ...scope, ...v })),
    onSuccess: (r) => {
      message.success(t(entry ? 'glossary.updated' : 'glossary.added', { commit: r.commit.slice(0, 8) }));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={t(entry ? 'glossary.editTitle' : 'glossary.addTitle', { kind: kindText })}
      width={560}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values>
        form={form}
        labelCol={{ flex: '96px' }}
        labelWrap
        name={`${kind}-form`}
        onFinish={(v) => save.mutate({ name: v.name.trim(), definition: v.definition.trim() })}
      >
        <Form.Item name="name" label={labels.name} rules={[{ required: true, whitespace: true, message: t('glossary.nameRequired') }]}>
          <Input maxLength={GLOSSARY_NAME_MAX} placeholder={t('glossary.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="definition" label={labels.definition} rules={[{ required: true, whitespace: true, message: t('glossary.definitionRequired') }]}>
          <Input.TextArea maxLength={GLOSSARY_DEFINITION_MAX} rows={4} placeholder={t('glossary.definitionPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
