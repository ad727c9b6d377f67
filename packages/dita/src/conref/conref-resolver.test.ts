import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from '../../test/fixture-helpers.js';

const LIB = CONCEPT(
  'lib',
  'Library',
  `<p id="intro">Shared intro with <ph keyref="product"/>.</p>
   <ul id="list"><li id="one">One</li><li id="two">Two</li></ul>
   <p id="r1">Range one.</p><p id="r2">Range two.</p><p id="r3">Range three.</p>
   <p id="chain" conref="#lib/intro"/>
   <note id="n" type="tip">Shared tip</note>`,
);

describe('content reuse', () => {
  const base = {
    'map.ditamap': MAP(
      '<keydef keys="product"><topicmeta><keywords><keyword>Widget</keyword></keywords></topicmeta></keydef><keydef keys="lib" href="lib.dita"/><topicref href="a.dita"/>',
    ),
    'lib.dita': LIB,
  };

  it('pulls conref, conkeyref, conrefend ranges and chained references', async () => {
    const out = await publishFixture({
      ...base,
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p conref="lib.dita#lib/intro"/>
         <note conkeyref="lib/n"/>
         <p conref="lib.dita#lib/r1" conrefend="lib.dita#lib/r3"/>
         <p conref="lib.dita#lib/chain" outputclass="mine"/>`,
      ),
    });
    const html = mainOf(out.read('a.html'));
    const text = stripTags(html);
    expect(text).toContain('Shared intro with Widget.');
    expect(html).toContain('class="note note_tip"');
    expect(text).toContain('Shared tip');
    expect(text).toContain('Range one. Range two. Range three.');
    expect(html).toMatch(/<p class="p mine">Shared intro with/);
    expect(out.project.problems).toEqual([]);
    out.cleanup();
  });

  it('pushes content with conaction replace, before and after', async () => {
    const out = await publishFixture({
      ...base,
      'map.ditamap': MAP('<topicref href="lib.dita"/><topicref href="a.dita"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<ul>
          <li conaction="pushbefore">Zero</li><li conaction="mark" conref="lib.dita#lib/one"/>
          <li conaction="mark" conref="lib.dita#lib/two"/><li conaction="pushafter">Three</li>
         </ul>
         <p conaction="pushreplace" conref="lib.dita#lib/r2">Replaced two.</p>
         <p>Own text.</p>`,
      ),
    });
    const lib = stripTags(mainOf(out.read('lib.html')));
    expect(lib).toContain('Zero One Two Three');
    expect(lib).toContain('Range one. Replaced two. Range three.');
    // Pushed content is still rendered where it is written; the mark elements go (DITA-OT 4.x conrefImpl.xsl).
    const a = stripTags(mainOf(out.read('a.html')));
    expect(a).toBe('A Zero Three Replaced two. Own text.');
    out.cleanup();
  });

  it('detects a conref loop, reports it with its location and goes on', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="b.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<p id="pa">A says <ph id="x" conref="b.dita#b/y"/></p><p>Still here.</p>'),
      'b.dita': CONCEPT('b', 'B', '<p id="pb">B says <ph id="y" conref="a.dita#a/x"/></p>'),
    });
    const loops = out.project.problems.filter((p) => p.code === 'conref-loop');
    expect(loops.length).toBeGreaterThan(0);
    expect(loops[0]).toMatchObject({ severity: 'error', line: 3 });
    expect(stripTags(mainOf(out.read('a.html')))).toContain('Still here.');
    out.cleanup();
  });

  it('reports a missing conref target and a missing key', async () => {
    const out = await publishFixture({
      ...base,
      'a.dita': CONCEPT('a', 'A', '<p conref="lib.dita#lib/nope"/><p conkeyref="nokey/x"/><p conref="missing.dita#m/x"/>'),
    });
    const codes = out.project.problems.map((p) => `${p.code}@${p.file}:${p.line}`);
    expect(codes).toEqual(['conref-target-missing@a.dita:3', 'conkeyref-unresolved@a.dita:3', 'conref-missing-file@a.dita:3']);
    out.cleanup();
  });
});
