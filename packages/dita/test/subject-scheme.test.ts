import { describe, expect, it } from 'vitest';
import type { XmlElement } from '../src/xml/xml-dom.js';
import { descendants } from '../src/xml/xml-dom.js';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from './fixture-helpers.js';

// The operating-system taxonomy of the DITA 1.3 specification (archSpec "Subject scheme maps and their usage").
const SCHEME = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE subjectScheme PUBLIC "-//OASIS//DTD DITA Subject Scheme Map//EN" "subjectScheme.dtd">
<subjectScheme>
  <subjectdef keys="os" navtitle="Operating system">
    <subjectdef keys="linux" navtitle="Linux" href="linux.dita">
      <subjectdef keys="redhat" navtitle="RedHat Linux"/>
      <subjectdef keys="suse" navtitle="SuSE Linux"/>
    </subjectdef>
    <subjectdef keys="windows" navtitle="Windows"/>
    <subjectdef keys="zos" navtitle="z/OS"/>
  </subjectdef>
  <enumerationdef>
    <attributedef name="platform"/>
    <subjectdef keyref="os"/>
  </enumerationdef>
</subjectScheme>
`;

const BODY =
  '<p platform="linux">All Linux.</p><p platform="redhat">Red Hat only.</p><p platform="suse">SUSE only.</p>' +
  '<p platform="windows">Windows only.</p><p platform="redhat windows">Red Hat or Windows.</p><p>Everyone.</p>';

const files = (body = BODY): Record<string, string> => ({
  'map.ditamap': MAP('<mapref href="scheme.ditamap"/><topicref href="a.dita"/>'),
  'scheme.ditamap': SCHEME,
  'a.dita': CONCEPT('a', 'A', body),
  'linux.dita': CONCEPT('linux', 'About Linux', '<p>Linux.</p>'),
});

describe('subject scheme maps (DITA 1.3)', () => {
  it('excluding a subject excludes the subjects below it', async () => {
    const out = await publishFixture(files(), { ditaval: '<val><prop att="platform" val="linux" action="exclude"/></val>' });
    expect(out.problems).toEqual([]);
    expect(stripTags(mainOf(out.read('a.html')))).toBe('A Windows only. Red Hat or Windows. Everyone.');
    out.cleanup();
  });

  it("a rule of a subject's own wins over its parent's", async () => {
    const out = await publishFixture(files(), {
      ditaval: '<val><prop att="platform" val="linux" action="exclude"/><prop att="platform" val="suse" action="include"/></val>',
    });
    expect(stripTags(mainOf(out.read('a.html')))).toBe('A SUSE only. Windows only. Red Hat or Windows. Everyone.');
    out.cleanup();
  });

  it('a flag on a subject applies to the subjects below it', async () => {
    const out = await publishFixture(files(), { ditaval: '<val><prop att="platform" val="linux" action="flag" color="red"/></val>' });
    const root = out.project.docs.get('a.dita')?.root;
    const flagged = (text: string): string | undefined => {
      const p = [...(root !== undefined ? descendants(root) : [])].find(
        (e: XmlElement) => e.name === 'p' && e.children.some((c) => c.type === 'text' && c.text === text),
      );
      return p?.flags?.map((f) => `${f.val}:${f.color ?? ''}`).join(' ');
    };
    expect(flagged('SUSE only.')).toBe('suse:red');
    expect(flagged('Red Hat only.')).toBe('redhat:red');
    expect(flagged('Windows only.')).toBeUndefined();
    out.cleanup();
  });

  it('reports a value the enumeration does not define, where it is written', async () => {
    const out = await publishFixture(files('\n<p platform="beos">BeOS.</p><p platform="suse">SUSE.</p>'));
    expect(out.problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line} ${p.message}`)).toEqual([
      'warning subject-value-unknown a.dita:4 platform="beos" is not a value the subject scheme defines for @platform (linux, redhat, suse, windows, zos)',
    ]);
    out.cleanup();
  });

  it('limits an enumeration with elementdef to its element, and takes the values of every subjectdef it names', async () => {
    const scheme = `<subjectScheme><subjectdef keys="code-classes"><subjectdef keys="language-xml"/></subjectdef><subjectdef keys="extras"><subjectdef keys="show-line-numbers"/></subjectdef>
      <enumerationdef><elementdef name="codeblock"/><attributedef name="outputclass"/><subjectdef keyref="code-classes"/><subjectdef keyref="extras"/></enumerationdef></subjectScheme>`;
    const out = await publishFixture({
      'map.ditamap': MAP('<mapref href="scheme.ditamap"/><topicref href="a.dita"/>'),
      'scheme.ditamap': scheme,
      'a.dita': CONCEPT(
        'a',
        'A',
        '<codeblock outputclass="language-xml show-line-numbers">x</codeblock><p outputclass="anything">p</p>\n<codeblock outputclass="language-cobol">y</codeblock>',
      ),
    });
    expect(out.problems.map((p) => `${p.code} ${p.file}:${p.line} ${p.message}`)).toEqual([
      'subject-value-unknown a.dita:4 outputclass="language-cobol" is not a value the subject scheme defines for @outputclass (language-xml, show-line-numbers)',
    ]);
    out.cleanup();
  });

  it('keeps a referenced subject scheme out of the navigation and the pages', async () => {
    const out = await publishFixture(files());
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"A","h":"a.html"}];\n');
    expect(out.written).not.toContain('linux.html');
    out.cleanup();
  });
});
