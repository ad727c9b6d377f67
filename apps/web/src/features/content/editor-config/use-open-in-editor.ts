import type { EditorResolution } from '@ccms/contracts/content/editor-config';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { editorPath } from '../topic-editor/editor-paths';
import { editorConfigApi } from './editor-config-api';

export interface FileToOpen {
  libraryId: number;
  branch?: string | null | undefined;
  path: string;
  /** The document the file is opened from (the topic editor's toc tab). */
  documentId?: number | undefined;
}

const query = (at: FileToOpen) => {
  const q = new URLSearchParams({ libraryId: String(at.libraryId) });
  if (at.branch) q.set('branch', at.branch);
  q.set('path', at.path);
  return q.toString();
};

/**
 * Where a file opens for an editor resolution: the topic editor (visual or source), the map editor,
 * or the web author page for an editor link; null for a file only viewed (no editor).
 */
export function editorRoute(how: Pick<EditorResolution, 'editor'>, at: FileToOpen): string | null {
  if (how.editor === 'link') return `/ccms/editor/webAuthor?${query(at)}`;
  if (how.editor === 'map') return `/ccms/ditamapeditor/index?${query(at)}`;
  if (how.editor === 'view') return null;
  return editorPath({ ...at, source: how.editor === 'source' });
}

/**
 * Opens a file the way the editor configuration says (its suffix's default editor, else its
 * document type's): the topic editor, the source view, the map editor, or an editor link
 * through the web author page. Every "Edit" action goes through here.
 */
export function useOpenInEditor() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('editor-config');
  return async (at: FileToOpen) => {
    const how = await editorConfigApi.resolve({ libraryId: at.libraryId, path: at.path, ...(at.branch ? { branch: at.branch } : {}) });
    const route = editorRoute(how, at);
    if (route === null) message.info(t('readOnly'));
    else navigate(route);
  };
}
