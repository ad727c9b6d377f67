import type { PublishProgress } from '@ccms/contracts/publish/publication';
import { useEffect, useRef, useState } from 'react';
import { resourceUrl } from '../../../../api/client';

/**
 * The live progress of a publish: Server-Sent Events from the output's progress URL (it carries
 * a ticket, EventSource sends no token) until the publish ends; `onEnd` runs once it did.
 * One stream per output while it runs: `onEnd` is read from a ref, so a caller passing a new
 * function each render does not reopen it. (Reopening on every message re-sent the last state,
 * which rendered again: the streams looped, and once the publish had ended each one refreshed the
 * output list anew, cancelling the refresh before it, so the row could stay "running".)
 */
export function usePublishProgress(progressUrl: string | undefined, active: boolean, onEnd: () => void): PublishProgress | null {
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  }, [onEnd]);
  useEffect(() => {
    if (!progressUrl || !active) return;
    const source = new EventSource(resourceUrl(progressUrl));
    source.onmessage = (event) => {
      const next = JSON.parse(String(event.data)) as PublishProgress;
      setProgress(next);
      if (next.status !== 'notStarted' && next.status !== 'running') {
        source.close();
        ended.current();
      }
    };
    source.onerror = () => source.close();
    return () => source.close();
  }, [progressUrl, active]);
  return progress;
}

/** Percent of a progress event (the engine's phase count). */
export const percentOf = (p: Pick<PublishProgress, 'done' | 'total'> | null) => (p && p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0);
