import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

describe('image with @keyref', () => {
  it('takes the image and its alternate text from the key, and shows no image for a key bound to no resource', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="logo" href="img/logo.png"><topicmeta><linktext>Company logo</linktext></topicmeta></keydef>
        <keydef keys="textonly"><topicmeta><keywords><keyword>Logo goes here</keyword></keywords></topicmeta></keydef>
        <topicref href="a.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p><image keyref="logo"/></p><p><image keyref="logo"><alt>Own alt</alt></image></p>
         <p><image keyref="textonly" href="img/fallback.png"/></p><p><image keyref="undefined-key" href="img/fallback.png"/></p>`,
      ),
      'img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      'img/fallback.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    const html = mainOf(out.read('a.html'));
    // An empty image takes the key's text as alt; its own alt wins.
    expect(html).toContain('src="img/logo.png" alt="Company logo"');
    expect(html).toContain('src="img/logo.png" alt="Own alt"');
    // A key with no resource: no image even though the element has an @href (DITA 1.3 2.3.4.8),
    // the key's text in its place.
    expect(html).toContain('<span class="image">Logo goes here</span>');
    // An undefined key: the @href is used, as if there were no key reference.
    expect(html).toContain('src="img/fallback.png"');
    expect(html.match(/img\/fallback\.png/g)).toHaveLength(1);
    out.cleanup();
  });

  it("gives an empty xref the key's linktext, then its navtitle, as DITA-OT does (not its keyword)", async () => {
    const out = await publishFixture({
      'map.ditamap':
        MAP(`<keydef keys="kw" href="t.dita"><topicmeta><navtitle>Nav</navtitle><linktext>Link text</linktext><keywords><keyword>Keyword text</keyword></keywords></topicmeta></keydef>
        <keydef keys="lt" href="t.dita"><topicmeta><navtitle>Nav</navtitle><linktext>Link text</linktext></topicmeta></keydef>
        <keydef keys="nav" href="t.dita"><topicmeta><navtitle>Nav only</navtitle></topicmeta></keydef>
        <topicref href="a.dita"/><topicref href="t.dita"/>`),
      'a.dita': CONCEPT('a', 'A', '<p>[<xref keyref="kw"/>] [<xref keyref="lt"/>] [<xref keyref="nav"/>] [<xref keyref="kw">own</xref>]</p>'),
      't.dita': CONCEPT('t', 'Target title', '<p>t</p>'),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain(
      '[<a class="xref" href="t.html">Link text</a>] [<a class="xref" href="t.html">Link text</a>] [<a class="xref" href="t.html">Nav only</a>] [<a class="xref" href="t.html">own</a>]',
    );
    out.cleanup();
  });

  it("gives lq its source from @reftitle or the key, and an empty lq the key's text", async () => {
    const out = await publishFixture({
      'map.ditamap':
        MAP(`<keydef keys="manual" href="https://example.com/manual" scope="external"><topicmeta><linktext>Pilot manual</linktext></topicmeta></keydef>
        <topicref href="a.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<lq keyref="manual"><p>Check twice.</p></lq><lq href="https://example.com/x" reftitle="Report X"><p>Quoted.</p></lq><lq keyref="manual"/>',
      ),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain(
      '<p class="p">Check twice.</p><div class="lq-source"><a href="https://example.com/manual"><cite>Pilot manual</cite></a></div></blockquote>',
    );
    expect(html).toContain('<p class="p">Quoted.</p><div class="lq-source"><a href="https://example.com/x"><cite>Report X</cite></a></div></blockquote>');
    expect(html).toContain(
      '<blockquote class="lq">Pilot manual<div class="lq-source"><a href="https://example.com/manual"><cite>https://example.com/manual</cite></a></div></blockquote>',
    );
    out.cleanup();
  });
});
