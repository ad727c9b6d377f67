import { FileZipOutlined } from '@ant-design/icons';
import { ImportFields, type ImportResult } from '@ccms/contracts/content/document';
import { Alert, App, Form, Input, Select, Spin, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useImportDocument } from '../../catalog/catalog-queries';
import type { Scope } from '../document-api';
import { useInspectImport } from '../document-queries';

interface ImportValues {
  files: UploadFile[];
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
  const inspect = useInspectImport(scope.libraryId);
  const importZip = useImportDocument();
  const entity = useEntityForm<ImportValues>({
    open,
    defaults: { files: [], path: '' },
    save: async (v) => {
      const file = v.files[0]?.originFileObj;
      if (!file) throw new Error(t('oneZip'));
      const r = await importZip.mutateAsync({
        fields: {
          libraryId: scope.libraryId,
          ...(scope.branch ? { branch: scope.branch } : {}),
          path: v.path.trim(),
          rootMap: v.rootMap ?? '',
          ...(v.message ? { message: v.message } : {}),
        },
        file,
      });
      message.success(t('imported', { path: r.mapPath, count: r.paths.length, commit: r.commit.slice(0, 8) }));
      onDone(r);
    },
  });
  const form = entity.form;
  const files: UploadFile[] = Form.useWatch('files', form) ?? [];

  /** One zip at a time: a new pick is inspected, its maps offered as the root. */
  const pick = ({ fileList }: { fileList: UploadFile[] }) => {
    const last = fileList.slice(-1);
    const zip = last[0]?.originFileObj;
    form.setFieldValue('rootMap', undefined);
    if (zip)
      inspect.mutate(zip, {
        // One map: it is the root; several: the user picks (a map named like the package first).
        onSuccess: (r) => form.setFieldValue('rootMap', r.maps.length === 1 ? r.maps[0] : undefined),
      });
    else inspect.reset();
    return last;
  };

  // What was inspected belongs to this opening only.
  const inspected = open && files.length > 0 ? inspect : undefined;
  const maps = inspected?.data?.maps ?? [];
  return (
    <FormDialog open={open} title={t('importTitle')} name="document-import" entity={entity} width={640} onClose={onClose}>
      <Form.Item
        name="files"
        label={t('zipFile')}
        valuePropName="fileList"
        getValueFromEvent={pick}
        rules={[{ required: true, type: 'array', min: 1, message: t('oneZip') }]}
      >
        <Upload.Dragger
          accept=".zip,application/zip"
          multiple={false}
          maxCount={1}
          beforeUpload={(f) => {
            if (!/\.zip$/i.test(f.name)) {
              message.error(t('oneZip'));
              return Upload.LIST_IGNORE;
            }
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <FileZipOutlined />
          </p>
          <p className="ant-upload-text">{t('pickZip')}</p>
        </Upload.Dragger>
      </Form.Item>
      {inspected?.isPending && <Spin size="small" />}
      {inspected?.isError && <Alert type="error" showIcon title={errorText(inspected.error)} style={{ marginBottom: 12 }} />}
      {inspected?.data && (
        <Typography.Paragraph type="secondary" data-testid="import-inspect">
          {t('zipContains', { files: inspected.data.files, maps: maps.length })}
        </Typography.Paragraph>
      )}
      <Form.Item name="rootMap" label={t('rootMap')} rules={zodRules(ImportFields, 'rootMap', t('rootMap'), { required: t('rootRequired') })}>
        <Select
          showSearch
          placeholder={t('rootMapPlaceholder')}
          disabled={maps.length === 0}
          options={maps.map((m) => ({ value: m, label: m }))}
          notFoundContent={inspected?.data ? t('noMapsInZip') : undefined}
        />
      </Form.Item>
      <Form.Item name="path" label={t('targetFolder')} extra={t('targetFolderHint')} rules={zodRules(ImportFields, 'path', t('targetFolder'))}>
        <Input maxLength={zodMaxLength(ImportFields, 'path')} placeholder="manuals" />
      </Form.Item>
      <Form.Item name="message" label={t('commitMessage')} rules={zodRules(ImportFields, 'message', t('commitMessage'))}>
        <Input maxLength={zodMaxLength(ImportFields, 'message')} placeholder={t('importMessagePlaceholder', { name: files[0]?.name ?? '…' })} />
      </Form.Item>
      {entity.error && <Alert type="error" showIcon title={<span data-testid="import-error">{errorText(entity.error)}</span>} />}
    </FormDialog>
  );
}
