import { DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import type { ChangedTopic, DocumentDetail, RevisionRow } from '@ccms/contracts/content/document';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { Pagination } from '../../../../shared/list/Pagination';
import '../../../../shared/list/list.css';
import { formatTime, shortCommit } from '../catalog-status';
import { documentApi } from '../document-api';
import { DiffView } from './DiffView';
import { useFreshModal } from './use-fresh-modal';

/** A revision name is part of a git tag (contract RevisionName). */
const REVISION_NAME = /^\w[\w.-]*$/;
const badTagName = (v: string) => v.endsWith('.lock') || v.includes('..') || v.endsWith('.');

function NewRevisionDialog({ open, document: d, onClose, onDone }: { open: boolean; document: DocumentDetail; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const fresh = useFreshModal();
  const save = useMutation({
    mutationFn: (v: { name: string; description: string }) => documentApi.addRevision(d.documentId, { name: v.name.trim(), description: v.description ?? '' }),
    onSuccess: (r) => {
      message.success(t('revisions.created', { name: r.name, commit: shortCommit(r.commit) }));
      onDone();
    },
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    save.reset();
  }, [open, form, save.reset]);
  return (
    <Modal
      key={fresh.key}
      afterClose={fresh.afterClose}
      open={open}
      title={t('revisions.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('revisions.newHint', { commit: shortCommit(d.commit) })}</Typography.Paragraph>
      <Form name="new-revision" form={form} layout="vertical" initialValues={{ name: '', description: '' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={t('revisions.name')}
          rules={[
            { required: true, whitespace: true, message: t('revisions.nameRequired') },
            { max: 64, message: t('revisions.nameInvalid') },
            {
              validator: (_r, v: string) =>
                !v?.trim() || (REVISION_NAME.test(v.trim()) && !badTagName(v.trim()))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('revisions.nameInvalid'))),
            },
          ]}
        >
          <Input maxLength={64} placeholder="1.0" />
        </Form.Item>
        <Form.Item name="description" label={t('revisions.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          title={<span data-testid="revision-error">{save.error instanceof Error ? save.error.message : String(save.error)}</span>}
        />
      )}
    </Modal>
  );
}

const CHANGE_COLORS: Record<ChangedTopic['change'], string> = { added: 'success', removed: 'error', modified: 'processing' };

/** Which topics changed between two versions of the document, and one of them side by side. */
function ComparePanel({ document: d, revisions }: { document: DocumentDetail; revisions: readonly RevisionRow[] }) {
  const { t } = useTranslation('document');
  const current = { value: d.commit, label: t('revisions.current', { commit: shortCommit(d.commit) }) };
  const options = [current, ...revisions.map((r) => ({ value: r.name, label: `${r.name} (${shortCommit(r.commit)})` }))];
  const [from, setFrom] = useState<string | undefined>(revisions[0]?.name);
  const [to, setTo] = useState<string>(d.commit);
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  useEffect(() => {
    if (from === undefined && revisions[0]) setFrom(revisions[0].name);
  }, [revisions, from]);

  const compare = useQuery({
    queryKey: ['ccms', 'document', 'compare', d.documentId, asked],
    queryFn: () => documentApi.compare(d.documentId, asked?.from ?? '', asked?.to ?? ''),
    enabled: asked !== null,
  });
  const diff = useQuery({
    queryKey: ['ccms', 'document', 'compareTopic', d.documentId, asked, topic],
    queryFn: () => documentApi.compareTopic(d.documentId, asked?.from ?? '', asked?.to ?? '', topic ?? ''),
    enabled: asked !== null && topic !== null,
  });

  const columns: ColumnsType<ChangedTopic> = [
    {
      key: 'change',
      dataIndex: 'change',
      title: t('revisions.change'),
      width: 100,
      render: (v: ChangedTopic['change']) => <Tag color={CHANGE_COLORS[v]}>{t(`revisions.changes.${v}`)}</Tag>,
    },
    {
      key: 'title',
      title: t('revisions.topic'),
      render: (_: unknown, c) => (
        <Typography.Link onClick={() => setTopic(c.path)} data-testid="changed-topic">
          {c.title || c.path}
        </Typography.Link>
      ),
    },
    { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true },
  ];

  return (
    <Card size="small" title={<span data-testid="compare-panel">{t('revisions.compare')}</span>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('revisions.from')}
          placeholder={t('revisions.from')}
          style={{ minWidth: 200 }}
          value={from}
          options={options}
          onChange={setFrom}
        />
        →
        <Select aria-label={t('revisions.to')} placeholder={t('revisions.to')} style={{ minWidth: 200 }} value={to} options={options} onChange={setTo} />
        <Button
          icon={<DiffOutlined />}
          disabled={!from || !to || from === to}
          onClick={() => {
            setTopic(null);
            if (from) setAsked({ from, to });
          }}
        >
          {t('revisions.compareButton')}
        </Button>
      </Space>
      {compare.isFetching && <Spin />}
      {compare.data && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="compare-summary">
            {t('revisions.compareSummary', { from: compare.data.from.label, to: compare.data.to.label, count: compare.data.topics.length })}
            {compare.data.mapChanged && <Tag style={{ marginInlineStart: 8 }}>{t('revisions.mapChanged')}</Tag>}
          </Typography.Text>
          <Table<ChangedTopic>
            size="small"
            rowKey="path"
            columns={columns}
            dataSource={compare.data.topics}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('revisions.noChanges')} /> }}
          />
          {topic !== null && (diff.isFetching ? <Spin /> : diff.data && <DiffView diff={diff.data} />)}
        </Space>
      )}
    </Card>
  );
}

