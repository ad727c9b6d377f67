import { describe, expect, it } from 'vitest';
import { sideBySide } from './text-diff';

describe('side-by-side diff', () => {
  it('pairs a replaced line as changed and keeps line numbers on each side', () => {
    const { rows, added, removed } = sideBySide('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(rows.map((r) => r.type)).toEqual(['same', 'changed', 'same', 'added']);
    expect(rows[1]).toEqual({ type: 'changed', left: { no: 2, text: 'b' }, right: { no: 2, text: 'B' } });
    expect(rows[3]).toEqual({ type: 'added', left: null, right: { no: 4, text: 'd' } });
    expect({ added, removed }).toEqual({ added: 2, removed: 1 });
  });

  it('handles empty sides and identical texts', () => {
    expect(sideBySide('', 'x\ny').rows.map((r) => r.type)).toEqual(['added', 'added']);
    expect(sideBySide('x\ny', '').rows.map((r) => r.type)).toEqual(['removed', 'removed']);
    expect(sideBySide('same\n', 'same\n')).toEqual({
      rows: [{ type: 'same', left: { no: 1, text: 'same' }, right: { no: 1, text: 'same' } }],
      added: 0,
      removed: 0,
    });
  });

  it('finds the shortest script in the middle of a long file', () => {
    const before = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const after = [...before.slice(0, 200), 'inserted', ...before.slice(200, 300), ...before.slice(301)];
    const { added, removed, rows } = sideBySide(before.join('\n'), after.join('\n'));
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(rows.filter((r) => r.type !== 'same').map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      [null, 'inserted'],
      ['line 300', null],
    ]);
  });
});
