import { CheckCircleFilled, CloseCircleFilled, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Switch, Table, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportOutcome, userApi } from '../user-api';
import { useImportUsers } from '../user-queries';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

const ACCEPT = ['.xls', '.xlsx'];

export const isSpreadsheet = (name: string) => ACCEPT.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * RuoYi's user import: one .xls/.xlsx file, "update existing users", the template download, and
 * then the server's outcome for every row.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [outcome, setOutcome] = useState<(ImportOutcome & { msg: string }) | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setUpdateSupport(false);
    setOutcome(null);
  }, [open]);

  // A finished import (even one with refused rows) invalidates the user list.
  const upload = useImportUsers();

  const submit = () => {
    const blob = file?.originFileObj;
    if (!file || !blob) {
      message.warning(t('importChooseFile'));
      return;
    }
    upload.mutate({ file: blob, fileName: file.name, updateSupport }, { onSuccess: setOutcome });
  };

  const footer = outcome ? (
    <Button type="primary" onClick={onClose}>
      {tc('close')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose}>{tc('cancel')}</Button>
      <Button type="primary" loading={upload.isPending} onClick={submit}>
        {tc('ok')}
      </Button>
    </>
  );

  return (
    <Modal open={open} title={t('importTitle')} width={outcome ? 720 : 440} footer={footer} onCancel={onClose} destroyOnHidden>
      {outcome ? (
        <div className="import-outcome">
          <Alert type={outcome.failureCount > 0 ? 'warning' : 'success'} showIcon title={outcome.msg} />
          <Table
            size="small"
            rowKey="row"
            pagination={outcome.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={outcome.rows}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('importRow'), width: 70 },
              { key: 'userName', dataIndex: 'userName', title: t('userName'), width: 140 },
              {
                key: 'ok',
                dataIndex: 'ok',
                title: t('importResult'),
                width: 90,
                render: (ok: boolean) =>
                  ok ? (
                    <span className="import-ok">
                      <CheckCircleFilled /> {t('importOk')}
                    </span>
                  ) : (
                    <span className="import-failed">
                      <CloseCircleFilled /> {t('importFailed')}
                    </span>
                  ),
              },
              { key: 'msg', dataIndex: 'msg', title: t('importMessage') },
            ]}
          />
        </div>
      ) : (
        <>
          <Upload.Dragger
            accept={ACCEPT.join(',')}
            maxCount={1}
            fileList={file ? [file] : []}
            beforeUpload={(picked) => {
              if (!isSpreadsheet(picked.name)) {
                message.error(t('importWrongType'));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => setFile(fileList.at(-1) ?? null)}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('importDrop')}</p>
          </Upload.Dragger>
          <div className="import-options">
            <span className="import-switch">
              <Switch id="import-update-support" size="small" checked={updateSupport} onChange={setUpdateSupport} />
              <label htmlFor="import-update-support">{t('importUpdateSupport')}</label>
            </span>
            <div className="import-hint">
              {t('importHint')}
              <Button type="link" size="small" onClick={() => userApi.importTemplate()}>
                {t('importTemplate')}
              </Button>
            </div>
          </div>
        </>
      )}
    </Modal>
  );
}
