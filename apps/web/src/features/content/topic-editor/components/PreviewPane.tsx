import { Empty, Select, Space, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibrarySettings } from '../../library/library-queries';
import type { PreviewAnswer, Target } from '../topic-editor-api';

export interface PreviewPaneProps {
  target: Target;
  /** The page's preview query (its answer also resolves the content references in the visual view). */
  preview: { data: PreviewAnswer | undefined; isFetching: boolean };
  filterGroup: string | undefined;
  onFilterGroup: (group: string | undefined) => void;
}

/** The unsaved content rendered by the engine with the library's keys and the chosen filter group. */
export function PreviewPane({ target, preview, filterGroup, onFilterGroup }: PreviewPaneProps) {
  const { t } = useTranslation('editor');
  const filters = useLibrarySettings('filter', target.libraryId);
  const groups = useMemo(() => [...new Set((filters.data ?? []).map((f) => f.group))].sort(), [filters.data]);
  return (
    <div className="te-preview" data-testid="editor-preview">
      <Space className="te-pane-head" wrap>
        <Typography.Text strong>{t('preview.title')}</Typography.Text>
        <Select
          size="small"
          allowClear
          style={{ width: 160 }}
          aria-label={t('preview.filterGroup')}
          placeholder={t('preview.noFilter')}
          value={filterGroup}
          onChange={(v?: string) => onFilterGroup(v)}
          options={groups.map((g) => ({ value: g, label: g }))}
        />
        {preview.isFetching && <Spin size="small" />}
      </Space>
      {preview.data ? (
        <iframe className="te-preview-frame" title={t('preview.title')} sandbox="" srcDoc={preview.data.html} data-testid="editor-preview-frame" />
      ) : (
        !preview.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />
      )}
    </div>
  );
}
