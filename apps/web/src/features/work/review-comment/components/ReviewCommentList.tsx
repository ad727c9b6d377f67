import type { ReviewComment } from '@ccms/contracts/work/review-comment';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { useProjects } from '../../../../state/project-store';
import { editorPath } from '../../../content/topic-editor/editor-paths';
import { time } from '../../shared/labels';
import { usePlanRefs } from '../../work-item/work-item-queries';
import type { ReviewCommentFilters } from '../review-comment-api';
import { reviewCommentQueries } from '../review-comment-queries';
import { ThreadTags } from './ReviewThreads';

/** Every review comment thread the caller may read, filtered by plan, topic, author and state (menu ccms/workitem/reviewComment). */
export function ReviewCommentList() {
  const { t } = useTranslation('review-comment');
  const projectId = useProjects((s) => s.currentProjectId) ?? undefined;
  const plans = usePlanRefs(projectId, projectId !== undefined);
  const columns: ListColumn<ReviewComment>[] = [
    {
      key: 'topic',
      title: t('comment.topic'),
      render: (_: unknown, r: ReviewComment) => (
        <Link to={editorPath({ libraryId: r.libraryId, branch: r.branch, path: r.path })}>{r.topicTitle || r.path}</Link>
      ),
    },
    { key: 'plan', dataIndex: 'planTitle', title: t('comment.plan'), width: 160 },
    {
      key: 'quote',
      title: t('comment.quote'),
      render: (_: unknown, r: ReviewComment) => <Typography.Text type="secondary">{r.quote || r.elementId || r.elementPath}</Typography.Text>,
    },
    { key: 'body', dataIndex: 'body', title: t('comment.body') },
    { key: 'author', dataIndex: 'authorName', title: t('comment.author'), width: 110 },
    { key: 'replies', title: t('comment.replies'), width: 80, render: (_: unknown, r: ReviewComment) => r.replies.length },
    { key: 'state', title: t('comment.state'), width: 200, render: (_: unknown, r: ReviewComment) => <ThreadTags thread={r} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('comment.createTime'), width: 170, sorter: true, render: time },
  ];
  return (
    <ListPage<ReviewComment, ReviewCommentFilters>
      listQuery={(q) => reviewCommentQueries.list(q)}
      rowKey="id"
      columns={columns}
      searchFields={
        <>
          <Form.Item name="planId" label={t('comment.plan')}>
            <Select allowClear style={{ width: 200 }} options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.title }))} />
          </Form.Item>
          <Form.Item name="topic" label={t('comment.topic')}>
            <Input allowClear placeholder={t('comment.topicPlaceholder')} />
          </Form.Item>
          <Form.Item name="author" label={t('comment.author')}>
            <Input allowClear placeholder={t('comment.authorPlaceholder')} />
          </Form.Item>
          <Form.Item name="state" label={t('comment.state')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={(['open', 'resolved', 'outdated'] as const).map((s) => ({ value: s, label: t(`comment.states.${s}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
