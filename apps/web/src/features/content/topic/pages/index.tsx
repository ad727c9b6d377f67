import { TOPIC_STATUSES, TopicStatus } from '@ccms/contracts/content/status';
import { TopicPerm, type TopicRow } from '@ccms/contracts/content/topic';
import { Button, Card, Form, Input, Progress, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { formatTime } from '../../document/catalog-status';
import { ScopeBar, ScopeNotice } from '../../document/components/ScopeBar';
import { SetStatusDialog } from '../../document/components/SetStatusDialog';
import { StatusTag } from '../../document/components/StatusTag';
import { topicDetailPath } from '../../document/paths';
import { useLibraryScope } from '../../document/use-library-scope';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { NewTopicButton } from '../../topic-editor/components/NewTopicButton';
import { type TopicFilters, topicApi } from '../topic-api';

const DOC_TYPES = ['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting'];

/** Topics (menu component ccms/topic/index): the topic files of the current library's branch. */
export default function TopicListPage() {
  const { t } = useTranslation('topic');
  const { t: td } = useTranslation('document');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const scope = useLibraryScope();
  const list = useRef<ListPageHandle>(null);
  const [statusOf, setStatusOf] = useState<TopicRow | null>(null);
  const [listed, setListed] = useState<{ commit: string; indexedAt: string | Date | null } | null>(null);
  const { libraryId, branch } = scope;
  const open = (row: TopicRow) => navigate(topicDetailPath(row.topicId));

  const columns: ListColumn<TopicRow>[] = [
    { key: 'no', dataIndex: 'no', title: t('no'), sorter: true, ellipsis: true },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('title'),
      sorter: true,
      render: (v: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="topic-link">
          {v || row.path}
        </Typography.Link>
      ),
    },
    { key: 'code', dataIndex: 'code', title: t('code'), sorter: true },
    { key: 'revision', dataIndex: 'revision', title: t('revision'), width: 100 },
    { key: 'docType', dataIndex: 'docType', title: t('docType'), width: 110, sorter: true },
    { key: 'manualType', dataIndex: 'manualType', title: t('manualType'), defaultHidden: true },
    { key: 'folder', dataIndex: 'folder', title: t('folder'), ellipsis: true, defaultHidden: true },
    { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true, defaultHidden: true },
    { key: 'language', dataIndex: 'language', title: t('language'), width: 90, defaultHidden: true },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 110, sorter: true, render: (v: string) => <StatusTag status={v} /> },
    { key: 'owner', dataIndex: 'owner', title: t('owner'), width: 110, sorter: true },
    { key: 'percentage', dataIndex: 'percentage', title: t('percentage'), width: 130, render: (v: number) => <Progress percent={v} size="small" /> },
    { key: 'refs', dataIndex: 'refs', title: t('refs'), width: 80 },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('updateTime'), width: 170, sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 230,
      fixed: 'right',
      render: (_: unknown, row: TopicRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {td('detail')}
          </Button>
          <EditTopicButton libraryId={row.libraryId} branch={row.branch} path={row.path} />
          <HasPermi value={[TopicPerm.edit]}>
            <Button type="link" size="small" onClick={() => setStatusOf(row)}>
              {td('setStatus')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <ScopeBar scope={scope} listed={listed} />
      <ScopeNotice scope={scope} />
      {libraryId !== undefined && <NewTopicButton libraryId={libraryId} branch={branch} />}
      {libraryId !== undefined && (
        <ListPage<TopicRow, TopicFilters>
          ref={list}
          queryKey={['ccms', 'topic', 'list', libraryId, branch]}
          fetchPage={async (q) => {
            const page = await topicApi.list({ ...q, libraryId, ...(branch ? { branch } : {}) });
            setListed({ commit: page.commit, indexedAt: page.indexedAt });
            return page;
          }}
          rowKey="topicId"
          columns={columns}
          searchFields={
            <>
              <Form.Item name="title" label={t('title')}>
                <Input allowClear style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="code" label={t('code')}>
                <Input allowClear style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="status" label={t('status')}>
                <Select
                  allowClear
                  style={{ width: 130 }}
                  placeholder={t('status')}
                  options={TOPIC_STATUSES.map((s) => ({ value: s, label: td(`statuses.${s}`) }))}
                />
              </Form.Item>
              <Form.Item name="owner" label={t('owner')}>
                <Input allowClear style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name="folder" label={t('folder')}>
                <Input allowClear style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="docType" label={t('docType')}>
                <Select allowClear style={{ width: 140 }} placeholder={t('docType')} options={DOC_TYPES.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </>
          }
        />
      )}
      <SetStatusDialog
        target={statusOf ? { kind: 'topic', title: statusOf.title || statusOf.path, current: statusOf.status } : null}
        submit={(v) => topicApi.setStatus(statusOf?.topicId ?? 0, { status: TopicStatus.parse(v.status), comment: v.comment })}
        onClose={() => setStatusOf(null)}
        onDone={() => {
          setStatusOf(null);
          list.current?.reload();
        }}
      />
    </Card>
  );
}
