import { describe, expect, it } from 'vitest';
import { cronText, defaultCron, defaultField, parseCron, parseField, previewCron, withField } from './cron';

describe('cron helper model', () => {
  it('starts at second 0 of every minute, weekday not specified', () => {
    expect(cronText(defaultCron())).toBe('0 * * * * ?');
  });

  it('writes each mode', () => {
    const s = defaultCron();
    s.second = { ...defaultField('second'), mode: 'list', values: [30, 0, 30] };
    s.minute = { ...defaultField('minute'), mode: 'step', start: 0, step: 15 };
    s.hour = { ...defaultField('hour'), mode: 'range', from: 18, to: 9 };
    s.day = { ...defaultField('day'), mode: 'last' };
    expect(cronText(s)).toBe('0,30 0/15 9-18 L * ?');
    s.day = { ...defaultField('day'), mode: 'none' };
    s.week = { ...defaultField('week'), mode: 'nth', weekday: 1, nth: 2 };
    expect(cronText(s)).toBe('0,30 0/15 9-18 ? * 1#2');
    s.week = { ...s.week, mode: 'last', weekday: 5 };
    expect(cronText(s)).toBe('0,30 0/15 9-18 ? * 5L');
  });

  it('reads back what it writes, and 5-field expressions with second 0', () => {
    for (const text of ['0 0/5 * * * ?', '0 0 2 1-15 * ?', '0 30 8 ? * 1,2,3,4,5', '0 0 12 L * ?', '0 0 9 ? * 1#2', '15 0 0 ? 1/3 5L']) {
      const state = parseCron(text);
      expect(state, text).not.toBeNull();
      if (state) expect(cronText(state)).toBe(text);
    }
    const five = parseCron('*/10 3 * * *');
    expect(five && cronText(five)).toBe('0 0/10 3 * * *');
  });

  it('refuses syntax beyond the helper', () => {
    expect(parseCron('0 0 12 15W * ?')).toBeNull();
    expect(parseCron('0 0 12 * JAN-MAR ?')).toBeNull();
    expect(parseCron('0 0 99 * * ?')).toBeNull();
    expect(parseCron('0 0 * *')).toBeNull();
    expect(parseField('hour', '?')).toBeNull();
    expect(parseField('minute', 'L')).toBeNull();
  });

  it('keeps day and weekday from restricting together, and never both unspecified', () => {
    let s = defaultCron();
    s = withField(s, 'week', { ...s.week, mode: 'list', values: [1] });
    expect(s.day.mode).toBe('none');
    s = withField(s, 'day', { ...s.day, mode: 'list', values: [15] });
    expect(s.week.mode).toBe('none');
    s = withField(s, 'day', { ...s.day, mode: 'none' });
    expect(s.week.mode).toBe('every');
  });
});

describe('previewCron', () => {
  const from = new Date(2030, 0, 1, 10, 0, 30);

  it('lists the next runs', async () => {
    const preview = await previewCron('0 0 12 * * ?', 5, from);
    expect(preview?.runs.map((d) => [d.getDate(), d.getHours(), d.getMinutes()])).toEqual([
      [1, 12, 0],
      [2, 12, 0],
      [3, 12, 0],
      [4, 12, 0],
      [5, 12, 0],
    ]);
    expect(preview?.tooFrequent).toBe(false);
  });

  it('flags schedules faster than a minute and refuses nonsense', async () => {
    expect((await previewCron('*/10 * * * * ?', 5, from))?.tooFrequent).toBe(true);
    expect(await previewCron('not a cron', 5, from)).toBeNull();
  });
});
