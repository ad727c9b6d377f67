import { Empty, Select, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../../shared/use-debounced';
import { useLibrarySettings } from '../../library/library-queries';
import type { Target } from '../topic-editor-api';
import { usePreview } from '../topic-editor-queries';

/** Typing must pause this long before the preview is rendered again. */
export const PREVIEW_DEBOUNCE_MS = 600;

/**
 * The unsaved content rendered by the engine with the library's keys and the chosen filter
 * group. `version` counts the edits; the content is read once the count settles.
 */
export function PreviewPane({ target, version, readContent }: { target: Target; version: number; readContent: () => string }) {
  const { t } = useTranslation('editor');
  const [filterGroup, setFilterGroup] = useState<string | undefined>(undefined);
  const settled = useDebounced(version, PREVIEW_DEBOUNCE_MS);
  const filters = useLibrarySettings('filter', target.libraryId);
  const groups = useMemo(() => [...new Set((filters.data ?? []).map((f) => f.group))].sort(), [filters.data]);
  const preview = usePreview(target, settled, filterGroup, readContent);
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
          onChange={(v?: string) => setFilterGroup(v)}
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
