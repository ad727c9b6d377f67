import { describe, expect, it } from 'vitest';
import { CONCEPT, load, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

const EXT = ' target="_blank" rel="external noopener"';

describe('link graph', () => {
  it('lists every reference with its location, target and status', async () => {
    const project = await load({
      'map.ditamap': MAP('<keydef keys="k" href="b.dita"/>\n<topicref href="a.dita"/>\n<topicref href="missing.dita"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        `
<p><xref href="b.dita#b/s1"/> <xref href="b.dita#b/none"/> <xref keyref="k"/> <xref keyref="nokey"/>
<xref href="https://example.com" scope="external"/> <image href="pic.png"/> <image href="nopic.png"/> <ph conref="b.dita#b/p1"/></p>`,
      ).replace('</concept>', '<related-links><link href="b.dita"/></related-links></concept>'),
      'b.dita': CONCEPT('b', 'B', '<section id="s1"><title>S1</title><p><ph id="p1">Para</ph></p></section>'),
      'pic.png': 'png',
    });
    const refs = project.references.map(
      (r) => `${r.kind} ${r.file}:${r.line}:${r.column} ${r.value} -> ${r.targetFile ?? ''}${r.targetFragment ? `#${r.targetFragment}` : ''} ${r.status}`,
    );
    expect(refs).toEqual([
      'topicref map.ditamap:3:29 b.dita -> b.dita resolved',
      'topicref map.ditamap:4:1 a.dita -> a.dita resolved',
      'topicref map.ditamap:5:1 missing.dita -> missing.dita broken',
      'xref a.dita:4:4 b.dita#b/s1 -> b.dita#b/s1 resolved',
      'xref a.dita:4:31 b.dita#b/none -> b.dita#b/none broken',
      'xref a.dita:4:60 k -> b.dita resolved',
      'xref a.dita:4:79 nokey ->  broken',
      'xref a.dita:5:1 https://example.com -> https://example.com external',
      'image a.dita:5:53 pic.png -> pic.png resolved',
      'image a.dita:5:77 nopic.png -> nopic.png broken',
      'conref a.dita:5:103 b.dita#b/p1 -> b.dita#b/p1 resolved',
      'link a.dita:5:158 b.dita -> b.dita resolved',
    ]);
    expect(project.problems.map((p) => `${p.code} ${p.file}:${p.line}`)).toEqual([
      'link-broken a.dita:4',
      'key-undefined a.dita:4',
      'image-missing a.dita:5',
      'topic-missing map.ditamap:5',
    ]);
  });

  it('turns relationship tables into related links, honouring linking', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<topicref href="c.dita"/><topicref href="t.dita"/><topicref href="r.dita"/>
        <reltable><relheader><relcolspec type="concept"/><relcolspec type="task"/><relcolspec type="reference" linking="sourceonly"/></relheader>
        <relrow><relcell><topicref href="c.dita"/></relcell><relcell><topicref href="t.dita"/></relcell><relcell><topicref href="r.dita"/></relcell></relrow></reltable>`),
      'c.dita': CONCEPT('c', 'Concept C', '<p>c</p>'),
      't.dita': `<task id="t"><title>Task T</title><taskbody><steps><step><cmd>Do</cmd></step></steps></taskbody></task>`,
      'r.dita': `<reference id="r"><title>Ref R</title><refbody><section><p>r</p></section></refbody></reference>`,
    });
    const c = mainOf(out.read('c.html'));
    expect(c).toMatch(/Related tasks<\/strong><ul><li class="link"><a href="t.html">Task T<\/a>/);
    expect(c).not.toContain('Ref R');
    const r = mainOf(out.read('r.html'));
    expect(r).toContain('<a href="c.html">Concept C</a>');
    expect(r).toContain('<a href="t.html">Task T</a>');
    out.cleanup();
  });

  it('keeps external links of any scheme the specification allows (news:, ftp:, tel:, urn:, ...) in topics, keys, the nav and reltables', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="archive" href="ftp://ftp.example.com/pub/" scope="external" format="html"/>
<topicref href="a.dita"/>
<topicref href="news:comp.text.xml" scope="external" format="html" navtitle="The newsgroup"/>
<reltable><relrow><relcell><topicref href="a.dita"/></relcell><relcell><topicref href="sftp://files.example.com/drop" scope="external" format="html" navtitle="Drop box"/></relcell></relrow></reltable>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p><xref href="news:comp.text.xml" scope="external" format="html">news</xref> <xref href="ftp://ftp.example.com/pub/a.zip" format="zip">ftp</xref>
<xref href="tel:+1-555-0100" scope="external">call</xref> <xref href="urn:isbn:0-486-27557-4" scope="external" format="html">book</xref>
<xref href="ssh://git@example.com/repo" scope="external">ssh</xref> <xref keyref="archive">archive</xref> <xref href="IRC://irc.example.com/dita" scope="external">chat</xref></p>`,
      ).replace(
        '</concept>',
        '<related-links><link href="gopher://gopher.example.com/" scope="external" format="html"><linktext>Gopher</linktext></link></related-links></concept>',
      ),
    });
    const main = mainOf(out.read('a.html'));
    expect(main).toContain(`<a class="xref" href="news:comp.text.xml"${EXT}>news</a>`);
    expect(main).toContain(`<a class="xref" href="ftp://ftp.example.com/pub/a.zip"${EXT}>ftp</a>`);
    expect(main).toContain(`<a class="xref" href="tel:+1-555-0100"${EXT}>call</a>`);
    expect(main).toContain(`<a class="xref" href="urn:isbn:0-486-27557-4"${EXT}>book</a>`);
    expect(main).toContain(`<a class="xref" href="ssh://git@example.com/repo"${EXT}>ssh</a>`);
    expect(main).toContain(`<a class="xref" href="ftp://ftp.example.com/pub/"${EXT}>archive</a>`);
    expect(main).toContain(`<a class="xref" href="IRC://irc.example.com/dita"${EXT}>chat</a>`);
    expect(main).toContain(`<a href="gopher://gopher.example.com/"${EXT}>Gopher</a>`);
    expect(main).toContain(`<a href="sftp://files.example.com/drop"${EXT}>Drop box</a>`);
    expect(out.read('nav.js')).toContain('"h":"news:comp.text.xml","x":1');
    expect(out.problems.filter((p) => p.code === 'url-refused')).toEqual([]);
    const project = await load({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<p><xref href="news:x" scope="external"/></p>'),
    });
    expect(project.references.find((r) => r.kind === 'xref')?.status).toBe('external');
    out.cleanup();
  });

  it('still loads images and objects only over http(s): an ftp: image is refused where it is written', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '\n<p><image href="ftp://ftp.example.com/a.png" scope="external"><alt>remote</alt></image></p>'),
    });
    expect(mainOf(out.read('a.html'))).toContain('<span class="image">remote</span>');
    expect(out.problems.filter((p) => p.code === 'url-refused').map((p) => `${p.file}:${p.line}`)).toEqual(['a.dita:4']);
    out.cleanup();
  });

  it('links every topic of a reltable cell to every topic of the other cells, with the link text and description the map gives', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<topicref href="c.dita"/><topicref href="d.dita"/><topicref href="t.dita"/><topicref href="u.dita"/>
        <reltable>
        <relrow><relcell><topicref href="c.dita"/><topicref href="d.dita"/></relcell>
          <relcell><topicref href="t.dita"><topicmeta><linktext>Do the T thing</linktext><shortdesc>How T is done.</shortdesc></topicmeta></topicref><topicref href="u.dita"/></relcell></relrow>
        <relrow><relcell><topicref href="c.dita"/></relcell><relcell><topicref href="u.dita"/></relcell></relrow>
        </reltable>`),
      'c.dita': CONCEPT('c', 'Concept C', '<p>c</p>'),
      'd.dita': CONCEPT('d', 'Concept D', '<p>d</p>'),
      't.dita': `<task id="t"><title>Task T</title><shortdesc>T's own description.</shortdesc><taskbody><steps><step><cmd>Do</cmd></step></steps></taskbody></task>`,
      'u.dita': `<task id="u"><title>Task U</title><taskbody><steps><step><cmd>Do</cmd></step></steps></taskbody></task>`,
    });
    for (const page of ['c.html', 'd.html']) {
      const main = mainOf(out.read(page));
      expect(main).toContain('<li class="link"><a href="t.html">Do the T thing</a><p class="linkdesc">How T is done.</p></li>');
      // Task U is related to C by two rows: listed once.
      expect(main.match(/<a href="u.html">Task U<\/a>/g)).toHaveLength(1);
      // Topics of one cell are not related to each other.
      expect(main).not.toMatch(/href="(c|d).html">Concept/);
    }
    for (const page of ['t.html', 'u.html']) {
      const main = mainOf(out.read(page));
      expect(main.match(/<a href="c.html">Concept C<\/a>/g)).toHaveLength(1);
      expect(main).toContain('<a href="d.html">Concept D</a>');
    }
    out.cleanup();
  });

  it('lists a target once per role: a child link and a related link both, a related link written in the topic and one from a reltable once', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<topicref href="a.dita"><topicref href="b.dita"/></topicref><topicref href="c.dita"/>
        <reltable><relrow><relcell><topicref href="a.dita"/></relcell><relcell><topicref href="b.dita"/><topicref href="c.dita"/></relcell></relrow></reltable>`),
      'a.dita': CONCEPT('a', 'A', '<p>a</p>').replace('</concept>', '<related-links><link href="c.dita"/></related-links></concept>'),
      'b.dita': CONCEPT('b', 'Concept B', '<p>b</p>'),
      'c.dita': CONCEPT('c', 'Concept C', '<p>c</p>'),
    });
    const main = mainOf(out.read('a.html'));
    expect(main.match(/<a href="c.html">Concept C<\/a>/g)).toHaveLength(1);
    expect(main).toContain('<li class="link ulchildlink"><strong><a href="b.html">Concept B</a></strong></li>');
    expect(main).toContain('<li class="link"><a href="b.html">Concept B</a></li>');
    out.cleanup();
  });
});
