import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Target } from '../../topic-editor/topic-editor-api';
import { MapEditor } from '../components/MapEditor';
import { useMapDocument } from '../map-editor-queries';
import '../map-editor.css';

/** The map the URL names: ?libraryId=&branch=&path= */
function targetOf(params: URLSearchParams): Target | null {
  const libraryId = Number(params.get('libraryId'));
  const path = params.get('path') ?? '';
  if (!Number.isInteger(libraryId) || libraryId <= 0 || !path) return null;
  const branch = params.get('branch') || undefined;
  return { libraryId, path, ...(branch ? { branch } : {}) };
}

function OpenedMap({ target }: { target: Target }) {
  const { t } = useTranslation('map-editor');
  const opened = useMapDocument(target);
  if (opened.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!opened.data) {
    return (
      <Result status="error" title={<span data-testid="map-load-failed">{opened.error instanceof Error ? opened.error.message : t('loadFailed')}</span>} />
    );
  }
  return <MapEditor target={target} document={opened.data} />;
}

/** The map editor (/ccms/ditamapeditor/index, not cached): one map or bookmap of a library branch. */
export default function MapEditorIndex() {
  const { t } = useTranslation('map-editor');
  const [params] = useSearchParams();
  const target = targetOf(params);
  if (!target) return <Result status="warning" title={t('missingTarget')} />;
  return <OpenedMap key={`${target.libraryId}:${target.branch ?? ''}:${target.path}`} target={target} />;
}
