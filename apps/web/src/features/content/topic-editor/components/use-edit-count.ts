import { useCallback, useEffect, useRef, useState } from 'react';
import { afterNextFrame, TypingPause } from './typing-pause';

/**
 * Edits are passed on to the page (checks, preview) once typing pauses this long: the page does
 * not render while the writer types (the first edit shows the unsaved marker at once).
 */
const VERSION_PUBLISH_MS = 250;

/** The topic's edits as the page sees them, and the typing pause the page's other work waits for. */
export interface EditCount {
  /** The edits the page has rendered. */
  version: number;
  dirty: boolean;
  pause: TypingPause;
  /** An edit now. */
  changed: () => void;
  /** Unsaved edits now, counting those the page has not rendered yet (a jump or a leave must not miss them). */
  unsavedNow: () => boolean;
  /** The edits counted now, rendered or not. */
  current: () => number;
  /** The edits up to `at` were saved. */
  savedAt: (at: number) => void;
  /** The text was replaced by what was committed: one more edit, and it counts as saved. */
  reloadedSaved: () => void;
}

/**
 * Each edit counts at once (drafts and saves read the count). The page hears of the first edit
 * after opening or saving right after the frame that shows it (the unsaved marker), of later
 * ones when typing pauses for VERSION_PUBLISH_MS: a render of the page never lands between two
 * keystrokes, nor does other work an edit sets off (drafts, answers of the check and preview).
 */
export function useEditCount(initial: number): EditCount {
  const [version, setVersion] = useState(initial);
  const versionRef = useRef(version);
  const [savedVersion, setSavedVersion] = useState(0);
  const dirty = version !== savedVersion;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const savedRef = useRef(savedVersion);
  savedRef.current = savedVersion;
  const unsavedNow = useCallback(() => versionRef.current !== savedRef.current, []);
  const current = useCallback(() => versionRef.current, []);

  const [pause] = useState(() => new TypingPause(VERSION_PUBLISH_MS));
  const publishing = useRef<(() => void) | null>(null);
  const publish = useCallback(() => {
    publishing.current = null;
    setVersion(versionRef.current);
  }, []);
  const publishAtPause = useCallback(() => pause.whenQuiet(publish), [pause, publish]);
  const changed = useCallback(() => {
    versionRef.current += 1;
    pause.edited();
    // One publish on its way at a time, not one per keystroke.
    if (publishing.current) return;
    if (!dirtyRef.current) {
      publishing.current = afterNextFrame(publish);
      return;
    }
    publishing.current = () => undefined;
    publishAtPause();
  }, [pause, publish, publishAtPause]);
  useEffect(
    () => () => {
      publishing.current?.();
      pause.dispose();
    },
    [pause],
  );

  const savedAt = useCallback((at: number) => {
    savedRef.current = at;
    setSavedVersion(at);
  }, []);
  const reloadedSaved = useCallback(() => {
    versionRef.current += 1;
    setVersion(versionRef.current);
    savedRef.current = versionRef.current;
    setSavedVersion(versionRef.current);
  }, []);

  return { version, dirty, pause, changed, unsavedNow, current, savedAt, reloadedSaved };
}
