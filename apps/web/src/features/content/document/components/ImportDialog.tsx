import { FileZipOutlined } from '@ant-design/icons';
import type { ImportResult } from '@ccms/contracts/content/document';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Spin, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentApi, type Scope } from '../document-api';
import { useFreshModal } from './use-fresh-modal';

interface ImportValues {
  path: string;
  rootMap?: string;
  message?: string;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Import of a zip package: exactly one zip, then the root map chosen from the maps the server
 * found in it (nothing is written until OK). One commit, then indexed.
 */
export function ImportDialog({ open, scope, onClose, onDone }: { open: boolean; scope: Scope; onClose: () => void; onDone: (r: ImportResult) => void }) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const [form] = Form.useForm<ImportValues>();
  const fresh = useFreshModal();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const file = files[0]?.originFileObj;

  const inspect = useMutation({
    mutationFn: (zip: File) => documentApi.inspectImport(scope.libraryId, zip),
    onSuccess: (r) => {
      // One map: it is the root; several: the user picks (a map named like the package first).
      form.setFieldValue('rootMap', r.maps.length === 1 ? r.maps[0] : undefined);
    },
  });
  const save = useMutation({
    mutationFn: (v: ImportValues) => {
      if (!file) throw new Error(t('oneZip'));
      return documentApi.importZip(
        {
          libraryId: scope.libraryId,
          ...(scope.branch ? { branch: scope.branch } : {}),
          path: v.path.trim(),
          rootMap: v.rootMap ?? '',
          ...(v.message ? { message: v.message } : {}),
        },
        file,
      );
    },
    onSuccess: (r) => {
      message.success(t('imported', { path: r.mapPath, count: r.paths.length, commit: r.commit.slice(0, 8) }));
      onDone(r);
    },
  });

  useEffect(() => {
    if (!open) return;
    setFiles([]);
    inspect.reset();
    save.reset();
    form.resetFields();
  }, [open, form, inspect.reset, save.reset]);

  const maps = inspect.data?.maps ?? [];
  return (
    <Modal
      key={fresh.key}
      afterClose={fresh.afterClose}
      open={open}
      title={t('importTitle')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => {
        if (!file) {
          message.error(t('oneZip'));
          return;
        }
        form.submit();
      }}
      forceRender
      width={640}
    >
      <Form<ImportValues> name="document-import" form={form} layout="vertical" initialValues={{ path: '' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item label={t('zipFile')} required>
          <Upload.Dragger
            accept=".zip,application/zip"
            multiple={false}
            maxCount={1}
            fileList={files}
            beforeUpload={(f) => {
              if (!/\.zip$/i.test(f.name)) {
                message.error(t('oneZip'));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => {
              const last = fileList.slice(-1);
              setFiles(last);
              const zip = last[0]?.originFileObj;
              form.setFieldValue('rootMap', undefined);
              if (zip) inspect.mutate(zip);
              else inspect.reset();
            }}
          >
            <p className="ant-upload-drag-icon">
              <FileZipOutlined />
            </p>
            <p className="ant-upload-text">{t('pickZip')}</p>
          </Upload.Dragger>
        </Form.Item>
        {inspect.isPending && <Spin size="small" />}
        {inspect.isError && <Alert type="error" showIcon title={errorText(inspect.error)} style={{ marginBottom: 12 }} />}
        {inspect.data && (
          <Typography.Paragraph type="secondary" data-testid="import-inspect">
            {t('zipContains', { files: inspect.data.files, maps: maps.length })}
          </Typography.Paragraph>
        )}
        <Form.Item name="rootMap" label={t('rootMap')} rules={[{ required: true, message: t('rootRequired') }]}>
          <Select
            showSearch
            placeholder={t('rootMapPlaceholder')}
            disabled={maps.length === 0}
            options={maps.map((m) => ({ value: m, label: m }))}
            notFoundContent={inspect.data ? t('noMapsInZip') : undefined}
          />
        </Form.Item>
        <Form.Item name="path" label={t('targetFolder')} extra={t('targetFolderHint')}>
          <Input maxLength={1000} placeholder="manuals" />
        </Form.Item>
        <Form.Item name="message" label={t('commitMessage')}>
          <Input maxLength={2000} placeholder={t('importMessagePlaceholder', { name: files[0]?.name ?? '…' })} />
        </Form.Item>
        {save.isError && <Alert type="error" showIcon title={<span data-testid="import-error">{errorText(save.error)}</span>} />}
      </Form>
    </Modal>
  );
}