/** The revision history tab: named revisions (git tags) newest first, a new one, and a comparison of two. */
export function RevisionsTab({ document: d }: { document: DocumentDetail }) {
  const { t } = useTranslation('document');
  const client = useQueryClient();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const revisions = useQuery({
    queryKey: ['ccms', 'document', 'revisions', d.documentId, page],
    queryFn: () => documentApi.revisions(d.documentId, page),
    placeholderData: keepPreviousData,
  });
  const rows = revisions.data?.rows ?? [];
  const columns: ColumnsType<RevisionRow> = [
    { key: 'name', dataIndex: 'name', title: t('revisions.name') },
    {
      key: 'commit',
      dataIndex: 'commit',
      title: t('revisions.commit'),
      render: (v: string) => (
        <Tooltip title={v}>
          <Typography.Text code>{shortCommit(v)}</Typography.Text>
        </Tooltip>
      ),
    },
    { key: 'tagName', dataIndex: 'tagName', title: t('revisions.tag'), ellipsis: true },
    { key: 'description', dataIndex: 'description', title: t('revisions.description'), ellipsis: true },
    { key: 'createBy', dataIndex: 'createBy', title: t('revisions.createBy') },
    { key: 'createTime', dataIndex: 'createTime', title: t('revisions.createTime'), render: formatTime },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {d.canWrite && (
        <HasPermi value={[DocumentPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('revisions.new')}
          </Button>
        </HasPermi>
      )}
      <div data-testid="revision-table">
        <Table<RevisionRow> size="small" rowKey="revisionId" columns={columns} dataSource={rows} loading={revisions.isFetching} pagination={false} />
        <Pagination
          total={revisions.data?.total ?? 0}
          page={page.pageNum}
          limit={page.pageSize}
          onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      </div>
      {revisions.isSuccess && <ComparePanel document={d} revisions={rows} />}
      <NewRevisionDialog
        open={adding}
        document={d}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          void client.invalidateQueries({ queryKey: ['ccms', 'document', 'revisions', d.documentId] });
          void client.invalidateQueries({ queryKey: ['ccms', 'document', 'detail', d.documentId] });
        }}
      />
    </Space>
  );
}
