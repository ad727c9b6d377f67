import { describe, expect, it } from 'vitest';
import { diffHtml } from './html-diff';
import { diffLines } from './line-diff';

const read = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
};

describe('the rendered diff', () => {
  it('marks a changed word inside the step it is in, the rest of the structure as the newer rendering has it', () => {
    const before = '<ol class="steps"><li class="step"><p>Open the valve slowly.</p></li><li class="step"><p>Check the pressure.</p></li></ol>';
    const after = '<ol class="steps"><li class="step"><p>Open the valve very slowly.</p></li><li class="step"><p>Check the pressure.</p></li></ol>';
    const diff = diffHtml(before, after);
    expect(diff.changes).toBe(1);
    const box = read(diff.html);
    const ins = box.querySelectorAll('ins');
    expect([...ins].map((e) => e.textContent)).toEqual(['very ']);
    expect(ins[0]?.closest('li')?.textContent).toBe('Open the valve very slowly.');
    expect(ins[0]?.getAttribute('data-change')).toBe('0');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector('del')).toBeNull();
  });

  it('shows a replaced word deleted then inserted, as one change', () => {
    const diff = diffHtml('<p>Torque to 10 Nm.</p>', '<p>Torque to 12 Nm.</p>');
    const box = read(diff.html);
    expect(diff.changes).toBe(1);
    expect(box.querySelector('del')?.textContent).toBe('10 ');
    expect(box.querySelector('ins')?.textContent).toBe('12 ');
    expect(box.querySelector('p')?.textContent).toBe('Torque to 10 12 Nm.');
  });

  it('keeps a whole paragraph added or removed as a paragraph, marked; changes are numbered in order', () => {
    const before = '<p>Keep.</p><p>Gone paragraph.</p><p>Middle.</p>';
    const after = '<p>Keep.</p><p>Middle.</p><p>New paragraph.</p>';
    const diff = diffHtml(before, after);
    expect(diff.changes).toBe(2);
    const box = read(diff.html);
    const removed = box.querySelector('p[data-diff="del"]');
    expect(removed?.textContent).toBe('Gone paragraph.');
    expect(removed?.getAttribute('data-change')).toBe('0');
    const added = box.querySelector('p[data-diff="ins"]');
    expect(added?.textContent).toBe('New paragraph.');
    expect(added?.getAttribute('data-change')).toBe('1');
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Keep.', 'Gone paragraph.', 'Middle.', 'New paragraph.']);
  });

  it('compares Chinese character by character; a new file is all inserted; the same text has no change', () => {
    const zh = diffHtml('<p>缓慢打开阀门。</p>', '<p>非常缓慢打开阀门。</p>');
    expect([...read(zh.html).querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['非常']);
    const fresh = diffHtml('', '<h1>New</h1><p>All of it.</p>');
    expect(fresh.changes).toBe(1);
    expect(read(fresh.html).querySelector('h1[data-diff="ins"]')?.textContent).toBe('New');
    const same = diffHtml('<p>Same <b>text</b>.</p>', '<p>Same <b>text</b>.</p>');
    expect(same).toEqual({ html: '<p>Same <b>text</b>.</p>', changes: 0 });
  });

  it('escapes text and attributes it writes back, and never writes a script', () => {
    const diff = diffHtml('<p>a</p>', '<p title="x&quot;y">a &lt;b&gt;</p><script>alert(1)</script>');
    expect(diff.html).toContain('title="x&quot;y"');
    expect(diff.html).toContain('&lt;b&gt;');
    expect(diff.html).not.toContain('<script');
  });
});

describe('the XML line diff', () => {
  it('numbers kept, deleted and inserted lines on their sides and groups a replacement as one change', () => {
    const { lines, changes } = diffLines('<a>\n  <p>one</p>\n  <p>two</p>\n</a>\n', '<a>\n  <p>one!</p>\n  <p>two</p>\n  <p>three</p>\n</a>\n');
    expect(changes).toBe(2);
    expect(lines.map((l) => `${l.op} ${l.oldNo ?? '-'} ${l.newNo ?? '-'} ${l.change ?? '-'} ${l.text.trim()}`)).toEqual([
      'same 1 1 - <a>',
      'del 2 - 0 <p>one</p>',
      'ins - 2 0 <p>one!</p>',
      'same 3 3 - <p>two</p>',
      'ins - 4 1 <p>three</p>',
      'same 4 5 - </a>',
    ]);
  });
});
