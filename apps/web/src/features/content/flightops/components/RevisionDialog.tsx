import { CheckCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { type RevisionConflict, RevisionLoadFields, type RevisionLoadResult } from '@ccms/contracts/content/flightops';
import { Alert, Button, Card, Col, Collapse, Empty, Form, Input, Modal, Row, Space, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../../shared/form/zod-rules';
import { useLoadRevision, useResolveConflict } from '../flightops-api';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const LISTS = ['added', 'revised', 'deleted', 'merged', 'airlineKept'] as const;

interface LoadValues {
  revision: string;
  manufacturerBranch: string;
  folder: string;
}

function Version({ title, text, absent }: { title: string; text: string | undefined; absent: string }) {
  return (
    <Col span={8}>
      <Typography.Text strong>{title}</Typography.Text>
      <pre className="flightops-version" style={{ maxHeight: 240, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8, margin: '4px 0' }}>
        {text ?? absent}
      </pre>
    </Col>
  );
}

/** One conflict: the three versions side by side and the text that resolves it, committed on the revision branch. */
function ConflictCard({ conflict, libraryId, branch }: { conflict: RevisionConflict; libraryId: number; branch: string }) {
  const { t } = useTranslation('flightops');
  const resolve = useResolveConflict();
  const [text, setText] = useState(conflict.airline ?? conflict.manufacturer ?? '');
  const [remove, setRemove] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const commit = async () => {
    setError(null);
    try {
      await resolve.mutateAsync({ libraryId, branch, path: conflict.path, content: remove ? null : text });
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Card
      size="small"
      data-testid={`conflict-${conflict.path}`}
      title={
        <Space wrap>
          <Typography.Text code>{conflict.path}</Typography.Text>
          <Tag color="warning">{t(`reasons.${conflict.reason}`)}</Tag>
          {conflict.lines?.map((l) => (
            <Tag key={`${l.from}-${l.to}`}>{t('lines', l)}</Tag>
          ))}
          {done && (
            <Tag color="success" icon={<CheckCircleOutlined />} data-testid="conflict-resolved">
              {t('resolved')}
            </Tag>
          )}
        </Space>
      }
    >
      {conflict.binary ? (
        <Typography.Paragraph type="secondary">{t('binary')}</Typography.Paragraph>
      ) : (
        <Row gutter={8}>
          <Version title={t('base')} text={conflict.base} absent={t('absent')} />
          <Version title={t('manufacturer')} text={conflict.manufacturer} absent={t('absent')} />
          <Version title={t('airline')} text={conflict.airline} absent={t('absent')} />
        </Row>
      )}
      {!done && (
        <>
          <Space wrap style={{ margin: '8px 0' }}>
            <Button
              size="small"
              disabled={conflict.manufacturer === undefined}
              onClick={() => {
                setRemove(false);
                setText(conflict.manufacturer ?? '');
              }}
              data-testid="take-manufacturer"
            >
              {t('takeManufacturer')}
            </Button>
            <Button
              size="small"
              disabled={conflict.airline === undefined}
              onClick={() => {
                setRemove(false);
                setText(conflict.airline ?? '');
              }}
              data-testid="keep-airline"
            >
              {t('keepAirline')}
            </Button>
            <Button size="small" danger={remove} onClick={() => setRemove(!remove)} data-testid="remove-file">
              {t('remove')}
            </Button>
          </Space>
          {!remove && !conflict.binary && (
            <Form.Item label={t('resolution')} layout="vertical" style={{ marginBottom: 8 }}>
              <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 4, maxRows: 16 }} data-testid="resolution-text" />
            </Form.Item>
          )}
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
          <Button type="primary" size="small" loading={resolve.isPending} onClick={commit} data-testid="resolve-commit">
            {t('saveResolution')}
          </Button>
        </>
      )}
    </Card>
  );
}

function Result({ result, libraryId }: { result: RevisionLoadResult; libraryId: number }) {
  const { t } = useTranslation('flightops');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={result.conflicts.length > 0 ? 'warning' : 'success'}
        showIcon
        message={result.commit ? t('loaded', { branch: result.revisionBranch }) : t('noCommit')}
        description={
          <span data-testid="revision-summary">
            {t('summary', {
              added: result.added.length,
              revised: result.revised.length,
              deleted: result.deleted.length,
              merged: result.merged.length,
              kept: result.airlineKept.length,
              conflicts: result.conflicts.length,
            })}
          </span>
        }
      />
      <Collapse
        size="small"
        items={LISTS.filter((k) => result[k].length > 0).map((k) => ({
          key: k,
          label: `${t(`lists.${k}`)} (${result[k].length})`,
          children: (
            <ul style={{ margin: 0 }}>
              {result[k].map((p) => (
                <li key={p}>
                  <Typography.Text code>{p}</Typography.Text>
                </li>
              ))}
            </ul>
          ),
        }))}
      />
      <Typography.Title level={5}>{t('conflicts')}</Typography.Title>
      {result.conflicts.length === 0 ? (
        <Empty description={t('noConflict')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        result.conflicts.map((c) => <ConflictCard key={c.path} conflict={c} libraryId={libraryId} branch={result.revisionBranch} />)
      )}
    </Space>
  );
}

/**
 * Loading a manufacturer revision onto the airline's branch (docs/flightops-profile.md): the form,
 * then what the merge did (the revision's highlights) and each conflict to resolve.
 */
export function RevisionDialog({ scope, open, onClose }: { scope: { libraryId: number; branch?: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('flightops');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<LoadValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RevisionLoadResult | null>(null);
  const load = useLoadRevision();
  const submit = async () => {
    setError(null);
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const file = files[0]?.originFileObj;
    if (!file) {
      setError(t('fileRequired'));
      return;
    }
    try {
      setResult(
        await load.mutateAsync({
          fields: {
            libraryId: scope.libraryId,
            ...(scope.branch ? { branch: scope.branch } : {}),
            revision: v.revision,
            manufacturerBranch: v.manufacturerBranch,
            folder: v.folder ?? '',
          },
          file,
        }),
      );
    } catch (err) {
      setError(errorText(err));
    }
  };
  const close = () => {
    setResult(null);
    setError(null);
    setFiles([]);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('title')}
      width={result ? 1100 : 640}
      onCancel={close}
      destroyOnHidden
      footer={
        result ? (
          <Button onClick={close}>{tc('close')}</Button>
        ) : (
          <Space>
            <Button onClick={close}>{tc('cancel')}</Button>
            <Button type="primary" loading={load.isPending} onClick={submit} data-testid="revision-load">
              {t('load')}
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <Result result={result} libraryId={scope.libraryId} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          <Form form={form} layout="vertical" initialValues={{ manufacturerBranch: 'manufacturer', folder: '' }}>
            <Form.Item name="revision" label={t('revision')} rules={zodRules(RevisionLoadFields, 'revision', t('revision'))}>
              <Input placeholder="2026-10" data-testid="revision-name" />
            </Form.Item>
            <Form.Item
              name="manufacturerBranch"
              label={t('manufacturerBranch')}
              rules={zodRules(RevisionLoadFields, 'manufacturerBranch', t('manufacturerBranch'))}
            >
              <Input data-testid="revision-manufacturer-branch" />
            </Form.Item>
            <Form.Item name="folder" label={t('folder')}>
              <Input placeholder={t('folderPlaceholder')} data-testid="revision-folder" />
            </Form.Item>
            <Form.Item label={t('file')} required>
              <Upload accept=".zip" maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(-1))}>
                <Button icon={<UploadOutlined />} data-testid="revision-pick">
                  {t('pick')}
                </Button>
              </Upload>
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon message={error} data-testid="revision-error" />}
        </>
      )}
    </Modal>
  );
}
