import { describe, expect, it } from 'vitest';
import { insertionXml, relativeHref, targetHref } from './insertions';

describe('relativeHref', () => {
  it('climbs out of the topic folder and into the target folder', () => {
    expect(relativeHref('topics/install/a.dita', 'images/b.png')).toBe('../../images/b.png');
    expect(relativeHref('topics/a.dita', 'topics/b.dita')).toBe('b.dita');
    expect(relativeHref('a.dita', 'images/c.png')).toBe('images/c.png');
    expect(relativeHref('topics/a.dita', 'topics/sub/c.dita')).toBe('sub/c.dita');
  });
});

describe('targetHref', () => {
  it('names the topic and the element; a target in the same file has no file part', () => {
    expect(targetHref('topics/a.dita', { path: 'topics/b.dita', topicId: 'b', elementId: null })).toBe('b.dita#b');
    expect(targetHref('topics/a.dita', { path: 'topics/b.dita', topicId: 'b', elementId: 'p1' })).toBe('b.dita#b/p1');
    expect(targetHref('topics/a.dita', { path: 'topics/a.dita', topicId: 'a', elementId: 's2' })).toBe('#a/s2');
  });
});

describe('insertionXml', () => {
  it('writes each insertion as the element DITA expects, with escaped values', () => {
    expect(insertionXml({ kind: 'xref', href: 'b.dita#b', text: 'A & B' })).toBe('<xref href="b.dita#b">A &amp; B</xref>');
    expect(insertionXml({ kind: 'xref', keyref: 'install' })).toBe('<xref keyref="install"/>');
    expect(insertionXml({ kind: 'image', href: '../images/x.png', alt: 'X' })).toBe('<image href="../images/x.png"><alt>X</alt></image>');
    expect(insertionXml({ kind: 'conref', element: 'p', conref: 'c.dita#c/p1' })).toBe('<p conref="c.dita#c/p1"/>');
    expect(insertionXml({ kind: 'term', keyref: 'gloss-api' })).toBe('<term keyref="gloss-api"/>');
    expect(insertionXml({ kind: 'keyword', keyref: 'product"name' })).toBe('<keyword keyref="product&quot;name"/>');
  });
});
