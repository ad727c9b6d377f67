import { describe, expect, it } from 'vitest';
import { applyTab, parseOutline } from './outline';

describe('toc fast-create outline', () => {
  it('tabs set the level; "title | topic" names an existing topic; blank lines are skipped', () => {
    const parsed = parseOutline('Guide\n\tInstall | topics/install.dita\n\t\tLinux\n\n\tUse\nAppendix | 42\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.count).toBe(5);
    expect(parsed.newTopics).toBe(3);
    expect(parsed.nodes.map((n) => [n.title, n.topic, n.level])).toEqual([
      ['Guide', '', 0],
      ['Appendix', '42', 0],
    ]);
    const guide = parsed.nodes[0];
    expect(guide?.children.map((n) => [n.title, n.topic, n.line])).toEqual([
      ['Install', 'topics/install.dita', 2],
      ['Use', '', 5],
    ]);
    expect(guide?.children[0]?.children.map((n) => n.title)).toEqual(['Linux']);
  });

  it('a line two levels deeper than the one above, or without a title, is a problem with its line number', () => {
    const parsed = parseOutline('Top\n\t\tToo deep\n | topics/a.dita\n\tChild');
    expect(parsed.problems).toEqual([
      { line: 2, kind: 'badIndent' },
      { line: 3, kind: 'emptyTitle' },
    ]);
    expect(parsed.nodes[0]?.children.map((n) => n.title)).toEqual(['Child']);
    expect(parseOutline('\tStarts indented').problems).toEqual([{ line: 1, kind: 'badIndent' }]);
  });

  it('Tab inserts a tab at the caret', () => {
    expect(applyTab('ab\ncd', 3, 3, false)).toEqual({ value: 'ab\n\tcd', selectionStart: 4, selectionEnd: 4 });
    // A selection inside one line is replaced, like typing.
    expect(applyTab('abcd', 1, 3, false)).toEqual({ value: 'a\td', selectionStart: 2, selectionEnd: 2 });
  });

  it('Tab over several lines indents each; Shift+Tab takes one level off each', () => {
    const indented = applyTab('a\nb\nc', 0, 3, false);
    expect(indented.value).toBe('\ta\n\tb\nc');
    expect(indented.selectionStart).toBe(1);
    expect(indented.selectionEnd).toBe(5);
    const back = applyTab('\ta\n\t\tb\nc', 1, 6, true);
    expect(back.value).toBe('a\n\tb\nc');
    expect(applyTab('x\n\ty', 4, 4, true)).toEqual({ value: 'x\ny', selectionStart: 3, selectionEnd: 3 });
  });
});
