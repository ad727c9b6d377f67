import { AppstoreOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToggleColumn {
  key: string;
  title: ReactNode;
}

export interface RightToolbarProps {
  showSearch?: boolean;
  onToggleSearch?: () => void;
  onRefresh?: () => void;
  /** Columns the user may show or hide; omit to hide the column toggle. */
  columns?: readonly ToggleColumn[];
  hidden?: readonly string[];
  onHiddenChange?: (hidden: string[]) => void;
}

/**
 * RuoYi's right toolbar: show/hide the search form, refresh, column toggle.
 * Usage: `<RightToolbar showSearch={s} onToggleSearch={() => setS(!s)} onRefresh={reload} columns={cols} hidden={h} onHiddenChange={setH} />`
 */
export function RightToolbar({ showSearch, onToggleSearch, onRefresh, columns, hidden = [], onHiddenChange }: RightToolbarProps) {
  const { t } = useTranslation('shared');
  const searchLabel = showSearch ? t('list.hideSearch') : t('list.showSearch');
  return (
    <Space.Compact className="right-toolbar">
      {onToggleSearch && (
        <Tooltip title={searchLabel}>
          <Button icon={<SearchOutlined />} aria-label={searchLabel} aria-pressed={showSearch} onClick={onToggleSearch} />
        </Tooltip>
      )}
      {onRefresh && (
        <Tooltip title={t('list.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('list.refresh')} onClick={onRefresh} />
        </Tooltip>
      )}
      {columns && columns.length > 0 && onHiddenChange && (
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('list.columns')}
          content={
            <Checkbox.Group
              className="column-toggle"
              value={columns.map((c) => c.key).filter((k) => !hidden.includes(k))}
              options={columns.map((c) => ({ value: c.key, label: c.title }))}
              onChange={(shown) => onHiddenChange(columns.map((c) => c.key).filter((k) => !shown.includes(k)))}
            />
          }
        >
          <Tooltip title={t('list.columns')}>
            <Button icon={<AppstoreOutlined />} aria-label={t('list.columns')} />
          </Tooltip>
        </Popover>
      )}
    </Space.Compact>
  );
}
