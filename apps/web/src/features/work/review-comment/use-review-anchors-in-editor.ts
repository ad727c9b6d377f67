import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHasPermi } from '../../../shared/auth/HasPermi';
import type { EditorAnchorsOptions } from '../../../shared/slots/slots';
import {
  editorSelection,
  frameSelection,
  highlightFrame,
  markedRanges,
  REVIEW_MARKS_META,
  type ReviewMark,
} from '../../content/topic-editor/components/review-marks';
import { useReviewAnchors } from './review-anchor-store';
import { useTopicThreads } from './review-comment-queries';

/**
 * Review comments in the topic editor (issue 38, item 6): text selected in the visual view or the
 * preview becomes the review tab's pending selection; the open threads' places are highlighted
 * in both; a thread clicked in the review tab is scrolled to and highlighted more strongly.
 * Answers the ref callback for the preview's frame. Fills the editor's anchors slot (app/slots.tsx).
 */
export function useReviewAnchorsInEditor({ target, editor, readXml, viewSeq, baseCommit }: EditorAnchorsOptions): (frame: HTMLIFrameElement | null) => void {
  const select = useReviewAnchors((s) => s.select);
  const setReader = useReviewAnchors((s) => s.setReader);
  const shown = useReviewAnchors((s) => s.shown);
  const canRead = useHasPermi([ReviewCommentPerm.list, ReviewCommentPerm.add]);
  const threads = useTopicThreads(target, canRead);
  const path = target.path;
  const readFrom = useRef(baseCommit);
  const { refetch } = threads;
  useEffect(() => {
    if (readFrom.current === baseCommit || !canRead) return;
    readFrom.current = baseCommit;
    void refetch();
  }, [baseCommit, canRead, refetch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger (another topic drops the selection)
  useEffect(() => {
    setReader(readXml);
    select(null);
    return () => {
      setReader(null);
      select(null);
    };
  }, [path, readXml, select, setReader]);

  // A selection in the visual view, as the editor has it (clicking the review tab keeps it; a click in the text drops it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewSeq is the trigger (a new view is another editor)
  useEffect(() => {
    const e = editor();
    if (!e || e.isDestroyed) return;
    const onChange = () => {
      const q = editorSelection(e.state);
      select(q ? { ...q, path, source: 'editor' } : null);
    };
    e.on('selectionUpdate', onChange);
    return () => {
      e.off('selectionUpdate', onChange);
    };
  }, [editor, path, select, viewSeq]);

  const marks = useMemo<ReviewMark[]>(
    () =>
      (threads.data?.rows ?? [])
        .filter((t) => !t.outdated && t.quote.trim() !== '')
        .map((t) => ({ id: t.id, quote: t.quote, prefix: t.prefix, suffix: t.suffix })),
    [threads.data],
  );
  const active = shown && marks.some((m) => m.id === shown.id) ? shown.id : null;
  // Each click on a thread scrolls once in each view (not again when the threads are fetched again).
  const scrolled = useRef({ editor: 0, preview: 0 });

  // The visual view: the places as decorations; the clicked thread's scrolled into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewSeq and baseCommit are triggers (a new view has no marks yet; a save's text is placed again)
  useEffect(() => {
    const e = editor();
    if (!e || e.isDestroyed) return;
    const ranges = markedRanges(e.state.doc, marks);
    e.view.dispatch(e.state.tr.setMeta(REVIEW_MARKS_META, { ranges, active }).setMeta('addToHistory', false));
    const target = ranges.find((r) => r.id === active);
    if (target && shown && scrolled.current.editor !== shown.seq) {
      scrolled.current.editor = shown.seq;
      const { node } = e.view.domAtPos(target.from);
      (node instanceof Element ? node : node.parentElement)?.scrollIntoView({ block: 'center' });
    }
  }, [editor, marks, active, shown, viewSeq, baseCommit]);

  // The preview: each load of the frame is listened to for selections and gets the highlights.
  const [frame, setFrame] = useState<{ el: HTMLIFrameElement; loads: number } | null>(null);
  const onFrame = useCallback((el: HTMLIFrameElement | null) => setFrame(el ? { el, loads: 0 } : null), []);
  const frameEl = frame?.el;
  useEffect(() => {
    if (!frameEl) return;
    const onLoad = () => setFrame((f) => (f ? { ...f, loads: f.loads + 1 } : f));
    frameEl.addEventListener('load', onLoad);
    return () => frameEl.removeEventListener('load', onLoad);
  }, [frameEl]);
  const loads = frame?.loads ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads is the trigger (a new document in the frame)
  useEffect(() => {
    const doc = frameEl?.contentDocument;
    if (!doc) return;
    const onChange = () => {
      const q = frameSelection(doc);
      select(q ? { ...q, path, source: 'preview' } : null);
    };
    doc.addEventListener('selectionchange', onChange);
    return () => doc.removeEventListener('selectionchange', onChange);
  }, [frameEl, loads, path, select]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads is the trigger (a new document in the frame)
  useEffect(() => {
    if (!frameEl) return;
    const range = highlightFrame(frameEl, marks, active);
    if (range && shown && scrolled.current.preview !== shown.seq) {
      scrolled.current.preview = shown.seq;
      range.startContainer.parentElement?.scrollIntoView({ block: 'center' });
    }
  }, [frameEl, loads, marks, active, shown]);

  return onFrame;
}
