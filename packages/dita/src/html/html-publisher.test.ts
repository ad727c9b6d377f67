import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, stripTags, TASK } from '../../test/fixture-helpers.js';

describe('HTML5 output', () => {
  it('renders tasks with numbered steps, generated headings and notes with type labels', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="t.dita"/>'),
      't.dita': TASK(
        't',
        'Install it',
        `<prereq><p>Have rights.</p></prereq><context><p>Why.</p></context>
         <steps><step><cmd>First</cmd><info><note type="warning">Careful</note></info></step><step importance="optional"><cmd>Second</cmd>
         <substeps><substep><cmd>Sub one</cmd></substep></substeps></step></steps><result><p>Done.</p></result>`,
      ),
    });
    const html = mainOf(out.read('t.html'));
    expect(html).toContain('<h1 class="title topictitle1">Install it</h1>');
    expect(html).toContain('<h2 class="title sectiontitle tasklabel">Before you begin</h2>');
    expect(html).toContain('<h2 class="title sectiontitle tasklabel">Procedure</h2><ol class="steps"><li class="step"><span class="cmd">First</span>');
    expect(html).toContain('<div class="note note_warning"><span class="note__title">WARNING: </span> Careful</div>');
    expect(html).toContain('<span class="importance">Optional: </span>');
    expect(html).toContain('<ol class="substeps">');
    expect(html).toContain('Results</h2>');
    out.cleanup();
  });

  it('generates text in the content language (zh)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="z.dita"/>', ' xml:lang="zh-CN"'),
      'z.dita': `<task id="z" xml:lang="zh-CN"><title>安装</title><taskbody><steps><step><cmd>第一步</cmd></step></steps></taskbody></task>`,
      'n.dita': CONCEPT('n', 'n', '<note>x</note>'),
    });
    const page = out.read('z.html');
    expect(page).toContain('<html lang="zh-CN">');
    expect(page).toContain('过程</h2>');
    expect(page).toContain('placeholder="搜索"');
    out.cleanup();
    const out2 = await publishFixture({
      'map.ditamap': MAP('<topicref href="n.dita"/>'),
      'n.dita': CONCEPT('n', 'N', '<note type="tip">x</note><note type="caution">y</note>').replace('<concept id="n">', '<concept id="n" xml:lang="zh-CN">'),
    });
    expect(out2.read('n.html')).toContain('<span class="note__title">提示：</span>');
    expect(out2.read('n.html')).toContain('<span class="note__title">小心：</span>');
    out2.cleanup();
    // A choicetable without <chhead> gets column headings in the topic's language.
    const choices = '<steps><step><cmd>Pick</cmd><choicetable><chrow><choption>A</choption><chdesc>a</chdesc></chrow></choicetable></step></steps>';
    const out3 = await publishFixture({
      'map.ditamap': MAP('<topicref href="zh.dita"/><topicref href="en.dita"/>'),
      'zh.dita': TASK('zh', '选择', choices).replace('<task id="zh">', '<task id="zh" xml:lang="zh-CN">'),
      'en.dita': TASK('en', 'Choose', choices),
    });
    expect(out3.read('zh.html')).toContain('<thead><tr><th>选项</th><th>描述</th></tr></thead>');
    expect(out3.read('en.html')).toContain('<thead><tr><th>Option</th><th>Description</th></tr></thead>');
    out3.cleanup();
  });

  it('renders CALS tables with column widths, column and row spans, and simple tables', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        `<table><title>Spans</title><tgroup cols="3"><colspec colname="c1" colwidth="1*"/><colspec colname="c2" colwidth="2*"/><colspec colname="c3" colwidth="1*"/>
          <thead><row><entry>H1</entry><entry>H2</entry><entry>H3</entry></row></thead>
          <tbody><row><entry namest="c1" nameend="c2">wide</entry><entry morerows="1">tall</entry></row>
          <row><entry>a</entry><entry>b</entry></row></tbody></tgroup></table>
          <simpletable relcolwidth="1* 3*"><sthead><stentry>K</stentry><stentry>V</stentry></sthead><strow><stentry>k1</stentry><stentry>v1</stentry></strow></simpletable>`,
      ),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('<caption><span class="table--title-label">Table 1. </span><span class="title">Spans</span></caption>');
    expect(html).toContain('<col style="width:25.00%"><col style="width:50.00%"><col style="width:25.00%">');
    expect(html).toContain('<td class="entry" colspan="2">wide</td><td class="entry" rowspan="2">tall</td>');
    expect(html).toContain('<tr class="row"><td class="entry">a</td><td class="entry">b</td></tr>');
    expect(html).toContain('<thead><tr><th class="stentry">K</th><th class="stentry">V</th></tr></thead>');
    out.cleanup();
  });

  it('writes a nav tree, an index, a search index, and copies images', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topichead navtitle="Group"><topicref href="topics/a.dita"><topicref href="topics/b.dita"/></topicref></topichead>'),
      'topics/a.dita': CONCEPT('a', 'Alpha', '<p>Alpha body <image href="../img/x.png"><alt>x</alt></image></p>', '<shortdesc>About alpha.</shortdesc>'),
      'topics/b.dita': CONCEPT('b', 'Beta', '<p>Searchable <b>zeb</b>ra word.</p><p>Next</p>'),
      'img/x.png': 'PNG',
    });
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"Group","c":[{"t":"Alpha","h":"topics/a.html","c":[{"t":"Beta","h":"topics/b.html"}]}]}];\n');
    const index = JSON.parse(out.read('search-index.json')) as Array<{ t: string; u: string; s: string; k: string[] }>;
    expect(index.map((e) => [e.t, e.u, e.s])).toEqual([
      ['Alpha', 'topics/a.html', 'About alpha.'],
      ['Beta', 'topics/b.html', ''],
    ]);
    // Blocks are words apart (title, shortdesc, paragraphs); inline highlights run on.
    expect(index[0]?.k).toEqual(expect.arrayContaining(['alpha', 'about', 'body']));
    expect(index[0]?.k).not.toContain('alphaabout');
    expect(index[1]?.k).toEqual(expect.arrayContaining(['zebra', 'word', 'next']));
    expect(index[1]?.k).not.toContain('wordnext');
    expect(out.read('topics/a.html')).toContain('<img class="image" src="../img/x.png" alt="x">');
    expect(out.read('img/x.png')).toBe('PNG');
    expect(mainOf(out.read('topics/a.html'))).toContain('<li class="link ulchildlink"><strong><a href="b.html">Beta</a></strong></li>');
    expect(mainOf(out.read('topics/b.html'))).toContain('Parent topic: </strong><a href="a.html">Alpha</a>');
    expect(out.read('index.html')).toContain('<a href="topics/a.html">Alpha</a>');
    // Every page carries the tree itself (readable without JavaScript), its own entry marked.
    expect(out.read('topics/b.html')).toContain(
      '<nav class="toc" id="ccms-toc" aria-label="Contents"><ul><li><span class="head">Group</span><ul><li><a href="../topics/a.html">Alpha</a><ul><li class="active"><a href="../topics/b.html" aria-current="page">Beta</a></li></ul></li></ul></li></ul></nav>',
    );
    expect(out.read('topics/a.html')).toContain(
      '<li class="active"><a href="../topics/a.html" aria-current="page">Alpha</a><ul><li><a href="../topics/b.html">Beta</a>',
    );
    expect(out.written).toEqual(expect.arrayContaining(['ccms-dita.css', 'ccms-dita.js', 'search-index.js', 'index.html']));
    out.cleanup();
  });

  it('links peer and external topicrefs from the navigation tree', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="topics/a.dita"/><topicref href="../other/guide.dita#g/s" scope="peer" navtitle="Other guide"/><topicref href="https://example.com/x" scope="external" format="html" navtitle="Site"/>',
      ),
      'topics/a.dita': CONCEPT('a', 'Alpha', '<p>Alpha</p>'),
    });
    expect(out.read('nav.js')).toBe(
      'window.CCMS_NAV=[{"t":"Alpha","h":"topics/a.html"},{"t":"Other guide","h":"../other/guide.html#g__s"},{"t":"Site","h":"https://example.com/x","x":1}];\n',
    );
    // The tree written into a page: the peer page relative to this page, the URL as it is.
    const toc = out.read('topics/a.html');
    expect(toc).toContain('<li><a href="../../other/guide.html#g__s">Other guide</a></li>');
    expect(toc).toContain('<li><a href="https://example.com/x">Site</a></li>');
    out.cleanup();
  });

  it('reads prolog metadata into the topic model and the page head', async () => {
    const prolog = `<prolog><author>Ann Writer</author><author>Bo Editor</author><critdates><created date="2024-01-15"/><revised modified="2024-03-01"/><revised modified="2024-06-30"/></critdates>
      <metadata><keywords><keyword>widgets</keyword><keyword keyref="prod"/><indexterm>not a keyword</indexterm></keywords><othermeta name="product-area" content="Install &amp; &quot;setup&quot;"/></metadata></prolog>`;
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<keydef keys="prod"><topicmeta><keywords><keyword>Gadget</keyword></keywords></topicmeta></keydef><topicref href="a.dita"/><topicref href="b.dita"/>',
      ),
      'a.dita': CONCEPT('a', 'A', '<p>a</p>', `<shortdesc>About A.</shortdesc>${prolog}`),
      'b.dita': CONCEPT('b', 'B', '<p>b</p>'),
    });
    expect(out.project.metadataOf('a.dita')).toEqual({
      authors: ['Ann Writer', 'Bo Editor'],
      created: '2024-01-15',
      revised: ['2024-03-01', '2024-06-30'],
      keywords: ['widgets', 'Gadget'],
      othermeta: [{ name: 'product-area', content: 'Install & "setup"' }],
      audiences: [],
      categories: [],
      copyrights: [],
      products: [],
      resourceIds: [],
      data: [],
    });
    expect(out.project.metadataOf('b.dita')).toEqual({
      authors: [],
      revised: [],
      keywords: [],
      othermeta: [],
      audiences: [],
      categories: [],
      copyrights: [],
      products: [],
      resourceIds: [],
      data: [],
    });
    const head = out.read('a.html').split('</head>')[0] ?? '';
    expect(head).toContain(`<meta name="description" content="About A.">
<meta name="author" content="Ann Writer">
<meta name="author" content="Bo Editor">
<meta name="keywords" content="widgets, Gadget">
<meta name="dcterms.created" content="2024-01-15">
<meta name="dcterms.modified" content="2024-06-30">
<meta name="product-area" content="Install &amp; &quot;setup&quot;">
<link rel="stylesheet"`);
    expect(out.read('b.html')).not.toContain('<meta name="author"');
    out.cleanup();
  });

  it('merges @chunk="to-content" children into one page and honours @copy-to', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="a.dita" chunk="to-content"><topicref href="b.dita"/></topicref><topicref href="c.dita"/><topicref href="b.dita" copy-to="b-copy.dita"/>',
      ),
      'a.dita': CONCEPT('a', 'A', '<p>Go to <xref href="b.dita"/>.</p>'),
      'b.dita': CONCEPT('b', 'B', '<p>b body</p>'),
      'c.dita': CONCEPT('c', 'C', '<p><xref href="b.dita"/></p>'),
    });
    expect(out.written).not.toContain('b.html');
    const a = mainOf(out.read('a.html'));
    expect(a).toContain('<article id="b" class="topic concept"><h2 class="title topictitle2">B</h2>');
    expect(a).toContain('<a class="xref" href="#b">B</a>');
    expect(mainOf(out.read('c.html'))).toContain('<a class="xref" href="a.html#b">B</a>');
    expect(stripTags(mainOf(out.read('b-copy.html')))).toContain('b body');
    out.cleanup();
  });

  it('reads bookmaps (parts, chapters, appendices) and subject schemes', async () => {
    const out = await publishFixture(
      {
        'book.ditamap': `<bookmap><booktitle><mainbooktitle>The Book</mainbooktitle></booktitle><frontmatter><booklists><toc/></booklists></frontmatter>
        <part href="p.dita"><chapter href="c1.dita"/></part><appendices><appendix href="ap.dita"/></appendices>
        <backmatter><topicref href="back.dita"/></backmatter><mapref href="scheme.ditamap"/></bookmap>`,
        'scheme.ditamap': `<subjectScheme><subjectdef keys="os"><subjectdef keys="linux"/><subjectdef keys="mac"/></subjectdef>
        <enumerationdef><attributedef name="platform"/><subjectdef keyref="os"/></enumerationdef></subjectScheme>`,
        'p.dita': CONCEPT('p', 'Part', ''),
        'c1.dita': CONCEPT('c1', 'Chapter 1', ''),
        'ap.dita': CONCEPT('ap', 'Appendix', ''),
        'back.dita': CONCEPT('back', 'Back', ''),
      },
      { map: 'book.ditamap' },
    );
    expect(out.project.map.titleText).toBe('The Book');
    expect(out.project.map.isBookmap).toBe(true);
    expect(out.read('nav.js')).toContain(
      '{"t":"Part","h":"p.html","c":[{"t":"Chapter 1","h":"c1.html"}]},{"t":"Appendix","h":"ap.html"},{"t":"Back","h":"back.html"}',
    );
    expect(out.project.map.subjectSchemes[0]?.enumerations.get('platform')).toEqual(['linux', 'mac']);
    out.cleanup();
  });
  it("resolves a key in the map's title: the site header, the contents page and the PDF running head name the product", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<keydef keys="product"><topicmeta><keywords><keyword>Widget Pro</keyword></keywords></topicmeta></keydef><topicref href="t.dita"/>',
      ).replace('<title>Test map</title>', '<title><keyword keyref="product"/> user guide</title>'),
      't.dita': CONCEPT('t', 'Start', '<p>Go.</p>'),
    });
    expect(out.project.map.titleText).toBe('Widget Pro user guide');
    expect(out.read('t.html')).toContain('<a class="site-title" href="index.html">Widget Pro user guide</a>');
    expect(out.read('index.html')).toContain('<h1>Widget Pro user guide</h1>');
    out.cleanup();
  });

  it('resolves a key in a navtitle: the navigation names the product, not an empty title', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<keydef keys="product"><topicmeta><keywords><keyword>Widget Pro</keyword></keywords></topicmeta></keydef><topicref href="t.dita" locktitle="yes"><topicmeta><navtitle>About <keyword keyref="product"/></navtitle></topicmeta></topicref>',
      ),
      't.dita': CONCEPT('t', 'Start', '<p>Go.</p>'),
    });
    expect(out.project.map.nodes.find((n) => n.href === 't.dita')?.navtitle).toBe('About Widget Pro');
    expect(out.read('nav.js')).toContain('{"t":"About Widget Pro","h":"t.html"}');
    out.cleanup();
  });
});
