import { processSettings } from './config';

/**
 * Phase timings of an editor save, as `performance` measures named `ccms.save.<phase>`, only
 * when CCMS_SAVE_TRACE is set (bench/map-editor reads them; nothing is kept otherwise).
 */
export function saveTrace() {
  const on = processSettings().saveTrace;
  let last = performance.now();
  return {
    mark(phase: string) {
      if (!on) return;
      const now = performance.now();
      performance.measure(`ccms.save.${phase}`, { start: last, end: now });
      last = now;
    },
  };
}
