import { monitorEventLoopDelay } from 'node:perf_hooks';
import { formatValue, type Metric } from './registry';

/** What is read of Node's delay histogram (an `IntervalHistogram`, or a `RecordableHistogram` in tests); values in nanoseconds. */
export interface DelaySource {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  percentile(percentile: number): number;
  reset(): void;
}

/** Seconds: a loop that keeps up (timer jitter) to one held by seconds of synchronous work. */
const DELAY_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/**
 * The share (0 to 1) of the samples in `h` at or under `ns`: the largest percentile whose value is
 * at most `ns`, found by bisection (Node's histogram answers percentiles, not counts under a bound).
 */
export function shareAtOrUnder(h: DelaySource, ns: number): number {
  if (h.count === 0 || h.min > ns) return 0;
  if (h.max <= ns) return 1;
  let low = 0;
  let high = 100;
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (h.percentile(mid) <= ns) low = mid;
    else high = mid;
  }
  return low / 100;
}

/**
 * How late the event loop ran its timers, as a Prometheus histogram in seconds: Node samples the
 * delay (perf_hooks.monitorEventLoopDelay, a native timer every `resolution` ms) and each scrape
 * folds the samples since the last one into cumulative buckets, so any two scrapes give the
 * distribution between them (p50, p99: histogram_quantile) and several scrapers may read it.
 */
export class EventLoopDelay implements Metric {
  readonly buckets = DELAY_BUCKETS;
  /** Per bucket, samples at or under its bound since the start (cumulative, as exposed). */
  private readonly atOrUnder = DELAY_BUCKETS.map(() => 0);
  private count = 0;
  private sum = 0;

  /** `intervalNs`: what the source's samples hold besides the delay (Node's are the time between its timer's runs, the resolution included). */
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly source: DelaySource,
    private readonly intervalNs = 0,
  ) {}

  /** Moves the samples recorded since the last fold into the buckets and empties the source. */
  fold() {
    const h = this.source;
    const n = h.count;
    if (n === 0) return;
    this.buckets.forEach((bound, i) => {
      this.atOrUnder[i] = (this.atOrUnder[i] ?? 0) + Math.round(n * shareAtOrUnder(h, bound * 1e9 + this.intervalNs));
    });
    this.count += n;
    this.sum += (Math.max(0, h.mean - this.intervalNs) * n) / 1e9;
    h.reset();
  }

  render() {
    this.fold();
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    this.buckets.forEach((bound, i) => {
      lines.push(`${this.name}_bucket{le="${formatValue(bound)}"} ${this.atOrUnder[i] ?? 0}`);
    });
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`, `${this.name}_sum ${formatValue(this.sum)}`, `${this.name}_count ${this.count}`);
    return lines;
  }
}

/** The process's own loop, sampled every 10 ms (the native timer does not keep the process alive). */
export function processEventLoopDelay(name: string, help: string): EventLoopDelay {
  const resolutionMs = 10;
  const monitor = monitorEventLoopDelay({ resolution: resolutionMs });
  monitor.enable();
  return new EventLoopDelay(name, help, monitor, resolutionMs * 1e6);
}
