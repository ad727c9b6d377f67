import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

// The elements DITA 1.3 gives @keyref beyond the phrases and xref (langRef "keyref attribute", archSpec 2.3.4.8 and
// 2.3.4.9): index entries, xref specializations, long descriptions, object data and params, menucascade, prolog
// metadata. An empty element takes the key's text; a key bound to a resource gives the address.
const KEYS = `<keydef keys="prod"><topicmeta><keywords><keyword>Widget Pro</keyword></keywords></topicmeta></keydef>
  <keydef keys="alias"><topicmeta><linktext>Gadget</linktext></topicmeta></keydef>
  <keydef keys="target" href="t.dita"><topicmeta><linktext>Target link text</linktext></topicmeta></keydef>
  <keydef keys="movie" href="media/movie.mp4" format="mp4"/>
  <keydef keys="flash-param" href="media/player.swf" format="swf"/>
  <keydef keys="site" href="https://example.com/desc" scope="external"><topicmeta><linktext>Description online</linktext></topicmeta></keydef>
  <keydef keys="menu" href="t.dita"><topicmeta><keywords><keyword>File &gt; Save</keyword></keywords></topicmeta></keydef>
  <keydef keys="spec" href="https://example.com/spec" scope="external"/>
  <keydef keys="writer"><topicmeta><author>Jane Writer</author></topicmeta></keydef>`;

const BIN = Buffer.from([0, 1, 2, 3]);

describe('@keyref on every element that allows it', () => {
  it("gives an empty indexterm, index-see and index-see-also the key's text (DITA 1.3 2.3.4.9)", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/><topicref href="t.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p>Text<indexterm keyref="prod"/><indexterm>gizmo<index-see keyref="alias"/></indexterm>
          <indexterm>doohickey<index-see-also keyref="prod"/></indexterm><indexterm keyref="prod">own term</indexterm>
          <indexterm keyref="prod"><indexterm>setup</indexterm></indexterm></p>`,
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
    });
    const index = mainOf(out.read('genindex.html'));
    expect(index).toContain('<span class="index-term">Widget Pro</span>');
    expect(index).toContain('<span class="index-term">own term</span>');
    // The keyed level holds the nested one.
    const widget = index.slice(index.indexOf('<span class="index-term">Widget Pro</span>'));
    expect(widget.slice(0, widget.indexOf('</li></ul></li>') + 1)).toContain('setup');
    // index-see redirects to the key's text, index-see-also adds it.
    const gizmo = index.slice(index.indexOf('<span class="index-term">gizmo</span>'));
    expect(gizmo.slice(0, 300)).toContain('Gadget');
    const doohickey = index.slice(index.indexOf('<span class="index-term">doohickey</span>'));
    expect(doohickey.slice(0, 300)).toContain('Widget Pro');
    out.cleanup();
  });

  it('makes a specialization of xref a link by @keyref or @href, and reports its undefined key', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/><topicref href="t.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p>[<fragref keyref="target"/>] [<myref class="- topic/xref my-d/myref " keyref="target">mine</myref>]
          [<myref class="- topic/xref my-d/myref " href="t.dita"/>] [<fragref keyref="nowhere"/>]</p>`,
      ),
      't.dita': CONCEPT('t', 'Target title', '<p>t</p>'),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('[<a class="xref fragref" href="t.html">Target link text</a>]');
    expect(html).toContain('[<a class="xref myref" href="t.html">mine</a>]');
    expect(html).toContain('[<a class="xref myref" href="t.html">Target title</a>]');
    expect(out.problems.filter((p) => p.code === 'key-undefined').map((p) => p.message)).toEqual(['Key "nowhere" is not defined']);
    out.cleanup();
  });

  it("links an image's and an object's long description (longdescref by key or href)", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/><topicref href="t.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<image href="img/a.png"><alt>Chart</alt><longdescref keyref="site"/></image>
         <image href="img/a.png"><alt>Chart 2</alt><longdescref href="t.dita"/></image>
         <object data="media/movie.mp4"><desc>Movie</desc><longdescref keyref="target"/></object>`,
      ),
      't.dita': CONCEPT('t', 'Target title', '<p>t</p>'),
      'img/a.png': BIN,
      'media/movie.mp4': BIN,
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('alt="Chart" longdesc="https://example.com/desc">');
    expect(html).toContain('alt="Chart 2" longdesc="t.html">');
    expect(html).toContain('Movie</object><a class="longdesc" href="t.html">Target link text</a>');
    out.cleanup();
  });

  it("takes an object's data from @datakeyref and a param's value from its @keyref; an undefined key falls back to @data", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<object datakeyref="movie" type="video/mp4"><desc>Keyed</desc><param name="movie" keyref="flash-param"/><param name="autoplay" value="false"/></object>
         <object datakeyref="undefined-key" data="media/fallback.mp4"><desc>Fallback</desc></object>
         <object datakeyref="missing-too"><desc>Nothing</desc></object>`,
      ),
      'media/movie.mp4': BIN,
      'media/player.swf': BIN,
      'media/fallback.mp4': BIN,
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain(
      '<object class="object" data="media/movie.mp4" type="video/mp4"><param name="movie" value="media/player.swf"><param name="autoplay" value="false">Keyed</object>',
    );
    expect(html).toContain('data="media/fallback.mp4">Fallback</object>');
    // Only the key with no @data to fall back on is reported.
    expect(out.problems.filter((p) => p.code === 'key-undefined').map((p) => p.message)).toEqual(['Key "missing-too" is not defined']);
    out.cleanup();
  });

  it("gives an empty menucascade the key's text and link; one with uicontrols keeps them inside the key's link", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/><topicref href="t.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p>[<menucascade keyref="menu"/>] [<menucascade keyref="menu"><uicontrol>Edit</uicontrol><uicontrol>Copy</uicontrol></menucascade>]
         [<uicontrol keyref="prod"/>]</p>`,
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('[<a class="keylink" href="t.html"><span class="menucascade">File &gt; Save</span></a>]');
    expect(html).toContain(
      '[<a class="keylink" href="t.html"><span class="menucascade"><span class="uicontrol">Edit</span><abbr title="and then"> &gt; </abbr><span class="uicontrol">Copy</span></span></a>]',
    );
    expect(html).toContain('[<span class="uicontrol">Widget Pro</span>]');
    out.cleanup();
  });

  it("reads the prolog's author, source and data through their keys into the page's head", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`${KEYS}<topicref href="a.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<p>a</p>',
        '<prolog><author keyref="writer"/><source keyref="spec"/><data name="product" keyref="prod"/><data name="own" keyref="prod" value="mine"/></prolog>',
      ),
    });
    const head = out.read('a.html');
    // A data element without @value or content takes the key's text; its own @value wins.
    expect(head).toContain('<meta name="product" content="Widget Pro">');
    expect(head).toContain('<meta name="own" content="mine">');
    expect(head).toContain('<meta name="author" content="Jane Writer">');
    expect(head).toContain('<meta name="dcterms.source" content="https://example.com/spec">');
    out.cleanup();
  });
});
