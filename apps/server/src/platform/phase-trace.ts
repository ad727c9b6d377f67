import { monitorEventLoopDelay } from 'node:perf_hooks';
import { processSettings } from './config';

export interface PhaseTraceOptions {
  /** Off: marks cost nothing and record no phase. */
  on: boolean;
  /** The clock in milliseconds (default `performance.now`; `Date.now` where times from elsewhere are compared). */
  clock?: () => number;
  /** Told each phase a mark ends, with its start and end on the clock. */
  onMark?: (phase: string, start: number, end: number) => void;
  /** Also watch how long the event loop is held at most; `end()` records it as `loop-max`. */
  loopDelay?: boolean;
}

/**
 * Phase timings of one run: each `mark` ends the phase that ran since the previous mark (or the
 * start). The three traced runs (an editor save, a catalogue index, a publish) differ only in
 * where their phases go: `performance` measures, a line on stderr, the publish listeners.
 */
export function phaseTrace({ on, clock = () => performance.now(), onMark, loopDelay = false }: PhaseTraceOptions) {
  /** Milliseconds per phase (a phase marked twice adds up). */
  const phases: Record<string, number> = {};
  let last = clock();
  const loop = on && loopDelay ? monitorEventLoopDelay({ resolution: 10 }) : null;
  loop?.enable();
  return {
    phases,
    /** When the phase running now began, on the clock. */
    since: () => last,
    /** Ends the phase running now under this name. */
    mark(phase: string) {
      if (!on) return;
      const now = clock();
      phases[phase] = (phases[phase] ?? 0) + now - last;
      onMark?.(phase, last, now);
      last = now;
    },
    /** Starts the next phase now: what ran since the last mark counts in none. */
    restart() {
      last = clock();
    },
    /** Times a step that overlaps others (not a phase in the sequence: the running phase goes on). */
    async timed<T>(phase: string, step: Promise<T>): Promise<T> {
      const from = clock();
      const value = await step;
      if (on) phases[phase] = clock() - from;
      return value;
    },
    /** Records a time measured otherwise. */
    record(phase: string, ms: number) {
      if (on) phases[phase] = ms;
    },
    /** Stops watching the event loop, recording `loop-max` when it was watched. */
    end() {
      if (!loop) return;
      loop.disable();
      phases['loop-max'] = Math.round(loop.max / 1e6);
    },
  };
}

export type PhaseTrace = ReturnType<typeof phaseTrace>;

/**
 * Phase timings of an editor save, as `performance` measures named `ccms.save.<phase>`, only
 * when CCMS_SAVE_TRACE is set (bench/map-editor reads them; nothing is kept otherwise).
 */
export function saveTrace(): PhaseTrace {
  return phaseTrace({
    on: processSettings().saveTrace,
    onMark: (phase, start, end) => performance.measure(`ccms.save.${phase}`, { start, end }),
  });
}
