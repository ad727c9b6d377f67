import type { EditorPresence } from '@ccms/contracts/content/topic-editor';
import { Avatar, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../state/session-store';
import { followPresence, type Target } from '../topic-editor-api';

/** Who else has this topic open, live from the presence stream. */
export function PresenceBar({ target, ticket }: { target: Target; ticket: string }) {
  const { t } = useTranslation('topic-editor');
  const me = useSession((s) => s.userId);
  const [list, setList] = useState<EditorPresence>([]);
  const { libraryId, branch, path } = target;
  useEffect(() => followPresence({ libraryId, branch, path }, ticket, setList), [libraryId, branch, path, ticket]);
  const others = list.filter((p) => p.userId !== me);
  if (others.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="presence">
        {t('presenceNone')}
      </Typography.Text>
    );
  }
  return (
    <Space size={4} data-testid="presence">
      <Typography.Text type="secondary">{t('presence')}</Typography.Text>
      <Avatar.Group max={{ count: 5 }} size="small">
        {others.map((p) => (
          <Tooltip key={p.userId} title={`${p.nickName || p.userName} (${p.userName})`}>
            <Avatar data-testid="presence-user" aria-label={p.nickName || p.userName}>
              {(p.nickName || p.userName).slice(0, 1).toUpperCase()}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </Space>
  );
}
