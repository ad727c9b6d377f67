import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from './fixture-helpers.js';

const problemsOf = (list: ReadonlyArray<{ severity: string; code: string; message: string; file: string; line: number }>): string[] =>
  list.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line} ${p.message}`);

describe('keys defined through keys (DITA 1.3 2.3.4.4)', () => {
  it('follows the spec example: the referencing key definition keeps its own href and navtitle', async () => {
    // archSpec/base/example-keydef-with-keyref: "widget" refers to "mainProduct"; widget's href, scope, format
    // and navtitle override mainProduct's.
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref keyref="widget" id="example"/>' +
          '<keydef keys="widget" href="widgetInfo.dita" scope="local" format="dita" rev="v1r2" keyref="mainProduct"><topicmeta><navtitle>Information about Widget</navtitle></topicmeta></keydef>' +
          '<keydef keys="mainProduct" href="http://example.com/productPage" scope="external" format="html" product="prodCode" audience="sysadmin"><topicmeta><navtitle>Generic product page</navtitle></topicmeta></keydef>',
      ),
      'widgetInfo.dita': CONCEPT('widget', 'Widget', '<p>About the widget.</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    // The navigation shows the topic's own title (navtitle only with locktitle="yes"), as DITA-OT 4.x does.
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"Widget","h":"widgetInfo.html"}];\n');
    expect(out.project.map.nodes[0]?.navtitle).toBe('Information about Widget');
    expect(out.project.map.keyScope.resolve('widget')?.href).toBe('widgetInfo.dita');
    expect(out.project.map.keyScope.resolve('widget')?.scope).toBe('local');
    out.cleanup();
  });

  it('gives a topicref by key to a key without href the page and TOC entry of the key it names, through a chain', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref keyref="first"/><topicref keyref="first" locktitle="yes"/><topicref href="a.dita"/>' +
          '<keydef keys="first" keyref="second"/><keydef keys="second" keyref="install"/>' +
          '<keydef keys="install" href="install.dita"><topicmeta><navtitle>Installing</navtitle><keywords><keyword>the installer</keyword></keywords></topicmeta></keydef>',
      ),
      'install.dita': CONCEPT('install', 'Install the product', '<p>Run it.</p>'),
      'a.dita': CONCEPT('a', 'A', '<p>Use <ph keyref="first"/>; see <xref keyref="first"/>.</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(out.written).toContain('install.html');
    // The key's navtitle, two keys down the chain, shows where the title is locked.
    expect(out.read('nav.js')).toBe(
      'window.CCMS_NAV=[{"t":"Install the product","h":"install.html"},{"t":"Installing","h":"install.html"},{"t":"A","h":"a.html"}];\n',
    );
    const a = mainOf(out.read('a.html'));
    expect(a).toContain('the installer');
    expect(a).toContain('<a class="xref" href="install.html">Installing</a>');
    out.cleanup();
  });

  it("refuses a loop of keys with a located error and keeps the element's own text", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>\n<keydef keys="a" keyref="b"/>\n<keydef keys="b" keyref="a"/>'),
      'a.dita': CONCEPT('a', 'A', '<p><ph keyref="a">fallback text</ph></p>'),
    });
    expect(problemsOf(out.problems)).toEqual(['error key-loop map.ditamap:4 Key reference loop: a -> b -> a']);
    expect(mainOf(out.read('a.html'))).toContain('fallback text');
    out.cleanup();
  });

  it('reports a key definition that refers to an undefined key once, where it is', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>\n<keydef keys="a" keyref="nope"/>'),
      'a.dita': CONCEPT('a', 'A', '<p><ph keyref="a">own</ph></p>'),
    });
    expect(problemsOf(out.problems)).toEqual(['warning key-undefined map.ditamap:4 Key "nope" is not defined']);
    out.cleanup();
  });
});

describe('keyref values that name no key', () => {
  it('takes keyref="" as no key reference: no warning, the href is used', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita" keyref=""/><topicref href="b.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<p><ph keyref="">plain</ph> <xref keyref="" href="b.dita"/> <keyword keyref=" ">word</keyword></p>'),
      'b.dita': CONCEPT('b', 'B', '<p>b</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(mainOf(out.read('a.html'))).toContain('<a class="xref" href="b.html">B</a>');
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"A","h":"a.html"},{"t":"B","h":"b.html"}];\n');
    out.cleanup();
  });

  it('resolves a topicref\'s key in its own key scope (no false "not defined" warning)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicgroup keyscope="s"><keydef keys="k" href="k.dita"/><topicref keyref="k"/></topicgroup>'),
      'k.dita': CONCEPT('k', 'K', '<p>k</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"K","h":"k.html"}];\n');
    out.cleanup();
  });
});

describe('keys on maprefs', () => {
  const SUB = (id: string): string =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><topicref href="${id}.dita"/></map>\n`;

  it('binds @keys on a mapref to the map, without a warning', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<mapref keys="guide" href="sub.ditamap"/>'),
      'sub.ditamap': SUB('s'),
      's.dita': CONCEPT('s', 'S', '<p>s</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(out.project.map.keyScope.resolve('guide')).toMatchObject({ href: 'sub.ditamap', format: 'ditamap' });
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"S","h":"s.html"}];\n');
    out.cleanup();
  });

  it('pulls in the map a mapref names by key; the key wins over @href, which is the fallback for an undefined key', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<keydef keys="sub" href="sub.ditamap" format="ditamap"/>' +
          '<mapref keyref="sub"/><mapref keyref="sub" href="fallback.ditamap"/><mapref keyref="undefined-key" href="fallback.ditamap"/>',
      ),
      'sub.ditamap': SUB('s'),
      'fallback.ditamap': SUB('f'),
      's.dita': CONCEPT('s', 'S', '<p>s</p>'),
      'f.dita': CONCEPT('f', 'F', '<p>f</p>'),
    });
    expect(problemsOf(out.problems)).toEqual([]);
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"S","h":"s.html"},{"t":"S","h":"s.html"},{"t":"F","h":"f.html"}];\n');
    out.cleanup();
  });

  it('reports a mapref by an undefined key without @href', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('\n<mapref keyref="missing"/>'),
    });
    expect(problemsOf(out.problems)).toEqual(['warning key-undefined map.ditamap:4 Key "missing" is not defined']);
    out.cleanup();
  });
});
