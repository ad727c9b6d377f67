import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from './fixture-helpers.js';

describe('topic types and map features', () => {
  it('renders glossary entries: term as title, definition as short description, usage in the body', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="g.dita"/><topicref href="a.dita"/>'),
      'g.dita': `<glossentry id="g"><glossterm>API</glossterm><glossdef>Application programming interface.</glossdef>
        <glossBody><glossUsage>Spell it out first.</glossUsage><glossAlt><glossAcronym>API</glossAcronym></glossAlt></glossBody></glossentry>`,
      'a.dita': CONCEPT('a', 'A', '<p>See <xref href="g.dita"/>.</p>'),
    });
    expect(mainOf(out.read('g.html'))).toContain(
      '<article id="g" class="topic glossentry"><h1 class="title topictitle1">API</h1><p class="shortdesc">Application programming interface.</p><div class="body glossBody"><div class="glossUsage">Spell it out first.</div></div></article>',
    );
    // A link to the entry takes the term as its text.
    expect(mainOf(out.read('a.html'))).toContain('<a class="xref" href="g.html">API</a>');
    expect(out.read('nav.js')).toContain('{"t":"API","h":"g.html"}');
    out.cleanup();
  });

  it('renders troubleshooting topics: condition, cause and remedy with generated headings and steps', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="tr.dita"/>'),
      'tr.dita': `<troubleshooting id="tr"><title>Printer jams</title><shortdesc>What to do.</shortdesc><troublebody>
        <condition><p>Paper stops.</p></condition><troubleSolution><cause><p>Wet paper.</p></cause><remedy><title>Dry the paper</title><steps><step><cmd>Dry it.</cmd></step></steps></remedy></troubleSolution>
        </troublebody></troubleshooting>`,
    });
    expect(mainOf(out.read('tr.html'))).toContain(
      '<div class="body troublebody"><section class="section condition"><h2 class="title sectiontitle tasklabel">Condition</h2><p class="p">Paper stops.</p></section>' +
        '<div class="troubleSolution"><section class="section cause"><h2 class="title sectiontitle tasklabel">Cause</h2><p class="p">Wet paper.</p></section>' +
        '<section class="section remedy"><h2 class="title sectiontitle">Dry the paper</h2><section class="section steps"><h2 class="title sectiontitle tasklabel">Procedure</h2>' +
        '<ol class="steps"><li class="step"><span class="cmd">Dry it.</span></li></ol></section></section></div></div>',
    );
    out.cleanup();
  });

  it('keeps processing-role="resource-only" topics out of the navigation and the output, but usable', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="a.dita"/><topicref href="lib.dita" processing-role="resource-only"/><topicgroup processing-role="resource-only"><topicref href="lib2.dita"/></topicgroup>',
      ),
      'a.dita': CONCEPT('a', 'A', '<p conref="lib.dita#lib/shared"/><p conref="lib2.dita#lib2/more"/>'),
      'lib.dita': CONCEPT('lib', 'Library', '<p id="shared">Shared text.</p>'),
      'lib2.dita': CONCEPT('lib2', 'Library two', '<p id="more">More text.</p>'),
    });
    expect(out.project.problems).toEqual([]);
    expect(out.written.filter((w) => w.endsWith('.html')).sort()).toEqual(['a.html', 'index.html']);
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"A","h":"a.html"}];\n');
    expect(out.read('search-index.json')).not.toContain('Library');
    expect(out.read('a.html')).not.toContain('Library');
    expect(mainOf(out.read('a.html'))).toContain('<p class="p">Shared text.</p><p class="p">More text.</p>');
    out.cleanup();
  });

  it('leaves scope="peer" links to the other publication: not read, not resolved locally, not reported broken', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="../peer/other.dita" scope="peer" navtitle="Other guide"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<p><xref href="../peer/guide.dita#g/s1" scope="peer">Peer guide</xref> <xref href="sibling.dita" scope="peer"/> <xref href="notes.pdf" scope="peer" format="pdf">Notes</xref></p>',
      ).replace('</concept>', '<related-links><link href="../peer/ref.dita" scope="peer"><linktext>Peer ref</linktext></link></related-links></concept>'),
    });
    expect(out.project.problems).toEqual([]);
    expect([...out.project.docs.keys()]).toEqual(['map.ditamap', 'a.dita']);
    expect(
      out.project.references
        .filter((r) => r.value.includes('peer') || r.value.startsWith('sibling') || r.value.startsWith('notes'))
        .map((r) => `${r.kind} ${r.value} ${r.status}`),
    ).toEqual([
      'topicref ../peer/other.dita external',
      'xref ../peer/guide.dita#g/s1 external',
      'xref sibling.dita external',
      'xref notes.pdf external',
      'link ../peer/ref.dita external',
    ]);
    const a = mainOf(out.read('a.html'));
    // Peer DITA files are published as pages too; peer links open in the same window.
    expect(a).toContain(
      '<a class="xref" href="../peer/guide.html#g__s1">Peer guide</a> <a class="xref" href="sibling.html">sibling.dita</a> <a class="xref" href="notes.pdf">Notes</a>',
    );
    expect(a).toContain('<li class="link"><a href="../peer/ref.html">Peer ref</a></li>');
    expect(a).not.toContain('target="_blank"');
    // The peer topicref opens the other publication's page from the navigation tree too.
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"A","h":"a.html"},{"t":"Other guide","h":"../peer/other.html"}];\n');
    out.cleanup();
  });

  it('records <object> data in the link graph, copies it, and reports missing data', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        '\n<object data="media/clip.mp4" type="video/mp4"><desc>A clip</desc></object>\n<object data="media/gone.swf"/><object data="https://example.com/v.mp4"/>',
      ),
      'media/clip.mp4': 'MP4',
    });
    expect(
      out.project.references.filter((r) => r.kind === 'object').map((r) => `${r.file}:${r.line}:${r.column} ${r.value} -> ${r.targetFile} ${r.status}`),
    ).toEqual([
      'a.dita:4:1 media/clip.mp4 -> media/clip.mp4 resolved',
      'a.dita:5:1 media/gone.swf -> media/gone.swf broken',
      'a.dita:5:32 https://example.com/v.mp4 -> https://example.com/v.mp4 external',
    ]);
    expect(out.project.problems).toMatchObject([{ code: 'image-missing', file: 'a.dita', line: 5, column: 1 }]);
    expect(out.read('media/clip.mp4')).toBe('MP4');
    expect(mainOf(out.read('a.html'))).toContain('<object class="object" data="media/clip.mp4" type="video/mp4">A clip</object>');
    out.cleanup();
  });
});
