import { describe, expect, it } from 'vitest';
import { mergeThreeWay } from './three-way';

const base = ['<topic id="t">', '<title>T</title>', '<body>', '<p>one</p>', '<p>two</p>', '<p>three</p>', '<p>four</p>', '</body>', '</topic>', ''].join('\n');
const edit = (from: string, to: string) => base.replace(from, to);

describe('mergeThreeWay', () => {
  it('combines changes to different lines', () => {
    const merged = mergeThreeWay(base, edit('<p>one</p>', '<p>ONE</p>'), edit('<p>four</p>', '<p>FOUR</p>'));
    expect(merged).toEqual({ clean: true, text: base.replace('<p>one</p>', '<p>ONE</p>').replace('<p>four</p>', '<p>FOUR</p>') });
  });

  it('refuses changes to the same line', () => {
    expect(mergeThreeWay(base, edit('<p>two</p>', '<p>theirs</p>'), edit('<p>two</p>', '<p>ours</p>'))).toEqual({
      clean: false,
      theirsLines: [{ from: 5, to: 5 }],
    });
  });

  it('names the lines of theirs that conflict: each conflict, and the line in the place of lines they removed', () => {
    const theirs = edit('<p>two</p>\n', '').replace('<p>four</p>', '<p>FOUR, theirs</p>');
    const ours = edit('<p>two</p>', '<p>TWO, ours</p>').replace('<p>four</p>', '<p>FOUR, ours</p>');
    expect(mergeThreeWay(base, theirs, ours)).toEqual({
      clean: false,
      theirsLines: [
        { from: 5, to: 5 },
        { from: 6, to: 6 },
      ],
    });
  });

  it('takes the same change made on both sides once', () => {
    const both = edit('<p>two</p>', '<p>same</p>');
    expect(mergeThreeWay(base, both, both)).toEqual({ clean: true, text: both });
  });
});
