import { describe, expect, it } from 'vitest';
import { elementPathAt, isWellFormed, offsetOfPath } from './element-path';

const xml = '<?xml version="1.0"?>\n<!-- c -->\n<topic id="t"><title>T</title><body><p>one</p><p>two <b>bold</b></p></body></topic>\n';

describe('element paths', () => {
  it('names the element at an offset and finds it again in an edited text', () => {
    const at = xml.indexOf('bold');
    expect(elementPathAt(xml, at)).toEqual([1, 1, 0]);
    const edited = xml.replace('<p>one</p>', '<p>one, longer now</p>');
    const offset = offsetOfPath(edited, [1, 1, 0]);
    expect(edited.slice(offset, offset + 4)).toBe('bold');
  });

  it('stops at the deepest element the other text still has', () => {
    const offset = offsetOfPath(xml, [1, 5, 2]);
    expect(xml.slice(offset, offset + 3)).toBe('<p>');
    expect(elementPathAt(xml, 0)).toEqual([]);
  });

  it('tells well-formed text from broken text', () => {
    expect(isWellFormed(xml)).toBe(true);
    expect(isWellFormed('<topic><p></topic>')).toBe(false);
  });
});
