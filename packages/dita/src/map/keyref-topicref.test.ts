import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

// DITA 1.3 2.3.4.7 "Processing key references on topicref elements": the key definition's attributes (but @keys,
// @processing-role and @id) and its topicmeta combine with the referencing topicref's, its own winning, by the rules
// for combining map metadata; what they combine to cascades as the topicref's own would.
const KEYDEF = `<keydef keys="k" href="t.dita"><topicmeta><navtitle>Key nav</navtitle><linktext>Key linktext</linktext>
  <shortdesc>Key shortdesc</shortdesc><author>Key Author</author><critdates><created date="2020-01-01"/></critdates>
  <keywords><keyword>key-word</keyword></keywords></topicmeta></keydef>`;

describe('a topicref with @keyref takes the key definition’s topicmeta', () => {
  it('adds the elements it may have many of, keeps its own single ones, and cascades them to nested topicrefs', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYDEF}
        <topicref keyref="k"><topicmeta><author>Own Author</author><critdates><created date="2024-05-05"/></critdates></topicmeta>
          <topicref href="child.dita"/></topicref>`),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
      'child.dita': CONCEPT('child', 'Child', '<p>c</p>'),
    });
    const t = out.read('t.html');
    // The key definition's content combines as an enclosing level's would: outermost first, as move-meta writes it.
    expect(t).toContain('<meta name="author" content="Key Author">\n<meta name="author" content="Own Author">');
    expect(t).toContain('<meta name="keywords" content="key-word">');
    // critdates is single: the referencing topicref's own wins over the key's.
    expect(t).toContain('<meta name="dcterms.created" content="2024-05-05">');
    expect(t).not.toContain('2020-01-01');
    // author cascades (DITA 1.3 reconciling table), so the nested topic has both; topicmeta/keywords do not cascade.
    const child = out.read('child.html');
    expect(child).toContain('<meta name="author" content="Key Author">\n<meta name="author" content="Own Author">');
    expect(child).not.toContain('key-word');
    out.cleanup();
  });

  it("takes the key's linktext and shortdesc for a relationship table link where the topicref has none", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYDEF}<topicref href="t.dita"/><topicref href="other.dita"/><topicref href="third.dita"/>
        <reltable><relrow><relcell><topicref keyref="k"/></relcell><relcell><topicref href="other.dita"/></relcell></relrow>
        <relrow><relcell><topicref keyref="k"><topicmeta><linktext>Own linktext</linktext></topicmeta></topicref></relcell>
          <relcell><topicref href="third.dita"/></relcell></relrow></reltable>`),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
      'other.dita': CONCEPT('other', 'Other', '<p>o</p>'),
      'third.dita': CONCEPT('third', 'Third', '<p>3</p>'),
    });
    expect(mainOf(out.read('other.html'))).toContain('<a href="t.html">Key linktext</a><p class="linkdesc">Key shortdesc</p>');
    expect(mainOf(out.read('third.html'))).toContain('<a href="t.html">Own linktext</a><p class="linkdesc">Key shortdesc</p>');
    out.cleanup();
  });

  it("lets a relationship table topicref's key win over its own @href, which stays the fallback of an undefined key", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYDEF}<topicref href="t.dita"/><topicref href="old.dita"/><topicref href="other.dita"/>
        <reltable><relrow><relcell><topicref keyref="k" href="old.dita"/><topicref keyref="undefined-key" href="old.dita"/></relcell>
          <relcell><topicref href="other.dita"/></relcell></relrow></reltable>`),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
      'old.dita': CONCEPT('old', 'Old', '<p>o</p>'),
      'other.dita': CONCEPT('other', 'Other', '<p>o</p>'),
    });
    const other = mainOf(out.read('other.html'));
    expect(other).toContain('<a href="t.html">Key linktext</a>');
    expect(other).toContain('<a href="old.html">Old</a>');
    expect(out.problems.filter((p) => p.code === 'key-undefined')).toEqual([]);
    out.cleanup();
  });

  it('takes toc="no" from the key definition and cascades it to nested topicrefs that do not set @toc, as if written there', async () => {
    const topics = {
      'h.dita': CONCEPT('h', 'Hidden', '<p>h</p>'),
      'c1.dita': CONCEPT('c1', 'Child one', '<p>1</p>'),
      'c2.dita': CONCEPT('c2', 'Child two', '<p>2</p>'),
      'v.dita': CONCEPT('v', 'Visible', '<p>v</p>'),
    };
    const keyed = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="hidden" href="h.dita" toc="no"/>
        <topicref keyref="hidden"><topicref href="c1.dita"/><topicref href="c2.dita" toc="yes"/></topicref>
        <topicref keyref="hidden" toc="yes"><topicref href="v.dita"/></topicref>`),
      ...topics,
    });
    const written = await publishFixture({
      'map.ditamap': MAP(`<topicref href="h.dita" toc="no"><topicref href="c1.dita"/><topicref href="c2.dita" toc="yes"/></topicref>
        <topicref href="h.dita" toc="yes"><topicref href="v.dita"/></topicref>`),
      ...topics,
    });
    const nav = keyed.read('nav.js');
    expect(nav).not.toContain('Child one');
    // The second reference sets toc="yes" itself: its own attribute wins, for it and what it holds.
    expect(nav.match(/"t":"Hidden"/g)).toHaveLength(1);
    expect(nav).toContain('Visible');
    expect(nav).toBe(written.read('nav.js'));
    keyed.cleanup();
    written.cleanup();
  });
});
