import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, TASK } from '../../test/fixture-helpers.js';
import { check } from '../publish/check.js';
import { MemorySource } from '../source/file-source.js';
import { parseXml } from '../xml/xml-parser.js';
import { DEFAULT_CATALOG } from './dtd-validator.js';
import { checkStructure } from './structure-rules.js';

const files = {
  'map.ditamap': MAP('<topicref href="t.dita"/><topicref href="c.dita"/>'),
  't.dita': TASK('t', 'Task', '<steps><step><info>no cmd first</info><cmd>Do</cmd></step></steps>\n<p>para in taskbody</p>'),
  'c.dita': CONCEPT('c', 'C', '<ul><p>not an item</p></ul>'),
};

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

  it.skipIf(!existsSync(DEFAULT_CATALOG))('validates against the DITA 1.2 DTDs through the OASIS catalog', async () => {
    const r = await check({ source: new MemorySource(files), map: 'map.ditamap' });
    expect(r.dtdValidated).toBe(3);
    const dtd = r.problems.filter((p) => p.code === 'dtd-invalid');
    expect(dtd.length).toBeGreaterThan(0);
    expect(dtd.every((p) => p.line > 0)).toBe(true);
    expect(dtd.map((p) => p.message).join('\n')).toMatch(/Element ul content does not follow the DTD|not declared in ul list/);
    const ok = await check({
      source: new MemorySource({ 'map.ditamap': MAP('<topicref href="c.dita"/>'), 'c.dita': CONCEPT('c', 'C', '<p>fine</p>') }),
      map: 'map.ditamap',
    });
    expect(ok.problems).toEqual([]);
  });

  it('falls back to the rules when the named catalog is missing', async () => {
    const r = await check({ source: new MemorySource(files), map: 'map.ditamap', catalog: '/nonexistent/catalog.xml' });
    expect(r.problems[0]).toMatchObject({ code: 'catalog-unusable' });
    expect(r.ruleValidated).toBe(3);
  });
});
