import { BranchesOutlined, SyncOutlined } from '@ant-design/icons';
import { CatalogPerm } from '@ccms/contracts/content/catalog';
import { App, Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useReindex } from '../../catalog/catalog-queries';
import { formatTime, shortCommit } from '../../shared/catalog-status';

/** The commit an answer was read from (short hash; the full id and the time in the tooltip). */
export function IndexedCommit({ commit, indexedAt, branch }: { commit: string | null | undefined; indexedAt?: string | Date | null; branch?: string }) {
  const { t } = useTranslation('document');
  if (!commit) return null;
  return (
    <Tooltip title={`${commit}${indexedAt ? ` · ${t('indexedAt', { time: formatTime(indexedAt) })}` : ''}`}>
      <Tag icon={<BranchesOutlined />} data-testid="indexed-commit" data-commit={commit}>
        {branch ? `${branch} @ ` : '@ '}
        {shortCommit(commit)}
      </Tag>
    </Tooltip>
  );
}

/** Reads the branch again from git (only the changed files) and refreshes every catalogue screen. */
export function ReindexButton({ libraryId, branch, size }: { libraryId: number | undefined; branch?: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const reindex = useReindex();
  return (
    <HasPermi value={[CatalogPerm.reindex]}>
      <Button
        size={size}
        icon={<SyncOutlined />}
        disabled={libraryId === undefined}
        loading={reindex.isPending}
        onClick={() =>
          reindex.mutate(
            { libraryId: libraryId ?? 0, ...(branch ? { branch } : {}) },
            {
              onSuccess: (r) => message.success(t('reindexed', { commit: shortCommit(r.commit), files: r.filesReadCount, mode: t(`indexModes.${r.mode}`) })),
            },
          )
        }
      >
        {t('reindex')}
      </Button>
    </HasPermi>
  );
}
