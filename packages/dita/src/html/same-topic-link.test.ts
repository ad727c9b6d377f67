import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

describe('same-topic links in conref content', () => {
  it('point at the page that shows the content, not at the file it came from', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="lib.dita"/>'),
      'lib.dita': CONCEPT('lib', 'Library', '<p id="p1">See <xref href="#./p2">two</xref>.</p><p id="p2">Two.</p>'),
      'a.dita': CONCEPT('a', 'Using', '<p id="p1" conref="lib.dita#lib/p1"/><p id="p2" conref="lib.dita#lib/p2"/>'),
    });
    // In a.html the link goes to a's own copy of p2; in lib.html to lib's.
    expect(mainOf(out.read('a.html'))).toContain('<a class="xref" href="#a__p2">two</a>');
    expect(mainOf(out.read('lib.html'))).toContain('<a class="xref" href="#lib__p2">two</a>');
    out.cleanup();
  });
});
