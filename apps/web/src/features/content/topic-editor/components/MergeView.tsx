import type { EditorConflict } from '@ccms/contracts/content/topic-editor';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/catalog-status';
import { conflictCount, type Hunk, hasConflictMarkers, mergedText, mergeHunks, type Side } from './merge-hunks';

/** Unchanged stretches longer than this show their first and last lines only. */
const CONTEXT_LINES = 3;

function SameLines({ lines }: { lines: string[] }) {
  const short = lines.length > CONTEXT_LINES * 2 + 1;
  const shown = short ? [...lines.slice(0, CONTEXT_LINES), `… (${lines.length - CONTEXT_LINES * 2}) …`, ...lines.slice(-CONTEXT_LINES)] : lines;
  return (
    <div className="te-merge-row te-merge-same">
      <pre>{shown.join('\n')}</pre>
      <pre>{shown.join('\n')}</pre>
    </div>
  );
}

function ConflictRow({
  hunk,
  n,
  pick,
  onPick,
}: {
  hunk: Extract<Hunk, { kind: 'conflict' }>;
  n: number;
  pick: Side | undefined;
  onPick: (side: Side) => void;
}) {
  const { t } = useTranslation('topic-editor');
  return (
    <div className="te-merge-conflict" data-testid="merge-conflict">
      <Space size={4} wrap>
        <Typography.Text strong>{t('conflictN', { n: n + 1 })}</Typography.Text>
        <Button size="small" type={pick === 'theirs' ? 'primary' : 'default'} onClick={() => onPick('theirs')}>
          {t('takeTheirs')}
        </Button>
        <Button size="small" type={pick === 'ours' ? 'primary' : 'default'} onClick={() => onPick('ours')}>
          {t('takeOurs')}
        </Button>
        <Button size="small" type={pick === 'both' ? 'primary' : 'default'} onClick={() => onPick('both')}>
          {t('takeBoth')}
        </Button>
      </Space>
      <div className="te-merge-row">
        <pre className={`te-merge-theirs${pick === 'ours' ? ' te-merge-dropped' : ''}`} data-testid="merge-theirs">
          {hunk.theirs.join('\n')}
        </pre>
        <pre className={`te-merge-ours${pick === 'theirs' ? ' te-merge-dropped' : ''}`} data-testid="merge-ours">
          {hunk.ours.join('\n')}
        </pre>
      </div>
    </div>
  );
}

export interface MergeViewProps {
  conflict: EditorConflict | null;
  saving: boolean;
  onCancel: () => void;
  /** Saves the resolved text with their commit and blob as the new base. */
  onSave: (content: string, conflict: EditorConflict) => void;
}

/** The 409 of a save: their version beside mine per conflict, a pick per hunk, and an editable result. */
export function MergeView({ conflict, saving, onCancel, onSave }: MergeViewProps) {
  return conflict ? <MergeDialog key={conflict.theirsCommit} conflict={conflict} saving={saving} onCancel={onCancel} onSave={onSave} /> : null;
}

function MergeDialog({ conflict, saving, onCancel, onSave }: MergeViewProps & { conflict: EditorConflict }) {
  const { t } = useTranslation('topic-editor');
  const { t: tc } = useTranslation();
  const hunks = useMemo(() => mergeHunks(conflict.base, conflict.theirs, conflict.ours), [conflict]);
  const labels = { theirs: t('theirs'), ours: t('ours') };
  const [picks, setPicks] = useState<Record<number, Side>>({});
  const [result, setResult] = useState(() => mergedText(hunks, {}, labels));
  const total = conflictCount(hunks);
  const open = total - Object.keys(picks).length;
  const pick = (n: number, side: Side) => {
    const next = { ...picks, [n]: side };
    setPicks(next);
    setResult(mergedText(hunks, next, labels));
  };
  let n = -1;
  return (
    <Modal
      open
      width="min(1200px, 96vw)"
      title={t('mergeTitle')}
      onCancel={onCancel}
      maskClosable={false}
      footer={
        <Space>
          {open > 0 && <Typography.Text type="warning">{t('unresolved', { count: open })}</Typography.Text>}
          <Button onClick={onCancel}>{tc('cancel')}</Button>
          <Button type="primary" loading={saving} disabled={hasConflictMarkers(result)} onClick={() => onSave(result, conflict)} data-testid="merge-save">
            {t('saveMerged')}
          </Button>
        </Space>
      }
    >
      <div data-testid="merge-view">
        <Alert type="warning" showIcon title={t('mergeIntro', { author: conflict.theirsAuthor, date: formatTime(conflict.theirsDate) })} />
        <div className="te-merge-row te-merge-head">
          <Typography.Text strong>{t('theirs')}</Typography.Text>
          <Typography.Text strong>{t('ours')}</Typography.Text>
        </div>
        <div className="te-merge-body">
          {hunks.map((hunk, i) => {
            // biome-ignore lint/suspicious/noArrayIndexKey: the hunks of one conflict never move
            if (hunk.kind === 'same') return <SameLines key={`s${i}`} lines={hunk.lines} />;
            n += 1;
            const index = n;
            return <ConflictRow key={`c${index}`} hunk={hunk} n={index} pick={picks[index]} onPick={(side) => pick(index, side)} />;
          })}
        </div>
        <Typography.Text strong>{t('result')}</Typography.Text>
        <Input.TextArea
          aria-label={t('result')}
          data-testid="merge-result"
          className="te-merge-result"
          value={result}
          onChange={(e) => setResult(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          spellCheck={false}
        />
      </div>
    </Modal>
  );
}
