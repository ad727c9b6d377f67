import type { WorkItemComment } from '@ccms/contracts/work/work-item-collab';
import { App, Avatar, Button, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { time } from '../../shared/labels';
import { useCommentWorkItem, useRemoveComment, useWorkItemComments } from '../work-item-queries';

/** Comments grouped under the comment they answer. */
function threads(all: readonly WorkItemComment[]) {
  const byParent = new Map<number | null, WorkItemComment[]>();
  const ids = new Set(all.map((c) => c.commentId));
  for (const c of all) {
    const parent = c.parentCommentId !== null && ids.has(c.parentCommentId) ? c.parentCommentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  return byParent;
}

/** Comments of a work item with replies; the author may delete their own. A change refreshes the item and its history through the work item keys. */
export function CommentsPanel({ workItemId, canWrite }: { workItemId: number; canWrite: boolean }) {
  const { t } = useTranslation('work-item');
  const { message } = App.useApp();
  const comments = useWorkItemComments(workItemId);
  const comment = useCommentWorkItem();
  const removeComment = useRemoveComment();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<WorkItemComment | null>(null);

  const send = () =>
    comment.mutate(
      { id: workItemId, body: { content: text.trim(), parentCommentId: replyTo?.commentId ?? null } },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
      },
    );
  const remove = async (c: WorkItemComment) => {
    if (!(await confirmDialog(t('comments.confirmDelete'), { type: 'danger' }))) return;
    await removeComment.mutateAsync({ id: workItemId, commentId: c.commentId });
  };

  const tree = threads(comments.data ?? []);
  const render = (c: WorkItemComment, depth: number) => (
    <div key={c.commentId} className="workitem-comment" style={{ marginLeft: depth * 32 }} data-testid="comment">
      <Space align="start">
        <Avatar size="small">{(c.nickName || c.createBy).slice(0, 1).toUpperCase()}</Avatar>
        <div>
          <Space size="small">
            <Typography.Text strong>{c.nickName || c.createBy}</Typography.Text>
            <Typography.Text type="secondary">{time(c.createTime)}</Typography.Text>
          </Space>
          <div>
            {c.deleted ? (
              <Typography.Text type="secondary" italic>
                {t('comments.deleted')}
              </Typography.Text>
            ) : (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{c.content}</Typography.Paragraph>
            )}
          </div>
          {!c.deleted && (
            <Space size={0}>
              {canWrite && (
                <Button type="link" size="small" onClick={() => setReplyTo(c)}>
                  {t('comments.reply')}
                </Button>
              )}
              {c.mine && canWrite && (
                <Button type="link" size="small" danger onClick={() => remove(c)}>
                  {t('comments.delete')}
                </Button>
              )}
            </Space>
          )}
        </div>
      </Space>
      {(tree.get(c.commentId) ?? []).map((r) => render(r, Math.min(depth + 1, 4)))}
    </div>
  );

  return (
    <div data-testid="comments-panel">
      {(tree.get(null) ?? []).length === 0 ? <Empty description={t('comments.empty')} /> : (tree.get(null) ?? []).map((c) => render(c, 0))}
      {canWrite && (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
          {replyTo && (
            <Space>
              <Typography.Text type="secondary">{t('comments.replyTo', { name: replyTo.nickName || replyTo.createBy })}</Typography.Text>
              <Button size="small" type="link" onClick={() => setReplyTo(null)}>
                {t('comments.cancelReply')}
              </Button>
            </Space>
          )}
          <Input.TextArea
            rows={3}
            maxLength={5000}
            value={text}
            placeholder={t('comments.placeholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="comment-input"
          />
          <Button
            type="primary"
            data-testid="comment-send"
            loading={comment.isPending}
            onClick={() => {
              if (!text.trim()) {
                message.warning(t('comments.required'));
                return;
              }
              send();
            }}
          >
            {replyTo ? t('comments.reply') : t('comments.send')}
          </Button>
        </Space>
      )}
    </div>
  );
}
