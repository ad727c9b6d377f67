/**
 * Metrics in Prometheus' text exposition format (version 0.0.4): counters, histograms and values
 * collected when scraped. Small on purpose: the server needs these three kinds and nothing of a
 * client library's push gateways or summaries.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Anything a registry renders: its lines, HELP and TYPE first. */
export interface Metric {
  readonly name: string;
  render(): string[] | Promise<string[]>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function checkNames(name: string, labelNames: readonly string[]) {
  if (!NAME.test(name)) throw new Error(`bad metric name: ${name}`);
  for (const l of labelNames) if (!LABEL.test(l) || l.startsWith('__') || l === 'le') throw new Error(`bad label name on ${name}: ${l}`);
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

function labelText(labels: Record<string, string>): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

const header = (name: string, help: string, type: MetricType) => [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];

/** Label values in the metric's label order, as one map key. */
function keyOf<L extends string>(labelNames: readonly L[], labels: Record<L, string>): string {
  return JSON.stringify(labelNames.map((l) => labels[l]));
}

function ordered<L extends string>(labelNames: readonly L[], labels: Record<L, string>): Record<string, string> {
  return Object.fromEntries(labelNames.map((l) => [l, String(labels[l])]));
}

export class Counter<L extends string = never> implements Metric {
  private readonly values = new Map<string, Sample>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[] = [],
  ) {
    checkNames(name, labelNames);
  }

  inc(labels: Record<L, string>, by = 1) {
    const key = keyOf(this.labelNames, labels);
    const sample = this.values.get(key);
    if (sample) sample.value += by;
    else this.values.set(key, { labels: ordered(this.labelNames, labels), value: by });
  }

  render() {
    return [...header(this.name, this.help, 'counter'), ...[...this.values.values()].map((s) => `${this.name}${labelText(s.labels)} ${formatValue(s.value)}`)];
  }
}

interface Series {
  labels: Record<string, string>;
  /** Per bucket, observations at or under its bound (not yet cumulative). */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram<L extends string = never> implements Metric {
  private readonly series = new Map<string, Series>();
  readonly buckets: readonly number[];
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[],
    buckets: readonly number[],
  ) {
    checkNames(name, labelNames);
    this.buckets = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Record<L, string>, value: number) {
    const key = keyOf(this.labelNames, labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels: ordered(this.labelNames, labels), counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const i = this.buckets.findIndex((b) => value <= b);
    if (i >= 0) s.counts[i] = (s.counts[i] ?? 0) + 1;
    s.sum += value;
    s.count += 1;
  }

  render() {
    const lines = header(this.name, this.help, 'histogram');
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((b, i) => {
        cumulative += s.counts[i] ?? 0;
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: formatValue(b) })} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${formatValue(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

/** A value read when scraped (a queue's depth, the process's memory); one that cannot be read has no samples this scrape. */
export class Collected implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: Exclude<MetricType, 'histogram'>,
    private readonly collect: () => Sample[] | Promise<Sample[]>,
  ) {
    checkNames(name, []);
  }

  async render() {
    const samples = await Promise.resolve()
      .then(this.collect)
      .catch(() => []);
    return [...header(this.name, this.help, this.type), ...samples.map((s) => `${this.name}${labelText(s.labels)} ${formatValue(s.value)}`)];
  }
}

export class Registry {
  private readonly metrics = new Map<string, Metric>();

  register<M extends Metric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** The exposition text of these metrics and `more` (an app's own collectors), newline-terminated. */
  async render(more: readonly Metric[] = []): Promise<string> {
    const blocks = await Promise.all([...this.metrics.values(), ...more].map((m) => m.render()));
    return `${blocks.flat().join('\n')}\n`;
  }
}

/** What Prometheus expects as the Content-Type of this format. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
