import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStableCallback } from '../../../../shared/use-stable-callback';
import type { ElementPath } from '../model/element-path';
import { type SourceViewHandle, wellFormednessProblems } from '../source/SourceView';
import type { EditorMode } from './EditorHead';
import type { VisualHandle } from './VisualView';

/**
 * The topic's two views: which one is shown, the text they load (a new `seq` remounts the view:
 * a restored draft, a merged save, a switch of views), and the text as it is now. The visual
 * view takes the source view's text only when it is well-formed; a switch keeps the cursor's
 * element.
 */
export function useTopicViews(initialXml: string, initialMode: EditorMode, changed: () => void) {
  const { t, i18n } = useTranslation('topic-editor');
  const { message } = App.useApp();
  const [mode, setMode] = useState<EditorMode>(initialMode);
  const [loaded, setLoaded] = useState({ xml: initialXml, seq: 0, cursor: undefined as ElementPath | undefined });
  const visual = useRef<VisualHandle>(null);
  const source = useRef<SourceViewHandle>(null);
  const sourceText = useRef(loaded.xml);

  const readContent = useCallback((): string => {
    if (mode === 'visual' && visual.current) return visual.current.getXml();
    return sourceText.current;
  }, [mode]);
  const readRef = useRef(readContent);
  readRef.current = readContent;
  /** The text now, from a function of unchanging identity (for the memoised panes). */
  const readNow = useStableCallback(() => readRef.current());
  const sourceChanged = useCallback(
    (xml: string) => {
      sourceText.current = xml;
      changed();
    },
    [changed],
  );

  /** The views load `xml`, the cursor in `cursor`. */
  const load = useCallback((xml: string, cursor?: ElementPath) => {
    sourceText.current = xml;
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor }));
  }, []);

  /** The text's well-formedness errors as located problems (what the source view underlines). */
  const malformed = (xml: string): EditorProblem[] => wellFormednessProblems(xml, i18n.language);

  const toggle = (next: EditorMode) => {
    if (next === mode) return;
    if (next === 'source') {
      const xml = visual.current?.getXml() ?? sourceText.current;
      const path = visual.current?.cursorPath();
      sourceText.current = xml;
      setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: path }));
      setMode('source');
      return;
    }
    const xml = sourceText.current;
    if (malformed(xml).length > 0) {
      message.warning(t('notWellFormed'));
      return;
    }
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: source.current?.cursorPath() }));
    setMode('visual');
  };

  /** Shows a problem where the source view has it (switching to the source view first). */
  const goToProblem = (p: EditorProblem) => {
    if (mode === 'source') {
      source.current?.goTo(p.line, p.column);
      return;
    }
    const xml = visual.current?.getXml() ?? sourceText.current;
    sourceText.current = xml;
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: undefined }));
    setMode('source');
    pendingGoTo.current = p;
  };
  const pendingGoTo = useRef<EditorProblem | null>(null);
  useEffect(() => {
    const p = pendingGoTo.current;
    if (mode === 'source' && p && source.current) {
      pendingGoTo.current = null;
      source.current.goTo(p.line, p.column);
    }
  });

  /** The cursor's element in `xml` (the text now); null, after telling the writer, when the source view's text is not well-formed. */
  const cursorPathIn = (xml: string): ElementPath | null => {
    if (mode === 'source' && malformed(xml).length > 0) {
      message.warning(t('notWellFormed'));
      return null;
    }
    return (mode === 'visual' ? visual.current?.cursorPath() : source.current?.cursorPath()) ?? [];
  };

  return { mode, loaded, visual, source, readContent, readNow, sourceChanged, load, malformed, toggle, goToProblem, cursorPathIn };
}
