/** The team benchmark's figures: per-kind percentiles, the phase summary and the server's event-loop delay from its /metrics. */
import { type Kind, READ_KINDS, type Sample } from './mix';

const KINDS: readonly Kind[] = [...READ_KINDS, 'save', 'reopen'];
/** Issue 36's targets on PostgreSQL at 50 clients. */
export const TARGETS = { readRatio: 5, readMs: 1000, saveMs: 3000, rps: 50 };

export interface KindStats {
  count: number;
  errors: number;
  p50: number;
  p95: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Per kind: how many, how many failed (refused saves are not failures), p50 and p95 in ms. */
export function byKind(samples: readonly Sample[]): Map<Kind, KindStats> {
  const out = new Map<Kind, KindStats>();
  for (const kind of KINDS) {
    const of = samples.filter((s) => s.kind === kind);
    if (of.length === 0) continue;
    const sorted = of.map((s) => s.ms).sort((a, b) => a - b);
    out.set(kind, { count: of.length, errors: of.filter((s) => s.outcome === 'error').length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) });
  }
  return out;
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1)).padStart(8);

/** The one-client baselines, before and after the loaded phases, side by side. */
export function printBaselines(label: string, before: Map<Kind, KindStats>, after: Map<Kind, KindStats> | undefined) {
  console.log(`${label} one client, each kind alone        before p50   p95   |  after p50   p95   (n, errors)`);
  for (const kind of KINDS) {
    const b = before.get(kind);
    const a = after?.get(kind);
    if (!b && !a) continue;
    console.log(
      `${label}   ${kind.padEnd(34)} ${ms(b?.p50)} ${ms(b?.p95)} | ${ms(a?.p50)} ${ms(a?.p95)}   (${b?.count ?? 0}/${a?.count ?? 0}, ${(b?.errors ?? 0) + (a?.errors ?? 0)})`,
    );
  }
}

/** The loaded phase per kind: count, errors, p50, p95, the ratio of its p95 to the one-client p95 before, and the target's verdict. */
export function printPhase(label: string, mode: string, stats: Map<Kind, KindStats>, before: Map<Kind, KindStats>) {
  console.log(`${label} ${mode.padEnd(6)} kind          count  errors      p50      p95   ×1-client p95   target`);
  for (const [kind, s] of stats) {
    const base = before.get(kind);
    const ratio = base ? s.p95 / base.p95 : Number.NaN;
    let verdict = '';
    if ((READ_KINDS as readonly string[]).includes(kind)) {
      const ok = ratio <= TARGETS.readRatio && s.p95 <= TARGETS.readMs;
      verdict = `≤${TARGETS.readRatio}× and ≤${TARGETS.readMs} ms: ${ok ? 'meets' : 'MISSES'}`;
    } else if (kind === 'save' && mode === 'own') verdict = `≤${TARGETS.saveMs} ms: ${s.p95 <= TARGETS.saveMs ? 'meets' : 'MISSES'}`;
    console.log(
      `${label} ${mode.padEnd(6)} ${kind.padEnd(12)} ${String(s.count).padStart(6)} ${String(s.errors).padStart(7)} ${ms(s.p50)} ${ms(s.p95)} ${(Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`).padStart(14)}   ${verdict}`,
    );
  }
}

/** Saves by outcome. */
export function saveOutcomes(samples: readonly Sample[]) {
  const saves = samples.filter((s) => s.kind === 'save');
  const n = (o: Sample['outcome']) => saves.filter((s) => s.outcome === o).length;
  return { landed: n('landed'), refused: n('refused'), unchanged: n('unchanged'), errors: n('error') };
}

/** The server's cumulative event-loop delay histogram: bucket bound (s) to samples at or under it. */
export type LoopHistogram = Map<number, number>;

export async function readLoopDelay(opsBase: string): Promise<LoopHistogram> {
  const text = await (await fetch(`${opsBase}/metrics`)).text();
  const out: LoopHistogram = new Map();
  for (const m of text.matchAll(/^ccms_event_loop_delay_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) {
    out.set(m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]), Number(m[2]));
  }
  if (out.size === 0) throw new Error('the server exposes no ccms_event_loop_delay_seconds');
  return out;
}

/**
 * The delay between two reads: p50 and p99 interpolated inside their buckets as Prometheus'
 * histogram_quantile does, and the bound of the highest bucket a sample fell in (max ≤ it).
 */
export function loopDelayBetween(before: LoopHistogram, after: LoopHistogram): string {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const cumulative = bounds.map((b) => (after.get(b) ?? 0) - (before.get(b) ?? 0));
  const total = cumulative.at(-1) ?? 0;
  if (total === 0) return 'event-loop delay: no samples';
  const quantile = (q: number) => {
    const rank = q * total;
    const i = cumulative.findIndex((c) => c >= rank);
    const upper = bounds[i] ?? Number.POSITIVE_INFINITY;
    const lower = i > 0 ? (bounds[i - 1] ?? 0) : 0;
    if (upper === Number.POSITIVE_INFINITY) return `>${(lower * 1000).toFixed(0)}`;
    const below = i > 0 ? (cumulative[i - 1] ?? 0) : 0;
    const inBucket = (cumulative[i] ?? 0) - below;
    return (1000 * (lower + ((upper - lower) * (rank - below)) / Math.max(1, inBucket))).toFixed(1);
  };
  const top = bounds.findIndex((_, i) => (cumulative[i] ?? 0) === total);
  const max = bounds[top] === Number.POSITIVE_INFINITY ? `>${(bounds[top - 1] ?? 0) * 1000}` : `≤${(bounds[top] ?? 0) * 1000}`;
  return `event-loop delay (server, ${total} samples): p50 ${quantile(0.5)} ms, p99 ${quantile(0.99)} ms, max ${max} ms`;
}
