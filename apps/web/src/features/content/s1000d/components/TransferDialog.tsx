import { FileZipOutlined } from '@ant-design/icons';
import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { DdnParty, TRANSFER_ACTIONS, type TransferChange, TransferExportBody, type TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space, Table, Tabs, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../../shared/form/zod-rules';
import { slot, tabItems } from '../../../../shared/slots/slots';
import { documentQueries } from '../../document/document-queries';
import { transferApi, useImportTransfer } from '../transfer-api';

const ACTION_COLORS: Record<TransferChange['action'], string> = {
  added: 'success',
  newIssue: 'processing',
  olderIssue: 'warning',
  replaced: 'gold',
  unchanged: 'default',
};
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface SendValues {
  source: 'pm' | 'since';
  documentId?: number;
  since?: Dayjs;
  senderIdent: string;
  receiverIdent: string;
  from: { enterpriseName: string; city: string; country: string };
  to: { enterpriseName: string; city: string; country: string };
  authorization: string;
}

function PartyFields({ name, title }: { name: 'from' | 'to'; title: string }) {
  const { t } = useTranslation('s1000d');
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item name={[name, 'enterpriseName']} label={t('transfer.enterprise')} rules={zodRules(DdnParty, 'enterpriseName', t('transfer.enterprise'))}>
            <Input data-testid={`transfer-${name}-enterprise`} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name={[name, 'city']} label={t('transfer.city')} rules={zodRules(DdnParty, 'city', t('transfer.city'))}>
            <Input data-testid={`transfer-${name}-city`} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name={[name, 'country']} label={t('transfer.country')} rules={zodRules(DdnParty, 'country', t('transfer.country'))}>
            <Input data-testid={`transfer-${name}-country`} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Sending: a DDN and the files of a PM (or of the changes since a day), downloaded as a zip. */
function SendTab({ scope }: { scope: CatalogScope }) {
  const { t } = useTranslation('s1000d');
  const [form] = Form.useForm<SendValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = Form.useWatch('source', form) ?? 'pm';
  const pms = useQuery(documentQueries.list({ ...scope, pageNum: 1, pageSize: 500 }));
  const send = async () => {
    setError(null);
    const v = await form.validateFields();
    setBusy(true);
    try {
      await transferApi.exportPackage({
        libraryId: scope.libraryId,
        ...(scope.branch ? { branch: scope.branch } : {}),
        ...(v.source === 'pm' ? { documentId: v.documentId } : { since: v.since?.format('YYYY-MM-DD') }),
        senderIdent: v.senderIdent,
        receiverIdent: v.receiverIdent,
        from: v.from,
        to: v.to,
        authorization: v.authorization,
      });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ source: 'pm' }} name="transfer-send">
      <Form.Item name="source" label={t('transfer.what')}>
        <Radio.Group
          options={[
            { value: 'pm', label: t('transfer.aPm') },
            { value: 'since', label: t('transfer.since') },
          ]}
        />
      </Form.Item>
      {source === 'pm' ? (
        <Form.Item name="documentId" label={t('transfer.pm')} rules={[{ required: true, message: t('transfer.pmRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={pms.isLoading}
            data-testid="transfer-pm"
            options={(pms.data?.rows ?? []).map((d) => ({ value: d.documentId, label: `${d.docNbr} ${d.name}` }))}
          />
        </Form.Item>
      ) : (
        <Form.Item name="since" label={t('transfer.sinceDay')} rules={[{ required: true, message: t('transfer.sinceRequired') }]}>
          <DatePicker data-testid="transfer-since" />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name="senderIdent"
            label={t('transfer.senderIdent')}
            extra={t('transfer.identHint')}
            rules={zodRules(TransferExportBody, 'senderIdent', t('transfer.senderIdent'))}
          >
            <Input maxLength={5} data-testid="transfer-sender" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="receiverIdent"
            label={t('transfer.receiverIdent')}
            rules={zodRules(TransferExportBody, 'receiverIdent', t('transfer.receiverIdent'))}
          >
            <Input maxLength={5} data-testid="transfer-receiver" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="authorization"
            label={t('transfer.authorization')}
            rules={zodRules(TransferExportBody, 'authorization', t('transfer.authorization'))}
          >
            <Input data-testid="transfer-authorization" />
          </Form.Item>
        </Col>
      </Row>
      <PartyFields name="from" title={t('transfer.from')} />
      <PartyFields name="to" title={t('transfer.to')} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" loading={busy} onClick={() => void send().catch(() => undefined)} data-testid="transfer-send">
        {t('transfer.download')}
      </Button>
    </Form>
  );
}

/** Receiving: one zip taken in as a commit; what changed, by code and issue. */
function ReceiveTab({ scope }: { scope: CatalogScope }) {
  const { t } = useTranslation('s1000d');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [folder, setFolder] = useState('');
  const [result, setResult] = useState<TransferImportResult | null>(null);
  const take = useImportTransfer();
  const file = files[0]?.originFileObj;
  const submit = () => {
    if (!file) return;
    setResult(null);
    take.mutate(
      { fields: { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), ...(folder.trim() ? { folder: folder.trim() } : {}) }, file },
      { onSuccess: setResult },
    );
  };
  const counts = TRANSFER_ACTIONS.map((a) => [a, result?.changes.filter((c) => c.action === a).length ?? 0] as const).filter(([, n]) => n > 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload.Dragger
        accept=".zip,application/zip"
        multiple={false}
        maxCount={1}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList.slice(-1))}
        data-testid="transfer-zip"
      >
        <p className="ant-upload-drag-icon">
          <FileZipOutlined />
        </p>
        <p className="ant-upload-text">{t('transfer.pickZip')}</p>
      </Upload.Dragger>
      <Input placeholder={t('transfer.folderPlaceholder')} value={folder} onChange={(e) => setFolder(e.target.value)} addonBefore={t('transfer.folder')} />
      <Button type="primary" disabled={!file} loading={take.isPending} onClick={submit} data-testid="transfer-take">
        {t('transfer.take')}
      </Button>
      {take.isError && <Alert type="error" showIcon title={<span data-testid="transfer-error">{errorText(take.error)}</span>} />}
      {result && (
        <div data-testid="transfer-result">
          <Alert
            type={result.commit ? 'success' : 'info'}
            showIcon
            title={result.commit ? t('transfer.committed', { commit: result.commit.slice(0, 8) }) : t('transfer.nothingChanged')}
            description={counts.map(([a, n]) => `${t(`transfer.actions.${a}`)} ${n}`).join(' · ')}
          />
          {result.ddn && (result.ddn.listedNotSent.length > 0 || result.ddn.sentNotListed.length > 0) && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              title={t('transfer.ddnMismatch', { code: result.ddn.code })}
              description={[
                ...result.ddn.listedNotSent.map((n) => t('transfer.listedNotSent', { name: n })),
                ...result.ddn.sentNotListed.map((n) => t('transfer.sentNotListed', { name: n })),
              ].join('; ')}
            />
          )}
          <Table<TransferChange>
            size="small"
            rowKey="path"
            style={{ marginTop: 8 }}
            dataSource={result.changes}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { key: 'code', dataIndex: 'code', title: t('transfer.code') },
              { key: 'kind', dataIndex: 'kind', title: t('transfer.kind'), width: 70 },
              { key: 'from', dataIndex: 'from', title: t('transfer.fromIssue'), width: 100, render: (v: string | null) => v ?? '' },
              { key: 'to', dataIndex: 'to', title: t('transfer.toIssue'), width: 100, render: (v: string | null) => v ?? '' },
              {
                key: 'action',
                dataIndex: 'action',
                title: t('transfer.action'),
                width: 130,
                render: (v: TransferChange['action']) => (
                  <Tag color={ACTION_COLORS[v]} data-testid="transfer-action">
                    {t(`transfer.actions.${v}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </div>
      )}
    </Space>
  );
}

/**
 * S1000D transfer packages of a library branch: send (DDN + files, as a zip) and receive (one
 * commit); the transfer-tabs slot adds others' (work: review comments as comment files out and in).
 */
export function TransferDialog({ scope, open, onClose }: { scope: CatalogScope; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('s1000d');
  return (
    <Modal open={open} title={t('transfer.title')} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="s1000d-transfer">
        <Tabs
          items={tabItems(
            [
              { key: 'send', order: 10, label: t('transfer.send'), children: <SendTab scope={scope} /> },
              { key: 'receive', order: 20, label: t('transfer.receive'), children: <ReceiveTab scope={scope} /> },
            ],
            slot('transferTabs'),
            { scope },
          )}
        />
      </div>
    </Modal>
  );
}
