import { InboxOutlined } from '@ant-design/icons';
import { type GrammarKind, GrammarName } from '@ccms/contracts/content/grammar';
import { App, Form, Input, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/form/FormModal';
import { useInstallGrammar } from '../grammar-queries';

interface InstallValues {
  name: string;
}

export interface GrammarInstallDialogProps {
  open: boolean;
  onClose: () => void;
}

const NAME_PATTERN = /^[A-Za-z0-9][\w.-]*$/;
const NAME_MAX = GrammarName.maxLength ?? 64;
const INSTALLED = { dtd: 'installed', schema: 'installedSchema', brex: 'installedBrex' } as const satisfies Record<GrammarKind, string>;

/**
 * Installs a grammar package: a zip of DITA DTDs with their OASIS catalog.xml, of one S1000D
 * issue's schemas or of S1000D default BREX; the server recognises and checks it before keeping anything.
 */
export function GrammarInstallDialog({ open, onClose }: GrammarInstallDialogProps) {
  const { t } = useTranslation('grammar');
  const { message } = App.useApp();
  const [form] = Form.useForm<InstallValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const install = useInstallGrammar();

  useEffect(() => {
    if (open) setFiles([]);
  }, [open]);

  const submit = async (values: InstallValues) => {
    const file = files[0]?.originFileObj;
    if (!file) {
      message.error(t('fileRequired'));
      return;
    }
    const done = await install.mutateAsync({ name: values.name.trim() || undefined, file }).catch(() => undefined);
    if (!done) return;
    message.success(t(done.standard === 'ATA2300' ? 'installedAta2300' : INSTALLED[done.kind], { version: done.version }));
    onClose();
  };

  return (
    <FormModal<InstallValues>
      open={open}
      title={t('installTitle')}
      form={form}
      name="grammar-install"
      layout="vertical"
      initialValues={{ name: '' }}
      saving={install.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <Form.Item label={t('file')} required>
        <Upload.Dragger
          accept=".zip"
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (!file.name.toLowerCase().endsWith('.zip')) {
              message.error(t('zipOnly'));
              return Upload.LIST_IGNORE;
            }
            setFiles([{ uid: file.uid, name: file.name, size: file.size, status: 'done', originFileObj: file }]);
            if (!form.getFieldValue('name')) form.setFieldsValue({ name: file.name.replace(/\.zip$/i, '') });
            return false;
          }}
          onRemove={() => setFiles([])}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('pickZip')}</p>
          <p className="ant-upload-hint">{t('zipTip')}</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        extra={t('nameTip')}
        rules={[
          { max: NAME_MAX, message: t('nameTooLong', { max: NAME_MAX }) },
          { pattern: NAME_PATTERN, message: t('nameFormat') },
        ]}
      >
        <Input maxLength={NAME_MAX} placeholder={t('namePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
