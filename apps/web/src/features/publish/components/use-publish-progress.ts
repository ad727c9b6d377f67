import type { PublishProgress } from '@ccms/contracts/publish/publication';
import { useEffect, useState } from 'react';
import { resourceUrl } from '../../../api/client';

/**
 * The live progress of a publish: Server-Sent Events from the output's progress URL (it carries
 * a ticket, EventSource sends no token) until the publish ends; `onEnd` runs once it did.
 */
export function usePublishProgress(progressUrl: string | undefined, active: boolean, onEnd: () => void): PublishProgress | null {
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  useEffect(() => {
    if (!progressUrl || !active) return;
    const source = new EventSource(resourceUrl(progressUrl));
    source.onmessage = (event) => {
      const next = JSON.parse(String(event.data)) as PublishProgress;
      setProgress(next);
      if (next.status !== 'notStarted' && next.status !== 'running') {
        source.close();
        onEnd();
      }
    };
    source.onerror = () => source.close();
    return () => source.close();
  }, [progressUrl, active, onEnd]);
  return progress;
}

/** Percent of a progress event (the engine's phase count). */
export const percentOf = (p: Pick<PublishProgress, 'done' | 'total'> | null) => (p && p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0);
