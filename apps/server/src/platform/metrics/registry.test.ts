import { describe, expect, it } from 'vitest';
import { Collected, Counter, Histogram, Registry } from './registry';

describe('metrics registry', () => {
  it('writes counters with their labels escaped, in the order the metric names them', async () => {
    const registry = new Registry();
    const c = registry.register(new Counter('t_requests_total', 'Requests\nby path \\ status', ['route', 'status']));
    c.inc({ status: '200', route: '/a/"b"\\c\nd' });
    c.inc({ route: '/a/"b"\\c\nd', status: '200' }, 2);
    expect(await registry.render()).toBe(
      [
        '# HELP t_requests_total Requests\\nby path \\\\ status',
        '# TYPE t_requests_total counter',
        't_requests_total{route="/a/\\"b\\"\\\\c\\nd",status="200"} 3',
        '',
      ].join('\n'),
    );
  });

  it('writes histograms with cumulative buckets, +Inf, sum and count', async () => {
    const registry = new Registry();
    const h = registry.register(new Histogram('t_seconds', 'Durations', ['op'], [1, 0.1, 10]));
    for (const v of [0.05, 0.1, 0.5, 20]) h.observe({ op: 'x' }, v);
    expect(await registry.render()).toBe(
      [
        '# HELP t_seconds Durations',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{op="x",le="0.1"} 2',
        't_seconds_bucket{op="x",le="1"} 3',
        't_seconds_bucket{op="x",le="10"} 3',
        't_seconds_bucket{op="x",le="+Inf"} 4',
        't_seconds_sum{op="x"} 20.65',
        't_seconds_count{op="x"} 4',
        '',
      ].join('\n'),
    );
  });

  it('reads collected values when rendered, and leaves out one that cannot be read', async () => {
    const registry = new Registry();
    let depth = 1;
    registry.register(new Collected('t_depth', 'Depth', 'gauge', () => [{ labels: { queue: 'q' }, value: depth }]));
    const failing = new Collected('t_broken', 'Broken', 'gauge', () => Promise.reject(new Error('database closed')));
    depth = 7;
    expect(await registry.render([failing])).toBe(
      ['# HELP t_depth Depth', '# TYPE t_depth gauge', 't_depth{queue="q"} 7', '# HELP t_broken Broken', '# TYPE t_broken gauge', ''].join('\n'),
    );
  });

  it('refuses bad names and a name registered twice', () => {
    const registry = new Registry();
    expect(() => new Counter('bad-name', 'x')).toThrow(/bad metric name/);
    expect(() => new Histogram('t', 'x', ['le'], [1])).toThrow(/bad label name/);
    registry.register(new Counter('t_total', 'x'));
    expect(() => registry.register(new Counter('t_total', 'x'))).toThrow(/registered twice/);
  });
});
