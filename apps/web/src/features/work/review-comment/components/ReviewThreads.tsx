import { type ReviewComment, ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { App, Button, Card, Empty, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { time } from '../../work-item/components/labels';
import { useReviewCommentActions, useReviewComments } from '../review-comment-queries';
import { reviewElements } from '../review-elements';

export interface ReviewThreadsProps {
  libraryId: number;
  branch?: string | undefined;
  path: string;
  /** The topic's XML: when given, a new comment can be anchored to one of its elements. */
  content?: string | undefined;
}

const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The tags of a thread: its state, outdated, and its approval when that was rejected. */
export function ThreadTags({ thread }: { thread: ReviewComment }) {
  const { t } = useTranslation('review');
  return (
    <Space size={4} wrap>
      <Tag color={thread.state === 'open' ? 'orange' : 'green'}>{t(`comment.states.${thread.state}`)}</Tag>
      {thread.outdated && <Tag color="default">{t('comment.outdated')}</Tag>}
      {thread.approvalState === 'rejected' && <Tag color="red">{t('comment.approvalRejected')}</Tag>}
    </Space>
  );
}

function Thread({ thread }: { thread: ReviewComment }) {
  const { t } = useTranslation('review');
  const actions = useReviewCommentActions();
  const [reply, setReply] = useState('');
  return (
    <Card size="small" data-testid="review-thread" style={{ marginBottom: 8 }}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <ThreadTags thread={thread} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {thread.elementId ? `#${thread.elementId}` : thread.elementPath}
          {thread.quote ? ` “${thread.quote}”` : ''}
        </Typography.Text>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Typography.Text strong>{thread.authorName}</Typography.Text> {thread.body}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {time(thread.createTime)}
        </Typography.Text>
        {thread.replies.map((r) => (
          <Typography.Paragraph key={r.id} style={{ marginBottom: 0, paddingInlineStart: 12 }} data-testid="review-reply">
            <Typography.Text strong>{r.authorName}</Typography.Text> {r.body}
          </Typography.Paragraph>
        ))}
        <HasPermi value={[ReviewCommentPerm.add]}>
          <Space.Compact style={{ width: '100%' }}>
            <Input size="small" placeholder={t('comment.replyPlaceholder')} value={reply} onChange={(e) => setReply(e.target.value)} />
            <Button
              size="small"
              disabled={!reply.trim()}
              loading={actions.reply.isPending}
              onClick={async () => {
                await actions.reply.mutateAsync({ parentId: thread.id, body: reply });
                setReply('');
              }}
            >
              {t('comment.reply')}
            </Button>
          </Space.Compact>
          <Button size="small" type="link" onClick={() => actions.setState.mutate({ id: thread.id, state: thread.state === 'open' ? 'resolved' : 'open' })}>
            {thread.state === 'open' ? t('comment.resolve') : t('comment.reopen')}
          </Button>
        </HasPermi>
      </Space>
    </Card>
  );
}

interface NewComment {
  element: string;
  quote: string;
  body: string;
}

/** The review threads of one topic, and a form to comment on one of its elements (editor review tab, topic detail). */
export function ReviewThreads({ libraryId, branch, path, content }: ReviewThreadsProps) {
  const { t } = useTranslation('review');
  const { message } = App.useApp();
  const threads = useReviewComments({ libraryId, ...(branch ? { branch } : {}), path, pageNum: 1, pageSize: 100 });
  const actions = useReviewCommentActions();
  const [form] = Form.useForm<NewComment>();
  const elements = useMemo(() => (content ? reviewElements(content) : []), [content]);

  const submit = async (v: NewComment) => {
    const el = elements.find((e) => e.path === v.element);
    if (!el) return;
    const quote = v.quote?.trim() ?? '';
    const at = quote ? el.text.indexOf(quote) : -1;
    await actions.add.mutateAsync({
      libraryId,
      ...(branch ? { branch } : {}),
      path,
      elementId: el.id,
      elementPath: el.path,
      rangeStart: Math.max(at, 0),
      rangeEnd: at >= 0 ? at + quote.length : 0,
      quote,
      body: v.body,
    });
    form.resetFields();
    message.success(t('comment.added'));
  };

  return (
    <div data-testid="review-threads">
      {content !== undefined && (
        <HasPermi value={[ReviewCommentPerm.add]}>
          <Form form={form} layout="vertical" size="small" name="review-comment-form" onFinish={submit}>
            <Form.Item name="element" label={t('comment.element')} rules={[{ required: true, message: t('comment.elementPlaceholder') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('comment.elementPlaceholder')}
                options={elements.map((e) => ({ value: e.path, label: `${e.id ? `#${e.id}` : e.name} ${excerpt(e.text)}` }))}
              />
            </Form.Item>
            <Form.Item name="quote" label={t('comment.quote')}>
              <Input placeholder={t('comment.quotePlaceholder')} maxLength={2000} />
            </Form.Item>
            <Form.Item name="body" label={t('comment.body')} rules={[{ required: true, whitespace: true, message: t('comment.bodyRequired') }]}>
              <Input.TextArea rows={3} placeholder={t('comment.bodyPlaceholder')} maxLength={10_000} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="small" loading={actions.add.isPending}>
              {t('comment.add')}
            </Button>
          </Form>
        </HasPermi>
      )}
      <div style={{ marginTop: 12 }}>
        {threads.isLoading ? (
          <Spin />
        ) : (threads.data?.rows ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comment.empty')} />
        ) : (
          threads.data?.rows.map((c) => <Thread key={c.id} thread={c} />)
        )}
      </div>
    </div>
  );
}
