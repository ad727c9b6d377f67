import { DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { type DocumentDetail, DocumentPerm } from '@ccms/contracts/content/document';
import { type ChangedTopic, RevisionBody, type RevisionRow } from '@ccms/contracts/content/document-revision';
import { Alert, App, Button, Card, Empty, Form, Input, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { Pagination } from '../../../../shared/list/Pagination';
import '../../../../shared/list/list.css';
import { formatTime, shortCommit } from '../../shared/catalog-status';
import type { ComparePair } from '../document-api';
import { useAddRevision, useDocumentCompare, useDocumentCompareTopic, useDocumentRevisions } from '../document-queries';
import { DiffView } from './DiffView';

const badTagName = (v: string) => v.endsWith('.lock') || v.includes('..') || v.endsWith('.');

interface RevisionValues {
  name: string;
  description: string;
}

function NewRevisionDialog({ open, document: d, onClose }: { open: boolean; document: DocumentDetail; onClose: () => void }) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const addRevision = useAddRevision(d.documentId);
  const entity = useEntityForm<RevisionValues>({
    open,
    defaults: { name: '', description: '' },
    save: async (v) => {
      const r = await addRevision.mutateAsync({ name: v.name.trim(), description: (v.description ?? '').trim() });
      message.success(t('revisions.created', { name: r.name, commit: shortCommit(r.commit) }));
    },
    onSaved: onClose,
  });
  return (
    <FormDialog open={open} title={t('revisions.new')} name="new-revision" entity={entity} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('revisions.newHint', { commit: shortCommit(d.commit) })}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={t('revisions.name')}
        rules={[
          ...zodRules(RevisionBody, 'name', t('revisions.name'), { pattern: t('revisions.nameInvalid'), length: t('revisions.nameInvalid') }),
          // The contract's refinement (a git tag name): no ".lock" or "." at the end, no "..".
          { validator: (_r, v?: string) => (badTagName(v?.trim() ?? '') ? Promise.reject(new Error(t('revisions.nameInvalid'))) : Promise.resolve()) },
        ]}
      >
        <Input maxLength={zodMaxLength(RevisionBody, 'name')} placeholder="1.0" />
      </Form.Item>
      <Form.Item name="description" label={t('revisions.description')} rules={zodRules(RevisionBody, 'description', t('revisions.description'))}>
        <Input.TextArea rows={3} maxLength={zodMaxLength(RevisionBody, 'description')} />
      </Form.Item>
      {entity.error && <Alert type="error" showIcon title={<span data-testid="revision-error">{entity.error.message}</span>} />}
    </FormDialog>
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
  const [asked, setAsked] = useState<ComparePair | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  useEffect(() => {
    if (from === undefined && revisions[0]) setFrom(revisions[0].name);
  }, [revisions, from]);

  const compare = useDocumentCompare(d.documentId, asked);
  const diff = useDocumentCompareTopic(d.documentId, asked, topic);

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
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const revisions = useDocumentRevisions(d.documentId, page);
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
      <NewRevisionDialog open={adding} document={d} onClose={() => setAdding(false)} />
    </Space>
  );
}
