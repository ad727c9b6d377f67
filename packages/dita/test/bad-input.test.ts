import { describe, expect, it } from 'vitest';
import { publish } from '../src/publisher.js';
import { MemorySource } from '../src/source/file-source.js';
import { CONCEPT, MAP, publishFixture, tempDir } from './fixture-helpers.js';

describe('bad input: located messages, and the build goes on', () => {
  it('a malformed topic', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="bad.dita"/><topicref href="good.dita"/>'),
      'bad.dita': '<concept id="bad"><title>Oops</titl></concept>',
      'good.dita': CONCEPT('good', 'Good', '<p>fine</p>'),
    });
    expect(out.project.problems).toMatchObject([{ severity: 'error', code: 'xml-malformed', file: 'bad.dita', line: 1, column: 36 }]);
    expect(out.written).toContain('good.html');
    expect(out.written).not.toContain('bad.html');
    out.cleanup();
  });

  it('a missing root map', async () => {
    const r = await publish({ source: new MemorySource({}), map: 'nope.ditamap', format: 'html5', out: tempDir() });
    expect(r.problems).toMatchObject([{ severity: 'error', code: 'map-missing', file: 'nope.ditamap' }]);
    expect(r.pages).toBe(0);
  });

  it('a missing submap and a map loop', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('\n<mapref href="gone.ditamap"/>\n<mapref href="loop.ditamap"/>\n<topicref href="a.dita"/>'),
      'loop.ditamap': MAP('<mapref href="map.ditamap"/>'),
      'a.dita': CONCEPT('a', 'A', '<p>a</p>'),
    });
    expect(out.project.problems.map((p) => `${p.code} ${p.file}:${p.line}`)).toEqual(['map-loop loop.ditamap:3', 'map-missing map.ditamap:4']);
    expect(out.written).toContain('a.html');
    out.cleanup();
  });

  it('a DITAVAL with an unknown action', async () => {
    const out = await publishFixture(
      { 'map.ditamap': MAP('<topicref href="a.dita"/>'), 'a.dita': CONCEPT('a', 'A', '<p audience="x">kept</p>') },
      { ditaval: '<val>\n  <prop att="audience" val="x" action="drop"/>\n</val>' },
    );
    expect(out.project.problems).toMatchObject([{ code: 'ditaval-unknown-action', file: 'filter.ditaval', line: 2, column: 3 }]);
    expect(out.read('a.html')).toContain('kept');
    out.cleanup();
  });
});
