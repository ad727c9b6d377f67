import type { FastifyBaseLogger } from 'fastify';
import { processSettings } from '../../../platform/config';
import { type PhaseTrace, phaseTrace } from '../../../platform/phase-trace';

/**
 * Milliseconds per phase of each publish, for the benches: queue (created to picked up), fetch (of
 * the branch) and settings (read meanwhile), checkout, prepare, engine, keep, db-wait (the
 * commit's rows, written meanwhile), save. With CCMS_PUBLISH_TRACE set, each publish also logs them.
 */
const TRACE = processSettings().publishTrace;
const phaseListeners = new Set<(outputId: number, phases: Record<string, number>) => void>();
export function onPublishPhases(listener: (outputId: number, phases: Record<string, number>) => void): () => void {
  phaseListeners.add(listener);
  return () => phaseListeners.delete(listener);
}

/**
 * The phases of one publish, on the wall clock (the engine process reports its times on it).
 * Traced publishes also say how long this event loop was held at most meanwhile (a child's exit,
 * the engine's reply and file callbacks wait for it).
 */
export const publishTrace = (): PhaseTrace => phaseTrace({ on: true, clock: Date.now, loopDelay: TRACE || phaseListeners.size > 0 });

/** A finished publish's phases to the listeners, and to the log when traced. */
export function reportPublishPhases(
  trace: PhaseTrace,
  log: FastifyBaseLogger,
  done: { outputId: number; key: string; commit: string; incremental: boolean },
): void {
  trace.end();
  for (const listener of phaseListeners) listener(done.outputId, { ...trace.phases });
  if (TRACE) log.info({ ...done, phases: trace.phases }, 'publish phases');
}
