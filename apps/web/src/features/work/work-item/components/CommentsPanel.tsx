import type { WorkItemComment } from '@ccms/contracts/work/work-item';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { workItemApi } from '../work-item-api';
import { time } from './labels';

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

/** Comments of a work item with replies; the author may delete their own. */
export function CommentsPanel({ workItemId, canWrite, onChanged }: { workItemId: number; canWrite: boolean; onChanged?: () => void }) {
  const { t } = useTranslation('workitem');
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['ccms', 'workitem', 'comments', workItemId];
  const comments = useQuery({ queryKey: key, queryFn: () => workItemApi.comments(workItemId) });
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<WorkItemComment | null>(null);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    onChanged?.();
  };
  const send = useMutation({
    mutationFn: () => workItemApi.comment(workItemId, { content: text.trim(), parentCommentId: replyTo?.commentId ?? null }),
    onSuccess: async () => {
      setText('');
      setReplyTo(null);
      await refresh();
    },
  });
  const remove = async (c: WorkItemComment) => {
    if (!(await confirmDialog(t('comments.confirmDelete'), { type: 'danger' }))) return;
    await workItemApi.removeComment(workItemId, c.commentId);
    await refresh();
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
            loading={send.isPending}
            onClick={() => {
              if (!text.trim()) {
                message.warning(t('comments.required'));
                return;
              }
              send.mutate();
            }}
          >
            {replyTo ? t('comments.reply') : t('comments.send')}
          </Button>
        </Space>
      )}
    </div>
  );
}
