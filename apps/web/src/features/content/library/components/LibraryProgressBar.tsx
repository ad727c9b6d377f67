import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLibraryProgress } from '../library-queries';

/** A new library's clone and index as a small progress bar (clone, index, counts); nothing once an older library is ready. */
export function LibraryProgressBar({ libraryId }: { libraryId: number }) {
  const { t } = useTranslation('library');
  const progress = useLibraryProgress(libraryId);
  const p = progress.data;
  if (!p || (p.phase === 'ready' && p.documents === null)) return null;
  const percent = p.phase === 'clone' ? 30 : p.phase === 'index' ? 70 : 100;
  const text =
    p.phase === 'ready'
      ? t('progress.ready', { documents: p.documents ?? 0, topics: p.topics ?? 0 })
      : p.phase === 'failed'
        ? t('progress.failed', { reason: p.reason === 'interrupted' ? t('progress.interrupted') : (p.reason ?? '') })
        : t(`progress.${p.phase}`);
  return (
    <div data-testid="library-progress" data-phase={p.phase} style={{ minWidth: 160 }}>
      <Progress percent={percent} size="small" showInfo={false} status={p.phase === 'failed' ? 'exception' : p.phase === 'ready' ? 'success' : 'active'} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {text}
      </Typography.Text>
    </div>
  );
}
