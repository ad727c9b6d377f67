import { type ReviewComment, ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { App, Button, Card, Empty, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { time } from '../../shared/labels';
import { useReviewAnchors } from '../review-anchor-store';
import { useReviewCommentActions, useTopicThreads } from '../review-comment-queries';
import { anchorForSelection, anchorInElement, reviewElements, topicIndex } from '../review-elements';

export interface ReviewThreadsProps {
  libraryId: number;
  branch?: string | undefined;
  path: string;
  /** The topic's XML as loaded: when given, a new comment can be made (on text selected in the editor, or an element of it). */
  content?: string | undefined;
}

const excerpt = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The tags of a thread: its state, outdated, and its approval when that was rejected. */
export function ThreadTags({ thread }: { thread: ReviewComment }) {
  const { t } = useTranslation('review-comment');
  return (
    <Space size={4} wrap>
      <Tag color={thread.state === 'open' ? 'orange' : 'green'}>{t(`comment.states.${thread.state}`)}</Tag>
      {thread.outdated && <Tag color="default">{t('comment.outdated')}</Tag>}
      {thread.approvalState === 'rejected' && <Tag color="red">{t('comment.approvalRejected')}</Tag>}
    </Space>
  );
}

function Thread({ thread }: { thread: ReviewComment }) {
  const { t } = useTranslation('review-comment');
  const actions = useReviewCommentActions();
  const [reply, setReply] = useState('');
  const show = useReviewAnchors((s) => s.show);
  const active = useReviewAnchors((s) => s.shown?.id === thread.id);
  return (
    <Card size="small" data-testid="review-thread" data-active={active || undefined} style={{ marginBottom: 8, ...(active ? { borderColor: '#faad14' } : {}) }}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {/* Clicking the thread shows its place in the editor and the preview (a region of paragraphs: a button may not hold them). */}
        {/* biome-ignore lint/a11y/useSemanticElements: a <button> cannot contain the thread's block content */}
        <div
          role="button"
          tabIndex={0}
          style={{ cursor: 'pointer' }}
          title={t('comment.showInTopic')}
          onClick={() => show(thread.id)}
          onKeyDown={(e) => e.key === 'Enter' && show(thread.id)}
          data-testid="review-thread-place"
        >
          <ThreadTags thread={thread} />
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {thread.elementId ? `#${thread.elementId}` : thread.elementPath}
            {thread.quote ? ' ' : ''}
            {thread.quote &&
              (thread.outdated ? <del data-testid="review-quote">“{thread.quote}”</del> : <span data-testid="review-quote">“{thread.quote}”</span>)}
          </Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            <Typography.Text strong>{thread.authorName}</Typography.Text> {thread.body}
          </Typography.Paragraph>
        </div>
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

/** The review threads of one topic, and a form to comment on text selected in the editor or the preview, or on an element (editor review tab, topic detail). */
export function ReviewThreads({ libraryId, branch, path, content }: ReviewThreadsProps) {
  const { t } = useTranslation('review-comment');
  const { message } = App.useApp();
  const threads = useTopicThreads({ libraryId, branch, path });
  const actions = useReviewCommentActions();
  const [form] = Form.useForm<NewComment>();
  const index = useMemo(() => (content ? topicIndex(content) : null), [content]);
  const elements = useMemo(() => reviewElements(index), [index]);
  const pending = useReviewAnchors((s) => s.selection);
  const selection = pending?.path === path ? pending : null;
  const select = useReviewAnchors((s) => s.select);
  const readXml = useReviewAnchors((s) => s.readXml);

  const submit = async (v: NewComment) => {
    let anchor: ReturnType<typeof anchorInElement>;
    if (selection) {
      // The selection is placed in the topic as it is now (unsaved edits included).
      const now = readXml ? topicIndex(readXml()) : index;
      anchor = now ? anchorForSelection(now, selection) : null;
      if (!anchor) {
        message.warning(t('comment.selectionNotFound'));
        return;
      }
    } else {
      anchor = index ? anchorInElement(index, v.element, v.quote ?? '') : null;
      if (!anchor) return;
    }
    await actions.add.mutateAsync({ libraryId, ...(branch ? { branch } : {}), path, ...anchor, body: v.body });
    form.resetFields();
    select(null);
    message.success(t('comment.added'));
  };

  return (
    <div data-testid="review-threads">
      {content !== undefined && (
        <HasPermi value={[ReviewCommentPerm.add]}>
          <Form form={form} layout="vertical" size="small" name="review-comment-form" onFinish={submit}>
            {selection ? (
              <Form.Item label={t('comment.selection')}>
                <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Typography.Text data-testid="review-selection">“{excerpt(selection.quote, 120)}”</Typography.Text>
                  <Button size="small" type="link" onClick={() => select(null)}>
                    {t('comment.clearSelection')}
                  </Button>
                </Space>
              </Form.Item>
            ) : (
              <>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('comment.selectHint')}
                </Typography.Paragraph>
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
              </>
            )}
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
