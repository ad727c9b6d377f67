import { TOPIC_STATUSES, TopicStatus } from '@ccms/contracts/content/status';
import { TopicPerm, type TopicRow } from '@ccms/contracts/content/topic';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetTopicStatus } from '../../catalog/catalog-queries';
import { CatalogList } from '../../document/components/CatalogList';
import { topicDetailPath } from '../../document/paths';
import { useLibraryScope } from '../../document/use-library-scope';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { NewTopicButton } from '../../topic-editor/components/NewTopicButton';
import type { TopicFilters } from '../topic-api';
import { topicQueries } from '../topic-queries';

const DOC_TYPES = ['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting'];

/** Topics (menu component ccms/topic/index): the topic files of the current library's branch. */
export default function TopicListPage() {
  const { t } = useTranslation('topic');
  const navigate = useNavigate();
  const scope = useLibraryScope();
  const setStatus = useSetTopicStatus();
  const open = (row: TopicRow) => navigate(topicDetailPath(row.topicId));

  return (
    <CatalogList<TopicRow, TopicFilters>
      kind="topic"
      scope={scope}
      rowKey="topicId"
      listQuery={(q) => topicQueries.list(q)}
      statuses={TOPIC_STATUSES}
      editPerm={TopicPerm.edit}
      titleOf={(row) => row.title || row.path}
      onOpen={open}
      rowActions={(row) => <EditTopicButton libraryId={row.libraryId} branch={row.branch} path={row.path} />}
      header={scope.libraryId !== undefined && <NewTopicButton libraryId={scope.libraryId} branch={scope.branch} />}
      setStatus={(row, v) => setStatus.mutateAsync({ topicId: row.topicId, status: TopicStatus.parse(v.status), comment: v.comment })}
      columns={{
        before: [
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
        ],
        after: [{ key: 'refs', dataIndex: 'refs', title: t('refs'), width: 80 }],
      }}
      searchFields={{
        before: (
          <>
            <Form.Item name="title" label={t('title')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="code" label={t('code')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
          </>
        ),
        after: (
          <>
            <Form.Item name="folder" label={t('folder')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="docType" label={t('docType')}>
              <Select allowClear style={{ width: 140 }} placeholder={t('docType')} options={DOC_TYPES.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
