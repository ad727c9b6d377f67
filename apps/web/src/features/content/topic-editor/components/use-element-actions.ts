import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorActionProps, PickedElement } from '../../../../shared/slots/slots';
import { useStableCallback } from '../../../../shared/use-stable-callback';
import { topicQueries } from '../../topic/topic-queries';
import { linkableElement, withElementId } from '../model/element-id';
import type { ElementPath } from '../model/element-path';
import type { Target } from '../topic-editor-api';

interface ActionOptions {
  target: Target;
  opened: EditorDocument;
  readOnly: boolean;
  /** The topic's text now. */
  readContent: () => string;
  /** The cursor's element in the view shown, in `xml` (the text now); null when it is not well-formed XML (the writer was told). */
  cursorPath: (xml: string) => ElementPath | null;
  unsavedNow: () => boolean;
  /** Loads a text into the views with the cursor in `cursor`, as an edit. */
  loadEdited: (xml: string, cursor: ElementPath) => void;
  /** Saves `content` on the editor's base; resolves whether it was committed. */
  saveContent: (content: string) => Promise<boolean>;
}

/**
 * What the actions other areas add to the toolbar (compliance: "link to regulation") act on:
 * the cursor's element, given an id when it has none. A link service checks the id in the saved
 * (indexed) topic, so a new id, or any unsaved edit, is saved first. Answers the topic's id in
 * the catalogue too (undefined until known, or when the file is not indexed).
 */
export function useElementActions({ target, opened, readOnly, readContent, cursorPath, unsavedNow, loadEdited, saveContent }: ActionOptions) {
  const { t } = useTranslation('topic-editor');
  const { message } = App.useApp();
  const topicRow = useQuery(topicQueries.detail({ kind: 'path', libraryId: target.libraryId, path: target.path, branch: target.branch || undefined }));
  const pickedPath = useRef<ElementPath>([]);
  const pickElement = useStableCallback((): PickedElement | 'none' | null => {
    const xml = readContent();
    const path = cursorPath(xml);
    if (path === null) return null;
    const element = path.length > 0 ? linkableElement(xml, path) : null;
    if (!element) return 'none';
    pickedPath.current = path;
    return { ...element, mustSave: element.isNew || unsavedNow() };
  });
  const topic = useStableCallback(async () => {
    const row = topicRow.data ?? (await topicRow.refetch()).data;
    return row ? { topicId: row.topicId, libraryId: target.libraryId, title: opened.title || opened.path } : undefined;
  });
  const refuseReadOnly = useStableCallback((element: PickedElement) => {
    if (!element.mustSave || !readOnly) return false;
    message.warning(t('readOnly'));
    return true;
  });
  const saveFirst = useStableCallback(async (element: PickedElement) => {
    let content = readContent();
    if (element.isNew) {
      content = withElementId(content, pickedPath.current, element.id);
      loadEdited(content, pickedPath.current);
    }
    return saveContent(content);
  });
  const actionProps = useMemo<EditorActionProps>(() => ({ topic, pickElement, refuseReadOnly, saveFirst }), [topic, pickElement, refuseReadOnly, saveFirst]);
  return { topicId: topicRow.data?.topicId, actionProps };
}
