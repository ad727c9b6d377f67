import { Result, Spin } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Stash, TopicEditor } from '../components/TopicEditor';
import { targetOf } from '../early-open';
import { useEditorDocument } from '../topic-editor-queries';
import '../topic-editor.css';
import '../visual-view.css';

// When the editor's code has arrived and runs (the page's timeline: DevTools, bench/editor-web).
performance.mark('ccms:topic-editor:chunk');

export type EditorMode = 'visual' | 'source';

function documentIdOf(params: URLSearchParams): number | undefined {
  const id = Number(params.get('documentId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function OpenedTopic({ target, ...rest }: Omit<React.ComponentProps<typeof TopicEditor>, 'document'>) {
  const { t } = useTranslation('topic-editor');
  const opened = useEditorDocument(target);
  if (opened.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!opened.data) {
    return (
      <Result status="error" title={<span data-testid="editor-load-failed">{opened.error instanceof Error ? opened.error.message : t('loadFailed')}</span>} />
    );
  }
  return <TopicEditor target={target} document={opened.data} {...rest} />;
}

/**
 * The topic editor (/ccms/topic-editor/index; /ccms/mxeditor/index opens it in the source view).
 * Unsaved changes of each topic opened here are kept while jumping between a document's topics.
 */
export function TopicEditorPage({ mode = 'visual' }: { mode?: EditorMode }) {
  const { t } = useTranslation('topic-editor');
  const [params, setParams] = useSearchParams();
  const target = targetOf(params);
  const documentId = documentIdOf(params);
  const stashes = useRef(new Map<string, Stash>());
  const [unsavedPaths, setUnsavedPaths] = useState<ReadonlySet<string>>(new Set());
  const keep = useCallback((path: string, stash: Stash | null) => {
    if (stash) stashes.current.set(path, stash);
    else stashes.current.delete(path);
    setUnsavedPaths(new Set(stashes.current.keys()));
  }, []);
  const openTopic = useCallback(
    (path: string) =>
      setParams((p) => {
        p.set('path', path);
        return p;
      }),
    [setParams],
  );
  if (!target) return <Result status="warning" title={t('missingTarget')} />;
  const key = `${target.libraryId}:${target.branch ?? ''}:${target.path}`;
  return (
    <OpenedTopic
      key={key}
      target={target}
      initialMode={mode}
      documentId={documentId}
      stash={stashes.current.get(target.path) ?? null}
      onStash={keep}
      unsavedPaths={unsavedPaths}
      onOpenTopic={openTopic}
    />
  );
}

export default function TopicEditorIndex() {
  return <TopicEditorPage />;
}
