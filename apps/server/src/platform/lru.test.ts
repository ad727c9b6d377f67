import { describe, expect, it } from 'vitest';
import { keepNewest } from './lru';

describe('keepNewest', () => {
  it('keeps the most recently put entries, dropping the least recently put beyond the limit', () => {
    const map = new Map<string, number>();
    keepNewest(map, 'a', 1, 2);
    keepNewest(map, 'b', 2, 2);
    // Put again: now the newest, so b is the oldest.
    keepNewest(map, 'a', 3, 2);
    keepNewest(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
