import { describe, expect, it } from 'vitest';
import { elementPathAtOffset, elementPathAtPos, offsetOfElementPath, posOfElementPath } from '../topic-editor/model/element-path';
import { convertXml } from '../topic-editor/model/to-editor';
import { allowedAttributes, allowedChildren } from '../topic-editor/source/dita-grammar';
import { parseXml, serialize } from './lossless-xml';

describe('lossless XML', () => {
  it('keeps declaration, DOCTYPE subset, comments, PIs, entities, CDATA and quoting', () => {
    const xml = `<?xml version='1.0'?>\n<!DOCTYPE topic [ <!ENTITY p "x"> <!-- ] --> ]>\n<?pi a?>\n<topic  a = 'b'\tc="&amp;d"><![CDATA[<x>]]>&p;&#160;<!-- c --></topic >\n`;
    const doc = parseXml(xml);
    expect(doc.errors).toEqual([]);
    expect(serialize(doc)).toBe(xml);
    expect(doc.doctype?.internalSubset).toContain('<!ENTITY p "x">');
    expect(doc.root?.attrs.map((a) => [a.name, a.value, a.quote])).toEqual([
      ['a', 'b', "'"],
      ['c', '&d', '"'],
    ]);
    expect(doc.root?.children.map((c) => c.type)).toEqual(['cdata', 'entity', 'entity', 'comment']);
  });

  it('reports well-formedness errors with line and column', () => {
    const cases: Array<[string, string, number, number]> = [
      ['<topic>\n  <p>a</b>\n</topic>', 'xml.unexpectedEndTag', 2, 7],
      ['<topic>\n  <p>a & b</p>\n</topic>', 'xml.badEntity', 2, 8],
      ['<topic id="a" id="b"/>', 'xml.duplicateAttribute', 1, 15],
      ['<topic>\n<p>\n</topic>', 'xml.mismatchedEndTag', 2, 1],
      ['<topic a=b/>', 'xml.attrNotQuoted', 1, 10],
      ['<topic/>\n<more/>', 'xml.multipleRoots', 2, 1],
      ['<topic>\n  <!-- a -- b -->\n</topic>', 'xml.doubleHyphenInComment', 2, 10],
    ];
    for (const [xml, code, line, column] of cases) {
      const doc = parseXml(xml);
      expect(serialize(doc)).toBe(xml);
      expect(
        doc.errors.find((e) => e.code === code),
        `${code} in ${xml}`,
      ).toMatchObject({ line, column });
    }
  });
});

describe('source view grammar', () => {
  it('offers the children and attributes allowed at a place', () => {
    expect(allowedChildren('step')).toEqual(expect.arrayContaining(['cmd', 'info', 'substeps', 'choices', 'stepresult', 'note']));
    expect(allowedChildren('step')).not.toContain('p');
    expect(allowedChildren('taskbody')).toEqual(expect.arrayContaining(['prereq', 'context', 'steps', 'steps-unordered', 'result', 'postreq']));
    expect(allowedChildren('p')).toEqual(expect.arrayContaining(['b', 'xref', 'keyword', 'image', 'uicontrol']));
    expect(allowedChildren('tgroup')).toEqual(expect.arrayContaining(['colspec', 'thead', 'tbody', 'row']));
    expect(allowedAttributes('note')).toEqual(expect.arrayContaining(['type', 'id', 'audience', 'product', 'props', 'otherprops']));
    expect(allowedAttributes('xref')).toContain('keyref');
  });
});

describe('element paths', () => {
  const xml = '<topic id="t"><title>T</title><body><p>one</p><!-- c --><ul><li>a</li><li>b</li></ul></body></topic>';
  it('maps a source offset to an element path and back', () => {
    const offset = xml.indexOf('b</li>');
    const path = elementPathAtOffset(xml, offset);
    expect(path).toEqual([
      { name: 'topic', index: 0 },
      { name: 'body', index: 1 },
      { name: 'ul', index: 1 },
      { name: 'li', index: 1 },
    ]);
    expect(offsetOfElementPath(xml, path)).toBe(offset);
  });
  it('maps the same path to the visual document and back', () => {
    const doc = convertXml(xml).pmDoc;
    const path = elementPathAtOffset(xml, xml.indexOf('b</li>'));
    const pos = posOfElementPath(doc, path);
    expect(doc.resolve(pos).parent.textContent).toBe('b');
    expect(elementPathAtPos(doc, pos)).toEqual(path);
  });
});
