import { describe, expect, it } from 'vitest';
import { isImagePath, isXmlPath, tokenizeXml } from './xml-highlight';

const join = (s: string) =>
  tokenizeXml(s)
    .map((t) => t.text)
    .join('');

describe('tokenizeXml', () => {
  it('gives back the input exactly, broken XML too', () => {
    for (const s of [
      '<?xml version="1.0"?>\n<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">\n<topic id="t1"><title>Hi &amp; bye</title><!-- c --></topic>',
      '<a b="1" c=\'2\' d/>',
      '<unclosed attr="x',
      'plain < text > here',
      '<![CDATA[ <not a tag> ]]>',
      '',
    ]) {
      expect(join(s)).toBe(s);
    }
  });

  it('marks tag names, attributes, values, comments', () => {
    const tokens = tokenizeXml('<topic id="t1"><!-- note --></topic>');
    expect(tokens.filter((t) => t.kind === 'tag').map((t) => t.text)).toEqual(['topic', 'topic']);
    expect(tokens.find((t) => t.kind === 'attr')?.text).toBe('id');
    expect(tokens.find((t) => t.kind === 'value')?.text).toBe('"t1"');
    expect(tokens.find((t) => t.kind === 'comment')?.text).toBe('<!-- note -->');
  });

  it('knows XML and image files by extension', () => {
    expect(isXmlPath('topics/a.dita')).toBe(true);
    expect(isXmlPath('maps/m.DITAMAP')).toBe(true);
    expect(isXmlPath('a.png')).toBe(false);
    expect(isImagePath('img/a.JPG')).toBe(true);
    expect(isImagePath('a.dita')).toBe(false);
  });
});
