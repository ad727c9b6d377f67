import { describe, expect, it } from 'vitest';
import { turns } from './turns.js';

describe('turns', () => {
  it('lets the event loop go round between callers that would otherwise run back to back', async () => {
    const turn = turns(0);
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    // Like Promise.all over files whose reads are in memory: every caller starts at once.
    await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        await turn();
        order.push(`file ${i}`);
      }),
    );
    expect(order.indexOf('other work')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('file 4'));
    // The callers keep their order.
    expect(order.filter((o) => o.startsWith('file'))).toEqual(['file 0', 'file 1', 'file 2', 'file 3', 'file 4']);
  });

  it('does not break before the slice is used up', async () => {
    const turn = turns(60_000);
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    for (let i = 0; i < 5; i++) {
      await turn();
      order.push(`file ${i}`);
    }
    expect(order).toEqual(['file 0', 'file 1', 'file 2', 'file 3', 'file 4']);
  });
});
