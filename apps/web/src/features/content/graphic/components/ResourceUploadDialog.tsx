import { InboxOutlined } from '@ant-design/icons';
import { App, Checkbox, Form, Input, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/form/FormModal';
import { refusal, type UploadRules } from '../../../../shared/upload/upload-rules';

export interface UploadValues {
  folder: string;
  message: string;
  overwrite: boolean;
}

export interface ResourceUploadDialogProps {
  open: boolean;
  kind: 'graphic' | 'video';
  /** The spec's upload rules for this kind (types, size in MB, most files). */
  rules: UploadRules;
  defaultFolder: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: UploadValues, files: File[]) => void;
}

/**
 * Picks files for a graphic or video upload and checks them with the upload rules before they
 * are sent (wrong format, too large, too many: the spec's messages); the server checks again.
 */
export function ResourceUploadDialog({ open, kind, rules, defaultFolder, pending, onCancel, onSubmit }: ResourceUploadDialogProps) {
  const { t } = useTranslation(['graphic', 'shared']);
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);

  useEffect(() => {
    if (open) setFiles([]);
  }, [open]);

  const types = rules.fileType.join('/');
  const refuse = (file: File, held: number): string | null => {
    const why = refusal(file, rules, held);
    if (!why) return null;
    if (why.reason === 'count') return t('shared:upload.tooMany', { limit: rules.limit });
    if (why.reason === 'format') return kind === 'graphic' ? t('shared:upload.wrongImageFormat', { types }) : t('wrongVideoFormat', { types });
    return kind === 'graphic' ? t('tooLargeImage', { size: rules.fileSize }) : t('tooLargeVideo', { size: rules.fileSize });
  };

  const submit = (values: UploadValues) => {
    const picked = files.flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));
    if (picked.length === 0) {
      message.error(t('filesRequired'));
      return;
    }
    onSubmit(values, picked);
  };

  return (
    <FormModal<UploadValues>
      open={open}
      title={kind === 'graphic' ? t('uploadGraphicTitle') : t('uploadVideoTitle')}
      form={form}
      name={`${kind}-upload`}
      layout="vertical"
      initialValues={{ folder: defaultFolder, message: '', overwrite: false }}
      saving={pending}
      onClose={onCancel}
      onFinish={submit}
    >
      <Form.Item label={t('pickFiles')} required>
        <Upload.Dragger
          multiple
          accept={rules.fileType.map((ext) => `.${ext}`).join(',')}
          fileList={files}
          beforeUpload={(file) => {
            const why = refuse(file, files.length);
            if (why) {
              message.error(why);
              return Upload.LIST_IGNORE;
            }
            setFiles((list) => [...list, { uid: file.uid, name: file.name, size: file.size, status: 'done', originFileObj: file }]);
            return false;
          }}
          onRemove={(file) => setFiles((list) => list.filter((f) => f.uid !== file.uid))}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('pickFiles')}</p>
          <p className="ant-upload-hint">{t(kind === 'graphic' ? 'graphicTip' : 'videoTip', { size: rules.fileSize, limit: rules.limit })}</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item name="folder" label={t('folder')}>
        <Input maxLength={1000} placeholder={t('folderPlaceholder', { folder: defaultFolder })} />
      </Form.Item>
      <Form.Item name="message" label={t('commitMessage')}>
        <Input maxLength={2000} placeholder={t('commitMessagePlaceholder')} />
      </Form.Item>
      <Form.Item name="overwrite" valuePropName="checked">
        <Checkbox>{t('overwrite')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
