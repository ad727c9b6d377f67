import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags } from './fixture-helpers.js';

const KW = (text: string) => `<topicmeta><keywords><keyword>${text}</keyword></keywords></topicmeta>`;

describe('key references (DITA 1.3, 2.3.4)', () => {
  it('makes keyword, term, ph, cite, text and their specializations links when the key has an href, with the key text (2.3.4.6, 2.3.4.8)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="tool" href="tool.dita">${KW('The Tool')}</keydef>
        <keydef keys="plain">${KW('Plain')}</keydef>
        <keydef keys="nolink" href="tool.dita" linking="none">${KW('No link')}</keydef>
        <topicref href="a.dita"/><topicref href="tool.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p id="p1">[<keyword keyref="tool"/>] [<term keyref="tool"/>] [<ph keyref="tool"/>] [<cite keyref="tool"/>] [<text keyref="tool"/>]</p>
         <p id="p2">[<uicontrol keyref="tool"/>] [<cmdname keyref="tool"/>] [<xmlelement keyref="tool"/>] [<ph keyref="tool">own</ph>]</p>
         <p id="p3">[<keyword keyref="plain"/>] [<ph keyref="plain"/>] [<ph keyref="nolink"/>] [<keyword keyref="nolink">own</keyword>]</p>`,
      ),
      'tool.dita': CONCEPT('tool', 'Tool topic', '<p>t</p>'),
    });
    const html = mainOf(out.read('a.html'));
    const para = (id: string) => html.match(new RegExp(`<p id="a__${id}" class="p">(.*?)</p>`, 's'))?.[1] ?? '';
    // Every reference to a key bound to a resource becomes a link to it, its text the key's.
    expect(stripTags(para('p1'))).toBe('[The Tool] [The Tool] [The Tool] [The Tool] [The Tool]');
    expect(para('p1').match(/<a class="keylink" href="tool.html">/g)).toHaveLength(5);
    expect(para('p1')).toContain('<a class="keylink" href="tool.html"><cite class="cite">The Tool</cite></a>');
    // Specializations of ph and keyword (ui-d, sw-d, xml-d) too; the element's own content wins.
    expect(stripTags(para('p2'))).toBe('[The Tool] [The Tool] [<The Tool>] [own]');
    expect(para('p2').match(/<a class="keylink" href="tool.html">/g)).toHaveLength(4);
    // A key bound to no resource, or with linking="none", gives text only.
    expect(stripTags(para('p3'))).toBe('[Plain] [Plain] [No link] [own]');
    expect(para('p3')).not.toContain('<a');
    out.cleanup();
  });

  it('keeps the file name of a non-DITA resource a key is bound to, from a map and topic in other folders', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<mapref href="sub/keys.ditamap"/><topicref href="topics/a.dita"/>`),
      'sub/keys.ditamap': MAP(`<keydef keys="manual" href="files/Manual v2.pdf" format="pdf"/>
        <keydef keys="sheet" href="files/data.csv" format="csv"><topicmeta><linktext>Data sheet</linktext></topicmeta></keydef>
        <keydef keys="legacy" href="old/page.html" format="html"/>`),
      'topics/a.dita': CONCEPT(
        'a',
        'A',
        '<p>[<xref keyref="manual"/>] [<xref keyref="sheet"/>] [<xref keyref="legacy"/>] [<keyword keyref="manual"/>]</p>',
        '',
      ).replace('</concept>', '<related-links><link keyref="manual"/></related-links></concept>'),
      'sub/files/Manual v2.pdf': Buffer.from('%PDF-1.4'),
      'sub/files/data.csv': 'a,b\n',
      'sub/old/page.html': '<html></html>',
    });
    const html = mainOf(out.read('topics/a.html'));
    // The link goes to the file under its own name (not a page made of it); with no link text
    // the link shows its address, as DITA-OT shows the href the key gave the element.
    expect(html).toContain('[<a class="xref" href="../sub/files/Manual v2.pdf">../sub/files/Manual v2.pdf</a>]');
    expect(html).toContain('[<a class="xref" href="../sub/files/data.csv">Data sheet</a>]');
    expect(html).toContain('[<a class="xref" href="../sub/old/page.html">../sub/old/page.html</a>]');
    expect(html).toContain('[<a class="keylink" href="../sub/files/Manual v2.pdf"><span class="keyword">../sub/files/Manual v2.pdf</span></a>]');
    expect(out.read('topics/a.html')).toMatch(/class="related-links".*<a href="\.\.\/sub\/files\/Manual v2\.pdf">\.\.\/sub\/files\/Manual v2\.pdf<\/a>/s);
    expect(out.written).toEqual(expect.arrayContaining(['sub/files/Manual v2.pdf', 'sub/files/data.csv', 'sub/old/page.html']));
    out.cleanup();
  });

  it('links a key to the topic its definition names when one document is split over several topicrefs, or several topics are combined in one chunk', async () => {
    const DOC = `<?xml version="1.0" encoding="UTF-8"?>\n<dita><concept id="t1"><title>First part</title><conbody><p>1</p></conbody></concept><concept id="t2"><title>Second part</title><conbody><p id="x">2</p></conbody></concept></dita>\n`;
    const out = await publishFixture({
      'map.ditamap': MAP(`<topicref href="a.dita"/>
        <topicref keys="one" href="multi.dita#t1"/><topicref keys="two" href="multi.dita#t2"/>
        <topicref keys="whole" href="p.dita" chunk="to-content"><topicref keys="part" href="c.dita"/></topicref>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<p>[<xref keyref="one"/>] [<xref keyref="two"/>] [<xref keyref="two/x"/>] [<xref keyref="part"/>] [<xref keyref="whole"/>]</p>',
      ),
      'multi.dita': DOC,
      'p.dita': CONCEPT('p', 'Whole', '<p>w</p>'),
      'c.dita': CONCEPT('c', 'Part', '<p>c</p>'),
    });
    const html = mainOf(out.read('a.html'));
    const links = [...html.matchAll(/<a class="xref" href="([^"]*)">([^<]*)<\/a>/g)].map((m) => `${m[2]} -> ${m[1]}`);
    // Each topicref of the split document gives its topic a place the key leads to.
    const first = links[0]?.split(' -> ')[1] ?? '';
    const second = links[1]?.split(' -> ')[1] ?? '';
    expect(links[0]).toMatch(/^First part -> /);
    expect(links[1]).toMatch(/^Second part -> /);
    expect(links[2]).toBe(`2 -> ${second.includes('#') ? second.slice(0, second.indexOf('#')) : second}#t2__x`);
    const page = (url: string) => out.read(url.split('#')[0] ?? '');
    expect(stripTags(mainOf(page(first)))).toContain('First part');
    expect(mainOf(page(second))).toContain('Second part');
    if (second.includes('#')) expect(page(second)).toContain(`id="${second.split('#')[1]}"`);
    // The combined chunk: the part's key leads into the page of the whole, at the part.
    expect(links.slice(3)).toEqual(['Part -> p.html#c', 'Whole -> p.html']);
    out.cleanup();
  });

  it("lets a topicref that refers to a key keep its own content and attributes and take the key definition's others (2.3.4.7)", async () => {
    const out = await publishFixture({
      'map.ditamap':
        MAP(`<keydef keys="guide" href="guide.dita" toc="no" locktitle="yes" collection-type="sequence"><topicmeta><navtitle>Key title</navtitle></topicmeta></keydef>
        <topicref href="a.dita"/>
        <topicref keyref="guide" toc="yes"><topicmeta><navtitle>Own title</navtitle></topicmeta>
          <topicref href="s1.dita"/><topicref href="s2.dita"/>
        </topicref>`),
      'a.dita': CONCEPT('a', 'A', '<p>a</p>'),
      'guide.dita': CONCEPT('guide', 'Guide topic', '<p>g</p>'),
      's1.dita': CONCEPT('s1', 'Step one', '<p>1</p>'),
      's2.dita': CONCEPT('s2', 'Step two', '<p>2</p>'),
    });
    const nav = out.read('nav.js');
    // toc="yes" of the reference wins over the key's toc="no"; the key's locktitle="yes" makes the
    // reference's own navtitle (which wins over the key's) the TOC entry.
    expect(nav).toContain('Own title');
    expect(nav).not.toContain('Guide topic');
    expect(nav).not.toContain('Key title');
    // The key's collection-type="sequence" orders the children: next and previous links.
    expect(out.read('s1.html')).toMatch(/href="s2.html"[^>]*>Step two/);
    out.cleanup();
  });

  it('resolves @keyref on the other elements of DITA 1.3 that take it: hi-d and domain specializations, longquoteref, image specializations', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="tool" href="tool.dita">${KW('The Tool')}</keydef>
        <keydef keys="manual" href="https://example.com/manual" scope="external"><topicmeta><linktext>Pilot manual</linktext></topicmeta></keydef>
        <keydef keys="hot" href="img/hot.png"><topicmeta><linktext>Hot surface</linktext></topicmeta></keydef>
        <topicref href="a.dita"/><topicref href="tool.dita"/>`),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<p id="p1">[<b keyref="tool"/>] [<product class="- topic/ph my-d/product " keyref="tool"/>] [<synph keyref="tool"/>]</p>
         <lq><longquoteref keyref="manual"/><p>Check twice.</p></lq>
         <hazardstatement type="caution"><messagepanel><typeofhazard>Heat</typeofhazard></messagepanel><hazardsymbol keyref="hot"/></hazardstatement>`,
      ),
      'tool.dita': CONCEPT('tool', 'Tool topic', '<p>t</p>'),
      'img/hot.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    const html = mainOf(out.read('a.html'));
    const p1 = html.match(/<p id="a__p1" class="p">(.*?)<\/p>/s)?.[1] ?? '';
    expect(stripTags(p1)).toBe('[The Tool] [The Tool] [The Tool]');
    expect(p1.match(/<a class="keylink" href="tool.html">/g)).toHaveLength(3);
    // longquoteref (DITA 1.3) names the quotation's source as lq/@keyref does.
    expect(html).toContain(
      '<p class="p">Check twice.</p><div class="lq-source"><a href="https://example.com/manual"><cite>Pilot manual</cite></a></div></blockquote>',
    );
    // hazardsymbol is an image: the key gives its file and alternate text.
    expect(html).toMatch(/<img[^>]* src="img\/hot.png" alt="Hot surface"/);
    expect(out.written).toContain('img/hot.png');
    out.cleanup();
  });

  it('opens a non-DITA resource a topicref names by key under its own file name, from the TOC', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<mapref href="sub/keys.ditamap"/><topicref href="a.dita"/><topicref keyref="manual"/><topicref keyref="sheet"/>`),
      'sub/keys.ditamap': MAP(`<keydef keys="manual" href="files/manual.pdf" format="pdf"><topicmeta><navtitle>Pilot manual</navtitle></topicmeta></keydef>
        <keydef keys="sheet" href="files/data.csv" format="csv"/>`),
      'a.dita': CONCEPT('a', 'A', '<p>a</p>'),
      'sub/files/manual.pdf': Buffer.from('%PDF-1.4'),
      'sub/files/data.csv': 'a,b\n',
    });
    const nav = out.read('nav.js');
    expect(nav).toContain('{"t":"Pilot manual","h":"sub/files/manual.pdf"}');
    expect(nav).toContain('{"t":"sub/files/data.csv","h":"sub/files/data.csv"}');
    expect(out.written).toEqual(expect.arrayContaining(['sub/files/manual.pdf', 'sub/files/data.csv']));
    out.cleanup();
  });

  it('reports a non-DITA file a key names that is not there once, where it is named, and gives it no TOC link', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="gone" href="files/gone.pdf" format="pdf"><topicmeta><navtitle>Gone</navtitle></topicmeta></keydef>
        <topicref href="a.dita"/><topicref keyref="gone"/>`),
      'a.dita': CONCEPT('a', 'A', '<p>[<xref keyref="gone"/>]</p>'),
    });
    expect(out.read('nav.js')).toContain('{"t":"Gone"}');
    expect(out.written).not.toContain('files/gone.pdf');
    const gone = out.problems.filter((p) => p.message.includes('gone.pdf'));
    // Each reference that names it, once (the key definition, the topicref and the xref), not again when copying.
    expect(gone.map((p) => `${p.file}:${p.line}`).sort()).toEqual(['a.dita:3', 'map.ditamap:3', 'map.ditamap:4']);
    out.cleanup();
  });

  it('lets a topicref key win over its own @href, which is the fallback for an undefined key (2.3.4.1)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<keydef keys="current" href="new.dita"/>
        <topicref href="old.dita" keyref="current"/><topicref href="fallback.dita" keyref="undefined-key"/>`),
      'old.dita': CONCEPT('old', 'Old topic', '<p>o</p>'),
      'new.dita': CONCEPT('new', 'New topic', '<p>n</p>'),
      'fallback.dita': CONCEPT('fallback', 'Fallback topic', '<p>f</p>'),
    });
    const nav = out.read('nav.js');
    expect(nav).toContain('{"t":"New topic","h":"new.html"}');
    expect(nav).toContain('{"t":"Fallback topic","h":"fallback.html"}');
    expect(nav).not.toContain('Old topic');
    expect(out.problems.filter((p) => p.code === 'key-undefined')).toEqual([]);
    out.cleanup();
  });
});
