import { describe, expect, it } from 'vitest';
import { parseXml } from './xml-parser.js';

describe('parseXml', () => {
  it('keeps the line and column of every element and the doctype', () => {
    const r = parseXml(
      '<?xml version="1.0"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="a">\n  <title>Hi&nbsp;there</title></concept>',
      'a.dita',
    );
    expect(r.problems).toEqual([]);
    expect(r.doctype).toEqual({ rootName: 'concept', publicId: '-//OASIS//DTD DITA Concept//EN', systemId: 'concept.dtd' });
    const title = r.root?.children.find((c) => c.type === 'element');
    expect(title?.type === 'element' && [title.name, title.line, title.column]).toEqual(['title', 4, 3]);
    expect(r.root?.line).toBe(3);
  });

  it('reports malformed XML with its location and no root', () => {
    const r = parseXml('<a>\n <b></a>', 'bad.dita');
    expect(r.root).toBeUndefined();
    expect(r.problems).toMatchObject([{ severity: 'error', code: 'xml-malformed', file: 'bad.dita', line: 2, column: 8 }]);
  });
});
