import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../../../shared/use-debounced';
import type { Target } from '../topic-editor-api';
import { usePreview, useProblems } from '../topic-editor-queries';
import { type TypingPause, useShownAtPause } from './typing-pause';
import { useReferenceResolvers } from './use-reference-resolvers';

/** Edits must have been passed on this long before the structure check runs again. */
const CHECK_DEBOUNCE_MS = 1000;
/** One empty list, so a render without problems does not look like new problems to the views. */
const NO_PROBLEMS: EditorProblem[] = [];
/** Edits must have been passed on this long before the preview (and the conref display) is rendered again. */
const PREVIEW_DEBOUNCE_MS = 400;

interface AnswerOptions {
  target: Target;
  /** The edits the page has rendered. */
  version: number;
  pause: TypingPause;
  /** The topic's text now. */
  readContent: () => string;
  /** The product's property values the preview shows the topic for (S1000D, flight-ops), else null. */
  applic: Record<string, string> | null;
  ticket: string | undefined;
  /** Opens another topic whose content a reference shows. */
  onOpenSource: (path: string) => void;
}

/**
 * What the server answers about the text as edited: its structure problems, and its preview with
 * the content references it resolved. Answers that come while the writer types are shown at the
 * next pause: each redraws a pane or walks the document (underlines, conref display), which would
 * cost the keystroke it lands on.
 */
export function useTextAnswers({ target, version, pause, readContent, applic, ticket, onOpenSource }: AnswerOptions) {
  const settled = useDebounced(version, CHECK_DEBOUNCE_MS);
  const check = useProblems(target, settled, readContent, true);
  const liveProblems = check.data?.problems ?? NO_PROBLEMS;
  const [filterGroup, setFilterGroup] = useState<string | undefined>(undefined);
  const previewVersion = useDebounced(version, PREVIEW_DEBOUNCE_MS);
  const preview = usePreview(target, previewVersion, filterGroup, readContent, applic);
  const references = useReferenceResolvers(target, preview.data?.conrefs, onOpenSource, ticket);
  // Structure problems, and the references the engine could not follow (underlined in the visual view).
  const previewProblems = preview.data?.problems;
  const visualProblems = useMemo(() => [...liveProblems, ...(previewProblems ?? []).filter((p) => p.code === 'ref.broken')], [liveProblems, previewProblems]);
  const shownVisualProblems = useShownAtPause(visualProblems, pause);
  const shownSourceProblems = useShownAtPause(liveProblems, pause);
  const shownResolversVersion = useShownAtPause(references.version, pause);
  const shownPreview = useShownAtPause(preview.data, pause);
  const shownFetching = useShownAtPause(preview.isFetching, pause);
  const previewState = useMemo(() => ({ data: shownPreview, isFetching: shownFetching }), [shownPreview, shownFetching]);
  return {
    filterGroup,
    setFilterGroup,
    resolvers: references.resolvers,
    shownVisualProblems,
    shownSourceProblems,
    shownResolversVersion,
    /** The preview as last shown, and whether a newer one is on its way. */
    previewState,
  };
}
