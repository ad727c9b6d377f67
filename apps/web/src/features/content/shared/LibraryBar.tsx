import { Select, Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryScope } from './use-library-scope';

/** Library and branch pickers of the resource screens (their words are in the graphic namespace, where they began). */
export function LibraryBar({ scope, extra }: { scope: LibraryScope; extra?: ReactNode }) {
  const { t } = useTranslation('shared');
  return (
    <Space wrap className="ccms-resource-bar">
      <Select
        aria-label={t('libraryBar.library')}
        placeholder={t('libraryBar.libraryPlaceholder')}
        style={{ minWidth: 200 }}
        value={scope.libraryId}
        loading={scope.loading}
        showSearch={{ optionFilterProp: 'label' }}
        options={scope.libraries.map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
        onChange={(v: number) => scope.setLibrary(v)}
      />
      <Select
        aria-label={t('libraryBar.branch')}
        placeholder={t('libraryBar.branch')}
        style={{ minWidth: 140 }}
        value={scope.branch}
        showSearch
        options={scope.branchNames.map((b) => ({ value: b, label: b }))}
        onChange={(v: string) => scope.setBranch(v)}
      />
      {scope.readOnly && <Tag color="warning">{t('libraryBar.readOnly')}</Tag>}
      {extra}
    </Space>
  );
}

/** The commit a list was read at. */
export function CommitTag({ commit }: { commit: string | undefined }) {
  const { t } = useTranslation('shared');
  if (!commit) return null;
  return (
    <Tooltip title={commit}>
      <Tag data-testid="resource-commit" style={{ alignSelf: 'center' }}>
        {t('libraryBar.atCommit', { commit: commit.slice(0, 8) })}
      </Tag>
    </Tooltip>
  );
}
