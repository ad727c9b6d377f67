import { describe, expect, it } from 'vitest';
import { conflictCount, hasConflictMarkers, mergedText, mergeHunks } from './merge-hunks';

const base = ['<topic id="t">', '<title>T</title>', '<body>', '<p>one</p>', '<p>two</p>', '<p>three</p>', '</body>', '</topic>'].join('\n');
const edit = (from: string, to: string) => base.replace(from, to);

describe('mergeHunks', () => {
  it('finds no conflict when the two sides changed different lines', () => {
    const hunks = mergeHunks(base, edit('<p>one</p>', '<p>ONE</p>'), edit('<p>three</p>', '<p>THREE</p>'));
    expect(conflictCount(hunks)).toBe(0);
    expect(mergedText(hunks, {})).toBe(base.replace('<p>one</p>', '<p>ONE</p>').replace('<p>three</p>', '<p>THREE</p>'));
  });

  it('shows an overlapping change as one conflict and writes the picked side', () => {
    const hunks = mergeHunks(base, edit('<p>two</p>', '<p>theirs</p>'), edit('<p>two</p>', '<p>mine</p>'));
    expect(conflictCount(hunks)).toBe(1);
    expect(mergedText(hunks, { 0: 'theirs' })).toBe(edit('<p>two</p>', '<p>theirs</p>'));
    expect(mergedText(hunks, { 0: 'ours' })).toBe(edit('<p>two</p>', '<p>mine</p>'));
    expect(mergedText(hunks, { 0: 'both' })).toBe(edit('<p>two</p>', '<p>theirs</p>\n<p>mine</p>'));
  });

  it('marks a conflict not picked yet, so the result cannot be saved as is', () => {
    const hunks = mergeHunks(base, edit('<p>two</p>', '<p>theirs</p>'), edit('<p>two</p>', '<p>mine</p>'));
    const text = mergedText(hunks, {});
    expect(hasConflictMarkers(text)).toBe(true);
    expect(text).toContain('<p>theirs</p>');
    expect(text).toContain('<p>mine</p>');
    expect(hasConflictMarkers(mergedText(hunks, { 0: 'ours' }))).toBe(false);
  });

  it('treats the same change made on both sides as no conflict', () => {
    const same = edit('<p>two</p>', '<p>2</p>');
    const hunks = mergeHunks(base, same, same);
    expect(conflictCount(hunks)).toBe(0);
    expect(mergedText(hunks, {})).toBe(same);
  });
});
