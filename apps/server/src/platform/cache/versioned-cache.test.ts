import { describe, expect, it } from 'vitest';
import { versionedCache } from './versioned-cache';

describe('versioned cache', () => {
  it('serves a value while its stamp is current, computes again when the stamp moves, keeps the most recently used', async () => {
    const cache = versionedCache<string>(2);
    let computed = 0;
    const compute = (v: string) => async () => {
      computed++;
      return v;
    };
    expect(await cache.get('a', '1', compute('a1'))).toEqual({ value: 'a1', hit: false });
    expect(await cache.get('a', '1', compute('other'))).toEqual({ value: 'a1', hit: true });
    expect(await cache.get('a', '2', compute('a2'))).toEqual({ value: 'a2', hit: false });
    expect(computed).toBe(2);
    // Two requests at once for a new stamp share one computation.
    const both = await Promise.all([cache.get('b', '1', compute('b1')), cache.get('b', '1', compute('b1 again'))]);
    expect(both.map((r) => r.value)).toEqual(['b1', 'b1']);
    expect(computed).toBe(3);
    await cache.get('a', '2', compute('x'));
    await cache.get('c', '1', compute('c1'));
    // At most two entries: b, the least recently used, went.
    expect(cache.size()).toBe(2);
    expect(cache.has('b', '1')).toBe(false);
    expect(cache.has('a', '2')).toBe(true);
  });

  it('does not keep a failed computation', async () => {
    const cache = versionedCache<number>(4);
    await expect(
      cache.get('k', '1', async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(cache.has('k', '1')).toBe(false);
    expect(await cache.get('k', '1', async () => 7)).toEqual({ value: 7, hit: false });
  });
});
