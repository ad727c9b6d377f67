import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from '../../test/fixture-helpers.js';

const textKey = (key: string, text: string) => `<keydef keys="${key}"><topicmeta><keywords><keyword>${text}</keyword></keywords></topicmeta></keydef>`;

describe('key spaces', () => {
  it('first definition wins, the root map before submaps (breadth-first)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${textKey('product', 'Root Product')}<mapref href="sub1.ditamap"/><mapref href="sub2.ditamap"/><topicref href="a.dita"/>`),
      'sub1.ditamap': MAP(`${textKey('product', 'Sub1 Product')}${textKey('handling', 'Sub1 Handling')}<mapref href="deep.ditamap"/>`),
      'sub2.ditamap': MAP(`${textKey('handling', 'Sub2 Handling')}${textKey('disposal', 'Sub2 Disposal')}`),
      'deep.ditamap': MAP(`${textKey('disposal', 'Deep Disposal')}`),
      'a.dita': CONCEPT('a', 'A', '<p>P=<keyword keyref="product"/>; H=<ph keyref="handling"/>; D=<term keyref="disposal"/>.</p>'),
    });
    const text = stripTags(mainOf(out.read('a.html')));
    expect(text).toContain('P=Root Product; H=Sub1 Handling; D=Sub2 Disposal.');
    out.cleanup();
  });

  it('scopes keys with @keyscope, qualifies them for the parent, and lets ancestors win', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        `${textKey('name', 'Root name')}
        <topicgroup keyscope="prodA">${textKey('name', 'A name')}${textKey('only', 'A only')}<topicref href="a.dita"/></topicgroup>
        <mapref href="b.ditamap" keyscope="prodB"/>
        <topicref href="root.dita"/>`,
      ),
      'b.ditamap': MAP(`${textKey('only', 'B only')}<topicref href="b.dita"/>`),
      'a.dita': CONCEPT('a', 'A', '<p>[<ph keyref="name"/>] [<ph keyref="only"/>] [<ph keyref="prodB.only"/>]</p>'),
      'b.dita': CONCEPT('b', 'B', '<p>[<ph keyref="only"/>] [<ph keyref="prodA.only"/>]</p>'),
      'root.dita': CONCEPT('root', 'R', '<p>[<ph keyref="prodA.only"/>] [<ph keyref="prodB.only"/>] [<ph keyref="only"/>]</p>'),
    });
    expect(stripTags(mainOf(out.read('a.html')))).toContain('[Root name] [A only] [B only]');
    expect(stripTags(mainOf(out.read('b.html')))).toContain('[B only] [A only]');
    expect(stripTags(mainOf(out.read('root.html')))).toContain('[A only] [B only] []');
    expect(out.project.problems.filter((p) => p.code === 'key-undefined')).toMatchObject([{ file: 'root.dita', line: 3 }]);
    out.cleanup();
  });

  it('resolves keyref on topicref, xref, link and image with link text from the key', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        `<keydef keys="target" href="t.dita"><topicmeta><linktext>Key link text</linktext></topicmeta></keydef>
         <keydef keys="logo" href="img/logo.png" format="png"/>
         <keydef keys="site" href="https://example.com/" scope="external" format="html"><topicmeta><linktext>Example site</linktext></topicmeta></keydef>
         <topicref href="a.dita"/><topicref keyref="target"/>`,
      ),
      'a.dita': CONCEPT('a', 'A', '<p>See <xref keyref="target"/>, <xref keyref="site"/> and <image keyref="logo"><alt>Logo</alt></image>.</p>', '').replace(
        '</concept>',
        '<related-links><link keyref="target"/></related-links></concept>',
      ),
      't.dita': CONCEPT('t', 'Target title', '<p>t</p>'),
      'img/logo.png': Buffer.from([137, 80, 78, 71]).toString('latin1'),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('<a class="xref" href="t.html">Key link text</a>');
    expect(html).toContain('href="https://example.com/" target="_blank" rel="external noopener">Example site</a>');
    expect(html).toContain('src="img/logo.png" alt="Logo"');
    expect(html).toMatch(/class="related-links".*href="t.html">Key link text<\/a>/s);
    expect(out.written).toContain('img/logo.png');
    expect(out.written).toContain('t.html');
    out.cleanup();
  });

  it('gives an empty element the key text the specification names for it (DITA 1.3, 2.3.4.9)', async () => {
    // The specification's own key definitions: "justMe" with an author, "nohref" with keywords.
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="justMe" href="http://www.example.com/my-profile" format="html" scope="external">
          <topicmeta><author>Just M. Name</author><keywords><keyword>not the author</keyword></keywords></topicmeta></keydef>
        <keydef keys="nohref"><topicmeta><keywords><keyword>first</keyword><keyword>second</keyword><keyword>third</keyword></keywords></topicmeta></keydef>
        <topicref href="a.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<p>K=<keyword keyref="nohref"/>; T=<term keyref="nohref"/>.</p><dl><dlentry><dt keyref="nohref"/><dd>d</dd></dlentry></dl>',
        '<prolog><author keyref="justMe"/></prolog>',
      ),
    });
    const page = out.read('a.html');
    const text = stripTags(mainOf(page));
    expect(text).toContain('K=first; T=first.');
    expect(mainOf(page)).toMatch(/<dt[^>]*>first<\/dt>/);
    // An empty <author keyref="justMe"/> takes topicmeta/author, not the keyword.
    expect(page).toContain('Just M. Name');
    expect(page).not.toContain('not the author');
    out.cleanup();
  });

  it('follows the key scope examples of DITA 1.3 (2.3.4.4): several names, nesting, qualified overrides from the parent', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        `${textKey('outer.inner.v', 'root override')}
        <topicgroup keyscope="outer alias">${textKey('v', 'outer v')}${textKey('w', 'outer w')}
          <topicgroup keyscope="inner">${textKey('v', 'inner v')}${textKey('x', 'inner x')}<topicref href="in.dita"/></topicgroup>
          <topicref href="out.dita"/>
        </topicgroup>
        <topicref href="root.dita"/>`,
      ),
      'in.dita': CONCEPT('in', 'In', '<p>[<ph keyref="v"/>] [<ph keyref="x"/>] [<ph keyref="w"/>]</p>'),
      'out.dita': CONCEPT('out', 'Out', '<p>[<ph keyref="v"/>] [<ph keyref="inner.x"/>] [<ph keyref="inner.v"/>]</p>'),
      'root.dita': CONCEPT(
        'root',
        'R',
        '<p>[<ph keyref="outer.w"/>] [<ph keyref="alias.w"/>] [<ph keyref="alias.inner.x"/>] [<ph keyref="outer.inner.v"/>]</p>',
      ),
    });
    // Inside "inner": its own keys, the parent's for what it lacks; a parent's definition of the
    // qualified name (outer.inner.v at the root) wins over the scope's own "v".
    expect(stripTags(mainOf(out.read('in.html')))).toContain('[root override] [inner x] [outer w]');
    // From "outer": its own keys, and the child scope's keys qualified by the child's name.
    expect(stripTags(mainOf(out.read('out.html')))).toContain('[outer v] [inner x] [root override]');
    // From the root: every name of a scope qualifies its keys, through nesting.
    expect(stripTags(mainOf(out.read('root.html')))).toContain('[outer w] [outer w] [inner x] [root override]');
    out.cleanup();
  });
});
