import { Alert, Empty, Select, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogState } from '../../catalog/catalog-queries';
import type { LibraryScope } from '../../shared/use-library-scope';
import { IndexedCommit, ReindexButton } from './IndexedCommit';

export interface ScopeBarProps {
  scope: LibraryScope;
  /** Search may run over all libraries: the library can be cleared. */
  optional?: boolean;
  /** Hide the index state and reindex button (search shows the commit per hit). */
  hideIndex?: boolean;
  extra?: ReactNode;
  /** The commit the list on screen was read from: shown when the index state cannot be read (no document rights). */
  listed?: { commit: string; indexedAt: string | Date | null } | null;
}

/** Library and branch pickers of a catalogue screen, with the indexed commit and a reindex button. */
export function ScopeBar({ scope, optional = false, hideIndex = false, extra, listed }: ScopeBarProps) {
  const { t } = useTranslation('document');
  const { libraryId, branch } = scope;
  const state = useCatalogState({ libraryId: libraryId ?? 0, ...(branch ? { branch } : {}) }, libraryId !== undefined && !hideIndex);
  return (
    <Space wrap className={optional ? undefined : 'catalog-scope'}>
      <Select
        aria-label={t('library')}
        placeholder={optional ? t('allLibraries') : t('libraryPlaceholder')}
        style={{ minWidth: 200 }}
        value={libraryId}
        allowClear={optional}
        loading={scope.loading}
        showSearch={{ optionFilterProp: 'label' }}
        options={scope.libraries.map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
        onChange={(v?: number) => scope.setLibrary(v)}
      />
      <Select
        aria-label={t('branch')}
        placeholder={t('branch')}
        style={{ minWidth: 140 }}
        value={branch}
        disabled={libraryId === undefined}
        loading={scope.branchesLoading}
        showSearch
        options={scope.branchNames.map((b) => ({ value: b, label: b }))}
        onChange={(v: string) => scope.setBranch(v)}
      />
      {!hideIndex && libraryId !== undefined && (
        <>
          {state.data ? (
            <IndexedCommit commit={state.data.commit} indexedAt={state.data.indexedAt} />
          ) : (
            listed && <IndexedCommit commit={listed.commit} indexedAt={listed.indexedAt} />
          )}
          {state.data && !state.data.upToDate && (
            <Tooltip title={state.data.headCommit}>
              <Typography.Text type="warning" data-testid="index-behind">
                {t('indexBehind')}
              </Typography.Text>
            </Tooltip>
          )}
          <ReindexButton libraryId={libraryId} branch={branch} />
        </>
      )}
      {extra}
    </Space>
  );
}

/**
 * What a catalogue list shows instead of rows when there is no library to read: "Please add
 * library first" or "Please select current library first.". Null when a library is chosen.
 */
export function ScopeNotice({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('document');
  if (scope.noLibrary) return <Empty description={<span data-testid="scope-notice">{t('addLibraryFirst')}</span>} />;
  if (scope.libraryId === undefined && !scope.loading) {
    return <Alert type="info" showIcon title={<span data-testid="scope-notice">{t('selectLibraryFirst')}</span>} />;
  }
  return null;
}
