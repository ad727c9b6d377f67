import { describe, expect, it } from 'vitest';
import { durationParts, formatBytes, prettyJson } from './format';

describe('monitor formats', () => {
  it('prints bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(25_276_502_016)).toBe('23.54 GB');
  });

  it('splits durations into up to three leading units', () => {
    expect(durationParts(0)).toEqual([[0, 'seconds']]);
    expect(durationParts(59)).toEqual([[59, 'seconds']]);
    expect(durationParts(3600)).toEqual([[1, 'hours']]);
    expect(durationParts(93_784)).toEqual([
      [1, 'days'],
      [2, 'hours'],
      [3, 'minutes'],
    ]);
  });

  it('indents JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyJson('userName=admin')).toBe('userName=admin');
    expect(prettyJson('')).toBe('');
  });
});
