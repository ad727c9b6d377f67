import { createHistogram } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { EventLoopDelay, shareAtOrUnder } from './event-loop-delay';
import { metrics } from './metrics';

const ms = (n: number) => n * 1e6;

/** A sample's value in rendered lines (undefined when absent). */
const sampleIn = (lines: string[], key: string) => {
  const found = lines.find((l) => l.startsWith(`${key} `));
  return found === undefined ? undefined : Number(found.slice(key.length + 1));
};

describe('event loop delay', () => {
  it('finds the share of samples at or under a bound', () => {
    const h = createHistogram();
    for (let i = 1; i <= 100; i++) h.record(ms(i));
    expect(shareAtOrUnder(h, ms(0.5))).toBe(0);
    expect(shareAtOrUnder(h, ms(200))).toBe(1);
    // Node's histogram keeps about three significant digits: bounds between samples, not on them.
    expect(shareAtOrUnder(h, ms(50.5))).toBeCloseTo(0.5, 2);
    expect(shareAtOrUnder(h, ms(99.5))).toBeCloseTo(0.99, 2);
  });

  it('folds the samples of each scrape into cumulative buckets in seconds, and empties the source', () => {
    const h = createHistogram();
    const metric = new EventLoopDelay('test_loop_delay_seconds', 'test', h);
    for (let i = 0; i < 90; i++) h.record(ms(0.9));
    for (let i = 0; i < 10; i++) h.record(ms(300));
    const first = metric.render();
    expect(first.slice(0, 2)).toEqual(['# HELP test_loop_delay_seconds test', '# TYPE test_loop_delay_seconds histogram']);
    expect(sampleIn(first, 'test_loop_delay_seconds_bucket{le="0.001"}')).toBe(90);
    expect(sampleIn(first, 'test_loop_delay_seconds_bucket{le="0.2"}')).toBe(90);
    expect(sampleIn(first, 'test_loop_delay_seconds_bucket{le="0.5"}')).toBe(100);
    expect(sampleIn(first, 'test_loop_delay_seconds_bucket{le="+Inf"}')).toBe(100);
    expect(sampleIn(first, 'test_loop_delay_seconds_count')).toBe(100);
    expect(sampleIn(first, 'test_loop_delay_seconds_sum')).toBeCloseTo(3.081, 2);
    expect(h.count).toBe(0);

    // A second scrape adds only what was recorded since; nothing recorded changes nothing.
    h.record(ms(3000));
    const second = metric.render();
    expect(sampleIn(second, 'test_loop_delay_seconds_bucket{le="2"}')).toBe(100);
    expect(sampleIn(second, 'test_loop_delay_seconds_bucket{le="5"}')).toBe(101);
    expect(sampleIn(second, 'test_loop_delay_seconds_count')).toBe(101);
    expect(metric.render()).toEqual(second);
  });

  it('leaves out what the samples hold besides the delay (the interval of the timer sampling it)', () => {
    const h = createHistogram();
    const metric = new EventLoopDelay('test_loop_delay_seconds', 'test', h, ms(10));
    for (let i = 0; i < 9; i++) h.record(ms(10.5));
    h.record(ms(40));
    const lines = metric.render();
    expect(sampleIn(lines, 'test_loop_delay_seconds_bucket{le="0.001"}')).toBe(9);
    expect(sampleIn(lines, 'test_loop_delay_seconds_bucket{le="0.02"}')).toBe(9);
    expect(sampleIn(lines, 'test_loop_delay_seconds_bucket{le="0.05"}')).toBe(10);
    expect(sampleIn(lines, 'test_loop_delay_seconds_sum')).toBeCloseTo(0.0345, 3);
  });

  it("is in the process registry, sampling this process's loop", async () => {
    const busyUntil = Date.now() + 60;
    await new Promise((r) => setTimeout(r, 30));
    while (Date.now() < busyUntil) {
      // hold the loop, so a late timer is sampled
    }
    await new Promise((r) => setTimeout(r, 30));
    const lines = (await metrics.render()).split('\n');
    expect(lines).toContain('# TYPE ccms_event_loop_delay_seconds histogram');
    expect(sampleIn(lines, 'ccms_event_loop_delay_seconds_count')).toBeGreaterThan(0);
    expect(sampleIn(lines, 'ccms_event_loop_delay_seconds_bucket{le="0.02"}')).toBeLessThan(sampleIn(lines, 'ccms_event_loop_delay_seconds_count') ?? 0);
  });
});
