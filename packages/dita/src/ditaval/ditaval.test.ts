import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from '../../test/fixture-helpers.js';
import { ConditionFilter, filterValues, parseDitaval } from './ditaval.js';

const DITAVAL = `<?xml version="1.0" encoding="UTF-8"?>
<val>
  <prop att="audience" val="expert" action="exclude"/>
  <prop att="platform" val="windows" action="exclude"/>
  <prop att="platform" val="linux" action="include"/>
  <prop att="product" val="beta" action="flag" color="red" backcolor="yellow" style="bold underline">
    <startflag imageref="flags/beta.png"><alt-text>Beta start</alt-text></startflag>
    <endflag><alt-text>Beta end</alt-text></endflag>
  </prop>
  <prop att="deliveryTarget" val="pdf" action="exclude"/>
  <prop att="os" val="mac" action="exclude"/>
  <revprop val="2.0" action="flag" changebar="solid" color="green"/>
</val>`;

describe('DITAVAL filtering', () => {
  it('excludes, includes and flags elements, on specialised props and groups too', async () => {
    const out = await publishFixture(
      {
        'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="gone.dita" audience="expert"/>'),
        'a.dita': CONCEPT(
          'a',
          'A',
          `<p audience="expert">Expert only.</p>
           <p audience="novice expert">Novice and expert.</p>
           <p platform="windows">Windows only.</p>
           <p platform="windows linux">Windows or Linux.</p>
           <p product="beta">Beta feature.</p>
           <p deliveryTarget="pdf">PDF only.</p>
           <p props="os(mac)">Mac only.</p>
           <p props="os(mac linux)">Mac or Linux.</p>
           <p rev="2.0">Changed in 2.0.</p>`,
        ),
        'gone.dita': CONCEPT('gone', 'Gone', '<p>x</p>'),
      },
      { ditaval: DITAVAL },
    );
    const html = mainOf(out.read('a.html'));
    const text = stripTags(html);
    expect(text).not.toContain('Expert only.');
    expect(text).toContain('Novice and expert.');
    expect(text).not.toContain('Windows only.');
    expect(text).toContain('Windows or Linux.');
    expect(text).not.toContain('PDF only.');
    expect(text).not.toContain('Mac only.');
    expect(text).toContain('Mac or Linux.');
    expect(html).toContain('style="color:red;background-color:yellow;font-weight:bold;text-decoration:underline"');
    // The flags sit inside the flagged paragraph (DITA-OT), not around it.
    expect(html).toMatch(
      /<p[^>]*><img class="flag flag-start" src="flags\/beta\.png" alt="Beta start">Beta feature\.<span class="flag flag-end">Beta end<\/span><\/p>/,
    );
    expect(html).toMatch(/style="color:green;border-left:3px solid currentColor;padding-left:4px">Changed in 2.0./);
    expect(out.written).not.toContain('gone.html');
    out.cleanup();
  });

  it('filters before conref: a reference to an excluded element is a located problem', async () => {
    const out = await publishFixture(
      {
        'map.ditamap': MAP('<topicref href="a.dita"/>'),
        'a.dita': CONCEPT('a', 'A', '<p id="src" audience="expert">Secret.</p><p conref="#a/src"/><p>Visible.</p>'),
      },
      { conditions: [{ att: 'audience', val: 'expert', action: 'exclude' }] },
    );
    expect(stripTags(mainOf(out.read('a.html')))).not.toContain('Secret.');
    expect(out.project.problems).toMatchObject([{ code: 'conref-target-missing', file: 'a.dita', line: 3 }]);
    out.cleanup();
  });

  it('takes conditions from a list, without a file', () => {
    const f = new ConditionFilter([
      { att: 'product', val: 'a', action: 'exclude' },
      { att: 'product', action: 'exclude' },
      { att: 'product', val: 'b', action: 'include' },
    ]);
    const el = (product: string) => ({
      type: 'element' as const,
      name: 'p',
      attrs: { product },
      children: [],
      parent: undefined,
      file: 'x',
      line: 1,
      column: 1,
    });
    expect(f.decide(el('a')).exclude).toBe(true);
    expect(f.decide(el('c')).exclude).toBe(true);
    expect(f.decide(el('b')).exclude).toBe(false);
    expect(f.decide(el('a b')).exclude).toBe(false);
  });

  it('reports an unknown action with its location and keeps the other rules', () => {
    const r = parseDitaval('<val>\n<prop att="audience" val="x" action="hide"/>\n<prop att="audience" val="y" action="exclude"/></val>', 'bad.ditaval');
    expect(r.problems).toMatchObject([{ severity: 'error', code: 'ditaval-unknown-action', file: 'bad.ditaval', line: 2, column: 1 }]);
    expect(r.conditions).toEqual([{ att: 'audience', val: 'y', action: 'exclude' }]);
  });

  it('expands grouped values', () => {
    expect(filterValues('props', 'os(linux mac) beta')).toEqual([
      ['os', 'linux'],
      ['os', 'mac'],
      ['props', 'beta'],
    ]);
  });
});
