import { describe, expect, it } from 'vitest';
import { fastParseXml } from './fast-xml.js';
import type { XmlNode } from './xml-dom.js';
import { parseXml, parseXmlWithSaxes } from './xml-parser.js';

function shape(n: XmlNode | undefined): unknown {
  if (n === undefined) return null;
  if (n.type === 'text') return n.text;
  return [n.name, n.line, n.column, Object.entries(n.attrs), n.children.map(shape)];
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);

describe('fast XML path', () => {
  const wellFormed = [
    '<?xml version="1.0" encoding="UTF-8"?>\r\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\r\n<concept id="x">\r\n <title>T &amp; &#x41;&#66;</title></concept>\r\n',
    '<a\n x="1"\r\n y="a\tb\nc&#10;d"><b\n/>t&amp;x<![CDATA[c]]>y<!--z-->w<?p q?>v</a>',
    '<a>\r\n<b>x\ry</b>\t<c  d = "1" /><![CDATA[]]></a>',
    '<a x=\'"\' y="\'">&lt;&gt;&quot;&apos;&nbsp;</a>',
  ];
  it.each(wellFormed)('builds the tree saxes builds: %j', (text) => {
    expect(fastParseXml(text, 'f.dita', ENTITIES)).toBeDefined();
    const fast = parseXml(text, 'f.dita');
    const ref = parseXmlWithSaxes(text, 'f.dita');
    expect(shape(fast.root)).toEqual(shape(ref.root));
    expect(fast.doctype).toEqual(ref.doctype);
    expect(fast.problems).toEqual([]);
  });

  const unusual = [
    '<a>&foo;</a>',
    '<a x="1" x="2"/>',
    '<a>]]></a>',
    '<a><b></a>',
    '<a/><b/>',
    '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
    '<a x="<"/>',
    '<a>\u0001</a>',
    '<a>😀</a>',
    'text<a/>',
    '<a><!-- a -- b --></a>',
    '<?xml version="1.1"?><a/>',
  ];
  it.each(unusual)('leaves anything unusual to saxes, problems and all: %j', (text) => {
    expect(fastParseXml(text, 'f.dita', ENTITIES)).toBeUndefined();
    expect(parseXml(text, 'f.dita')).toEqual(parseXmlWithSaxes(text, 'f.dita'));
  });
});
