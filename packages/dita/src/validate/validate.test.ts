import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CONCEPT, MAP, TASK } from '../../test/fixture-helpers.js';
import { check } from '../publish/check.js';
import { MemorySource } from '../source/file-source.js';
import { parseXml } from '../xml/xml-parser.js';
import { DEFAULT_CATALOG, validationProblems } from './dtd-validator.js';
import { checkStructure } from './structure-rules.js';

const files = {
  'map.ditamap': MAP('<topicref href="t.dita"/><topicref href="c.dita"/>'),
  't.dita': TASK('t', 'Task', '<steps><step><info>no cmd first</info><cmd>Do</cmd></step></steps>\n<p>para in taskbody</p>'),
  'c.dita': CONCEPT('c', 'C', '<ul><p>not an item</p></ul>'),
};

/** "file:line:column message" strings in document order. */
function byPosition(a: string, b: string): number {
  const pos = (s: string) => (/^[^:]*:(\d+):(\d+)/.exec(s) ?? []).slice(1).map(Number);
  const [al = 0, ac = 0] = pos(a);
  const [bl = 0, bc = 0] = pos(b);
  return al - bl || ac - bc;
}

describe('validation', () => {
  it('checks element nesting with built-in rules when there is no DTD', async () => {
    const r = await check({ source: new MemorySource(files), map: 'map.ditamap', dtd: false });
    expect(r.ruleValidated).toBe(3);
    expect(r.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
      'c.dita:3:46 <p> is not allowed in <ul>',
      't.dita:3:50 <step> must start with <cmd>',
      't.dita:4:1 <p> is not allowed in <taskbody>',
    ]);
  });

  it('requires a title first in topics', () => {
    const root = parseXml('<concept id="x"><shortdesc>s</shortdesc><title>late</title></concept>', 'x.dita').root;
    expect(root && checkStructure(root).map((p) => p.message)).toEqual(['<concept> must start with <title>']);
  });

  it('checks topic bodies: block content, section nesting and titles, part order', () => {
    const rules = (xml: string) => {
      const root = parseXml(xml, 'x.dita').root;
      return root === undefined
        ? []
        : checkStructure(root)
            .map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)
            .sort(byPosition);
    };
    expect(
      rules(`<concept id="c"><title>C</title><conbody><p>ok</p><section><title>S</title><section>nested</section></section>
<section>text first <title>Late</title></section>
<example><title>A</title><title>B</title></example><p>after sections</p><li>stray</li></conbody><shortdesc>late</shortdesc></concept>`),
    ).toEqual([
      'x.dita:1:76 <section> is not allowed in <section>',
      'x.dita:2:21 <title> must come first in <section>',
      'x.dita:3:26 <example> may have only one <title>',
      'x.dita:3:52 <p> is not allowed after <section> in <conbody>',
      'x.dita:3:73 <li> is not allowed in <conbody>',
      'x.dita:3:97 <shortdesc> must come before <conbody> in <concept>',
    ]);
    expect(rules('<topic id="t"><title>T</title><body><li>x</li><section><title>S</title><p>fine</p></section></body></topic>')).toEqual([
      'x.dita:1:37 <li> is not allowed in <body>',
    ]);
    expect(rules('<reference id="r"><title>R</title><refbody><p>x</p><section><p>y</p></section></refbody><refbody/></reference>')).toEqual([
      'x.dita:1:44 <p> is not allowed in <refbody>',
      'x.dita:1:89 <refbody> may appear only once in <reference>',
    ]);
  });

  it('checks map and topicref nesting', () => {
    const root = parseXml(
      `<map><title>M</title><p>para</p>
<topicref href="a.dita"><topicmeta><navtitle>A</navtitle><topicref href="x.dita"/></topicmeta><title>no</title><topicref href="b.dita"/></topicref>
<reltable><relrow><relcell><topicref href="a.dita"/></relcell></relrow></reltable><topichead navtitle="H"><topicgroup><topicref href="c.dita"/></topicgroup></topichead></map>`,
      'm.ditamap',
    ).root;
    expect(root && checkStructure(root).map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
      'm.ditamap:1:22 <p> is not allowed in <map>',
      'm.ditamap:2:95 <title> is not allowed in <topicref>',
      'm.ditamap:2:58 <topicref> is not allowed in <topicmeta>: it belongs in a map, a topicref or a relationship table cell',
    ]);
    const book = parseXml(
      '<bookmap><booktitle><mainbooktitle>B</mainbooktitle></booktitle><chapter href="c.dita"><p>no</p></chapter></bookmap>',
      'b.ditamap',
    ).root;
    expect(book && checkStructure(book).map((p) => p.message)).toEqual(['<p> is not allowed in <chapter>']);
  });

  it.skipIf(!existsSync(DEFAULT_CATALOG))('validates against the DITA 1.2 DTDs through the OASIS catalog', async () => {
    const r = await check({ source: new MemorySource(files), map: 'map.ditamap' });
    expect(r.dtdValidated).toBe(3);
    // Each invalid element is reported where it starts (libxml2 gives the line; the column is looked up).
    expect(r.problems.map((p) => `${p.code} ${p.file}:${p.line}:${p.column} ${p.message.split(',')[0]}`)).toEqual([
      'dtd-invalid c.dita:3:42 Element ul content does not follow the DTD',
      'dtd-invalid t.dita:3:33 Element taskbody content does not follow the DTD',
      'dtd-invalid t.dita:3:50 Element step content does not follow the DTD',
    ]);
    const ok = await check({
      source: new MemorySource({ 'map.ditamap': MAP('<topicref href="c.dita"/>'), 'c.dita': CONCEPT('c', 'C', '<p>fine</p>') }),
      map: 'map.ditamap',
    });
    expect(ok.problems).toEqual([]);
  });

  it.skipIf(!existsSync(DEFAULT_CATALOG))('counts a document as invalid when libxml2 fails without details', async () => {
    const lib = await import('libxml2-wasm');
    const spy = vi.spyOn(lib.DtdValidator.prototype, 'validate').mockImplementation(() => {
      throw new Error('out of memory\nat wasm');
    });
    try {
      const r = await check({
        source: new MemorySource({ 'map.ditamap': MAP('<topicref href="c.dita"/>'), 'c.dita': CONCEPT('c', 'C', '<p>fine</p>') }),
        map: 'map.ditamap',
      });
      expect(spy).toHaveBeenCalled();
      expect(r.problems).toEqual([
        { severity: 'error', code: 'dtd-invalid', message: 'DTD validation failed: out of memory', file: 'c.dita', line: 1, column: 1 },
        { severity: 'error', code: 'dtd-invalid', message: 'DTD validation failed: out of memory', file: 'map.ditamap', line: 1, column: 1 },
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('turns a detail-less error into a located problem', () => {
    expect(validationProblems(new Error('boom'), 'x.dita')).toEqual([
      { severity: 'error', code: 'dtd-invalid', message: 'DTD validation failed: boom', file: 'x.dita', line: 1, column: 1 },
    ]);
    expect(validationProblems({ details: [] }, 'x.dita')).toHaveLength(1);
    expect(validationProblems({ details: [{ message: ' bad \n', line: 4, col: 0 }] }, 'x.dita')).toEqual([
      { severity: 'error', code: 'dtd-invalid', message: 'bad', file: 'x.dita', line: 4, column: 1 },
    ]);
  });

  it('falls back to the rules when the named catalog is missing', async () => {
    const r = await check({ source: new MemorySource(files), map: 'map.ditamap', catalog: '/nonexistent/catalog.xml' });
    expect(r.problems[0]).toMatchObject({ code: 'catalog-unusable' });
    expect(r.ruleValidated).toBe(3);
  });
});
