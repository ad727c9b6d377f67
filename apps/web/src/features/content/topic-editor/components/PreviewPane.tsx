import { Empty, Select, Space, Typography } from 'antd';
import { memo, type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibrarySettings } from '../../library/library-queries';
import type { PreviewAnswer, Target } from '../topic-editor-api';
import { previewWithImages } from './preview-images';
import { PREVIEW_HIGHLIGHT, PREVIEW_HIGHLIGHT_ACTIVE } from './review-marks';

export interface PreviewPaneProps {
  target: Target;
  /** The page's preview query (its answer also resolves the content references in the visual view). */
  preview: { data: PreviewAnswer | undefined; isFetching: boolean };
  filterGroup: string | undefined;
  onFilterGroup: (group: string | undefined) => void;
  /** S1000D: the preview is the module as published for the product chosen in the applicability preview (null: none chosen); no filter groups. */
  applicProduct?: string | null | undefined;
  /** The frame (the editor marks review comments' places in it and hears selections). */
  frameRef?: Ref<HTMLIFrameElement> | undefined;
  /** The open answer's media ticket: the preview's images are drawn from the library with it (an <img> sends no token). */
  ticket?: string | undefined;
}

/**
 * Put before the engine's HTML: the frame lays out only the blocks near its viewport (the preview
 * of a long topic is laid out again on every refresh, on the same thread the writer types on).
 */
const PREVIEW_STYLE =
  '<style>:where(section, article, div, p, li, ul, ol, dl, dt, dd, pre, table, figure, blockquote, h1, h2, h3, h4, h5, h6) { content-visibility: auto; contain-intrinsic-size: auto 1.5em; }' +
  // Review comments' places (CSS highlights the editor sets: no markup added).
  `::highlight(${PREVIEW_HIGHLIGHT}) { background-color: rgba(250, 173, 20, 0.22); } ::highlight(${PREVIEW_HIGHLIGHT_ACTIVE}) { background-color: rgba(250, 173, 20, 0.55); }</style>`;

/** The unsaved content rendered by the engine with the library's keys and the chosen filter group. */
export const PreviewPane = memo(function PreviewPane({ target, preview, filterGroup, onFilterGroup, applicProduct, frameRef, ticket }: PreviewPaneProps) {
  const { t } = useTranslation('topic-editor');
  const s1000d = applicProduct !== undefined;
  const filters = useLibrarySettings('filter', target.libraryId, !s1000d);
  const groups = useMemo(() => [...new Set((filters.data ?? []).map((f) => f.group))].sort(), [filters.data]);
  const html = preview.data?.html;
  const srcDoc = useMemo(() => (html === undefined ? undefined : PREVIEW_STYLE + previewWithImages(html, target, ticket)), [html, target, ticket]);
  return (
    <div className="te-preview" data-testid="editor-preview">
      <Space className="te-pane-head" wrap>
        <Typography.Text strong>{t('preview.title')}</Typography.Text>
        {s1000d ? (
          <Typography.Text type="secondary" data-testid="editor-preview-product">
            {applicProduct ? t('preview.forProduct', { product: applicProduct }) : t('preview.allProducts')}
          </Typography.Text>
        ) : (
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
        )}
        {/* Still text, not a spinner: an animation draws a frame of the whole page 60 times a second while the writer types. */}
        {preview.isFetching && (
          <Typography.Text type="secondary" data-testid="editor-preview-refreshing">
            {t('preview.refreshing')}
          </Typography.Text>
        )}
      </Space>
      {srcDoc !== undefined ? (
        // Same origin without scripts: nothing in the preview runs, the editor reads its selection and marks comments' places.
        <iframe
          ref={frameRef}
          className="te-preview-frame"
          title={t('preview.title')}
          sandbox="allow-same-origin"
          srcDoc={srcDoc}
          data-testid="editor-preview-frame"
        />
      ) : (
        !preview.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />
      )}
    </div>
  );
});
