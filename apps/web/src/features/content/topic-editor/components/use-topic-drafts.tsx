import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { Alert, App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStableCallback } from '../../../../shared/use-stable-callback';
import { formatTime } from '../../shared/catalog-status';
import { type Target, topicEditorApi } from '../topic-editor-api';
import type { EditCount } from './use-edit-count';

/** How often unsaved edits are kept on the server as a draft. */
export const DRAFT_INTERVAL_MS = 3000;

/** The commit and blob the editor's text is based on. */
export interface Base {
  commit: string;
  blob: string;
}

interface DraftOptions {
  target: Target;
  opened: EditorDocument;
  /** Edits kept from another topic of the document: no draft is offered over them. */
  stashed: boolean;
  readOnly: boolean;
  base: Base;
  /** Restores a draft: its base and text. */
  restore: (base: Base, content: string) => void;
  /** The topic's text now. */
  readContent: () => string;
  edits: EditCount;
}

/**
 * Drafts of the topic: one from an earlier session (crash, another machine) is offered back
 * once; unsaved edits go to the server every few seconds while there are new ones (never
 * committed). Answers when the last draft was kept.
 */
export function useTopicDrafts({ target, opened, stashed, readOnly, base, restore, readContent, edits }: DraftOptions): string | null {
  const { t } = useTranslation('topic-editor');
  const { modal } = App.useApp();
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const { changed, current, pause, dirty } = edits;

  const offered = useRef(false);
  useEffect(() => {
    const draft = opened.draft;
    if (offered.current || !draft || stashed || readOnly) return;
    offered.current = true;
    modal.confirm({
      title: t('draftTitle'),
      content: (
        <>
          <p>{t('draftBody', { time: formatTime(draft.savedAt) })}</p>
          {draft.baseCommit !== opened.baseCommit && <Alert type="info" showIcon title={t('draftBaseMoved')} />}
        </>
      ),
      okText: t('restore'),
      cancelText: t('discard'),
      okButtonProps: { 'data-testid': 'draft-restore' } as never,
      onOk: () => {
        restore({ commit: draft.baseCommit, blob: draft.baseBlob }, draft.content);
        changed();
      },
      onCancel: () => void topicEditorApi.dropDraft(target),
    });
  }, [opened, stashed, readOnly, modal, t, restore, target, changed]);

  const latest = useRef({ base, drafted: 0 });
  latest.current.base = base;
  const keepDraft = useStableCallback(() => {
    const at = current();
    if (latest.current.drafted === at) return;
    latest.current.drafted = at;
    const { base: b } = latest.current;
    void topicEditorApi.putDraft({ ...target, content: readContent(), baseCommit: b.commit, baseBlob: b.blob }).then(() => {
      const kept = new Date().toISOString();
      pause.whenQuiet(() => setDraftAt(kept));
    });
  });
  useEffect(() => {
    if (!dirty || readOnly) return;
    const timer = setInterval(() => {
      // Written out at the next pause in typing (the whole topic is serialised).
      pause.whenQuiet(keepDraft);
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, readOnly, pause, keepDraft]);

  return draftAt;
}
