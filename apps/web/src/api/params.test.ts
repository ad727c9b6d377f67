import { describe, expect, it } from 'vitest';
import { flattenParams } from './params';

describe('flattenParams', () => {
  it('encodes names and values, nests objects as key[sub], drops empty values', () => {
    expect(flattenParams({ a: 1, b: 'x y', c: '', d: null, e: undefined, f: false })).toBe('a=1&b=x%20y&f=false');
    expect(flattenParams({ params: { beginTime: '2024-01-01', endTime: '2024-02-01', x: '' } })).toBe(
      'params%5BbeginTime%5D=2024-01-01&params%5BendTime%5D=2024-02-01',
    );
    expect(flattenParams({})).toBe('');
  });
});
