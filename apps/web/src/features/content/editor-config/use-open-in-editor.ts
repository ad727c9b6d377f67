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
 * Opens a file the way the editor configuration says (its suffix's default editor, else its
 * document type's): the topic editor, the source view, the map editor, or an editor link
 * through the web author page. Every "Edit" action goes through here.
 */
export function useOpenInEditor() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('editorConfig');
  return async (at: FileToOpen) => {
    const how = await editorConfigApi.resolve({ libraryId: at.libraryId, path: at.path, ...(at.branch ? { branch: at.branch } : {}) });
    if (how.editor === 'link') navigate(`/ccms/editor/webAuthor?${query(at)}`);
    else if (how.editor === 'map') navigate(`/ccms/ditamapeditor/index?${query(at)}`);
    else if (how.editor === 'view') message.info(t('readOnly'));
    else navigate(editorPath({ ...at, source: how.editor === 'source' }));
  };
}
