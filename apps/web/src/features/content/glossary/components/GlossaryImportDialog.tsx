import { InboxOutlined } from '@ant-design/icons';
import type { GlossaryKind } from '@ccms/contracts/content/glossary';
import { App, Checkbox, Modal, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportGlossary } from '../glossary-queries';

/** Imports an xlsx of names and definitions: checked whole on the server, committed as one commit. */
export function GlossaryImportDialog({
  kind,
  open,
  scope,
  onClose,
  onDone,
}: {
  kind: GlossaryKind;
  open: boolean;
  scope: { libraryId: number; branch?: string | undefined };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('glossary');
  const { t: tr } = useTranslation('graphic');
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setUpdateSupport(false);
    }
  }, [open]);

  const importGlossary = useImportGlossary(kind);
  const run = (picked: File) =>
    importGlossary.mutate(
      { scope, file: picked, updateSupport },
      {
        onSuccess: (r) => {
          message.success(t('glossary.imported', { added: r.added, updated: r.updated }));
          onDone();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('glossary.importTitle', { kind: t(`glossary.${kind}`) })}
      confirmLoading={importGlossary.isPending}
      onCancel={onClose}
      onOk={() => {
        if (!file) {
          message.error(t('glossary.fileRequired'));
          return;
        }
        run(file);
      }}
    >
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={file ? [{ uid: 'xlsx', name: file.name, status: 'done' }] : []}
        beforeUpload={(picked) => {
          setFile(picked);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{tr('pickFiles')}</p>
      </Upload.Dragger>
      <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)} style={{ marginTop: 12 }}>
        {t('glossary.updateSupport')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('glossary.importTip')}
      </Typography.Paragraph>
    </Modal>
  );
}
