import { InboxOutlined } from '@ant-design/icons';
import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { CommentExportBody, type CommentImportItem, type CommentImportResult } from '@ccms/contracts/content/s1000d-comments';
import { DdnParty } from '@ccms/contracts/content/s1000d-transfer';
import { Alert, Button, Col, Form, Input, Radio, Row, Space, Table, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../../shared/form/zod-rules';
import { commentFilesApi, useImportComments } from '../comment-files-api';

const ACTION_COLORS: Record<CommentImportItem['action'], string> = { created: 'success', existing: 'default', skipped: 'warning' };
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface ExportValues {
  state: 'all' | 'open';
  senderIdent: string;
  from: { enterpriseName: string; city: string; country: string };
}

/** The review comments of the branch on its data modules, downloaded as a zip of COM files (threads type q, replies type r). */
export function CommentExportTab({ scope }: { scope: CatalogScope }) {
  const { t } = useTranslation('s1000d');
  const [form] = Form.useForm<ExportValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setError(null);
    const v = await form.validateFields();
    setBusy(true);
    try {
      await commentFilesApi.exportComments({
        libraryId: scope.libraryId,
        ...(scope.branch ? { branch: scope.branch } : {}),
        state: v.state,
        senderIdent: v.senderIdent,
        from: v.from,
      });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ state: 'all' }} name="comments-export">
      <Typography.Paragraph type="secondary">{t('comments.exportHint')}</Typography.Paragraph>
      <Form.Item name="state" label={t('comments.which')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('comments.all') },
            { value: 'open', label: t('comments.open') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="senderIdent"
        label={t('transfer.senderIdent')}
        extra={t('transfer.identHint')}
        normalize={(v: string | undefined) => v?.toUpperCase()}
        rules={zodRules(CommentExportBody, 'senderIdent', t('transfer.senderIdent'))}
      >
        <Input maxLength={5} style={{ width: 160 }} data-testid="com-sender" />
      </Form.Item>
      <Typography.Text strong>{t('comments.originator')}</Typography.Text>
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item name={['from', 'enterpriseName']} label={t('transfer.enterprise')} rules={zodRules(DdnParty, 'enterpriseName', t('transfer.enterprise'))}>
            <Input data-testid="com-from-enterprise" />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name={['from', 'city']} label={t('transfer.city')} rules={zodRules(DdnParty, 'city', t('transfer.city'))}>
            <Input data-testid="com-from-city" />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name={['from', 'country']} label={t('transfer.country')} rules={zodRules(DdnParty, 'country', t('transfer.country'))}>
            <Input data-testid="com-from-country" />
          </Form.Item>
        </Col>
      </Row>
      {error && <Alert type="error" showIcon title={<span data-testid="com-export-error">{error}</span>} style={{ marginBottom: 12 }} />}
      <Button type="primary" loading={busy} onClick={() => void send().catch(() => undefined)} data-testid="com-export">
        {t('comments.export')}
      </Button>
    </Form>
  );
}

/** COM files (or zips of them) taken in: each a review comment or a reply on the data module it names; what happened to each, by code. */
export function CommentImportTab({ scope }: { scope: CatalogScope }) {
  const { t } = useTranslation('s1000d');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [result, setResult] = useState<CommentImportResult | null>(null);
  const take = useImportComments();
  const picked = files.flatMap((f) => (f.originFileObj ? [f.originFileObj as File] : []));
  const submit = () => {
    if (picked.length === 0) return;
    setResult(null);
    take.mutate({ fields: { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) }, files: picked }, { onSuccess: setResult });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload.Dragger
        accept=".xml,.XML,.zip,application/zip"
        multiple
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList)}
        data-testid="com-files"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('comments.pick')}</p>
      </Upload.Dragger>
      <Button type="primary" disabled={picked.length === 0} loading={take.isPending} onClick={submit} data-testid="com-import">
        {t('comments.import')}
      </Button>
      {take.isError && <Alert type="error" showIcon title={<span data-testid="com-import-error">{errorText(take.error)}</span>} />}
      {result && (
        <div data-testid="com-result">
          <Alert
            type={result.skipped > 0 ? 'warning' : 'success'}
            showIcon
            title={t('comments.summary', { created: result.created, existing: result.existing, skipped: result.skipped })}
          />
          <Table<CommentImportItem>
            size="small"
            rowKey="file"
            style={{ marginTop: 8 }}
            dataSource={result.items}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { key: 'code', dataIndex: 'code', title: t('transfer.code') },
              {
                key: 'type',
                dataIndex: 'commentType',
                title: t('comments.type'),
                width: 90,
                render: (v: CommentImportItem['commentType']) => t(`comments.types.${v}`),
              },
              { key: 'module', dataIndex: 'dmCode', title: t('comments.module'), render: (v: string | null) => v ?? '' },
              {
                key: 'action',
                dataIndex: 'action',
                title: t('transfer.action'),
                render: (v: CommentImportItem['action'], row) => (
                  <Space size={4} wrap>
                    <Tag color={ACTION_COLORS[v]} data-testid="com-action">
                      {t(`comments.actions.${v}`)}
                    </Tag>
                    {row.reason && <Typography.Text type="secondary">{t(`comments.reasons.${row.reason}`)}</Typography.Text>}
                  </Space>
                ),
              },
            ]}
          />
        </div>
      )}
    </Space>
  );
}
