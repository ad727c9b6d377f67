import { afterEach, describe, expect, it, vi } from 'vitest';
import { phaseTrace, saveTrace } from './phase-trace';

describe('phaseTrace', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    performance.clearMeasures();
  });

  it('times each phase from the previous mark, adds up a phase marked twice, and tells each mark', () => {
    let now = 100;
    const told: [string, number, number][] = [];
    const trace = phaseTrace({ on: true, clock: () => now, onMark: (phase, start, end) => told.push([phase, start, end]) });
    now = 130;
    trace.mark('fetch');
    now = 150;
    trace.mark('build');
    now = 155;
    trace.mark('fetch');
    expect(trace.phases).toEqual({ fetch: 35, build: 20 });
    expect(told).toEqual([
      ['fetch', 100, 130],
      ['build', 130, 150],
      ['fetch', 150, 155],
    ]);
  });

  it('leaves out what ran before a restart, times overlapping steps apart, and records times measured elsewhere', async () => {
    let now = 0;
    const trace = phaseTrace({ on: true, clock: () => now });
    now = 40;
    const value = await trace.timed(
      'settings',
      Promise.resolve().then(() => {
        now = 55;
        return 'read';
      }),
    );
    expect(value).toBe('read');
    trace.restart();
    expect(trace.since()).toBe(55);
    now = 60;
    trace.mark('checkout');
    trace.record('queue', 7);
    expect(trace.phases).toEqual({ settings: 15, checkout: 5, queue: 7 });
  });

  it('records nothing when off', async () => {
    const onMark = vi.fn();
    const trace = phaseTrace({ on: false, onMark, loopDelay: true });
    trace.mark('one');
    trace.record('two', 3);
    await trace.timed('three', Promise.resolve(1));
    trace.end();
    expect(trace.phases).toEqual({});
    expect(onMark).not.toHaveBeenCalled();
  });

  it('records the longest the event loop was held when asked to watch it', () => {
    const trace = phaseTrace({ on: true, loopDelay: true });
    trace.end();
    expect(trace.phases['loop-max']).toBeGreaterThanOrEqual(0);
  });

  it('writes an editor save as ccms.save.<phase> measures only when CCMS_SAVE_TRACE is set', () => {
    saveTrace().mark('quiet');
    expect(performance.getEntriesByType('measure').filter((m) => m.name.startsWith('ccms.save.'))).toEqual([]);
    vi.stubEnv('CCMS_SAVE_TRACE', '1');
    const trace = saveTrace();
    trace.mark('validate');
    trace.mark('commit-push');
    expect(performance.getEntriesByType('measure').map((m) => m.name)).toEqual(['ccms.save.validate', 'ccms.save.commit-push']);
  });
});
