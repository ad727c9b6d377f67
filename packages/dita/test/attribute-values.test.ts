import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from './fixture-helpers.js';

describe('ID and NMTOKEN attribute values are whitespace-normalised before matching (XML 1.0 3.3.3)', () => {
  it('matches id="\\n p1" as p1 for conrefs, cross references and topic ids', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="b.dita"/>'),
      // The DTD declares @id as ID on topics and NMTOKEN on elements: a validating parser reads "p1" and "a".
      'a.dita': CONCEPT('\n  a ', 'A', '<p id="\n p1">Shared paragraph.</p><section id="s1\t"><title>Section one</title></section>'),
      'b.dita': CONCEPT('b', 'B', '<p conref="a.dita#a/p1"/><p><xref href="a.dita#a/p1">to p1</xref> <xref href="a.dita#a/s1"/> <xref href="a.dita#a"/></p>'),
    });
    expect(out.problems).toEqual([]);
    const b = mainOf(out.read('b.html'));
    expect(b).toContain('<p class="p">Shared paragraph.</p>');
    expect(b).toContain('<a class="xref" href="a.html#a__p1">to p1</a>');
    expect(b).toContain('<a class="xref" href="a.html#a__s1">Section one</a>');
    expect(b).toContain('<a class="xref" href="a.html">A</a>');
    expect(mainOf(out.read('a.html'))).toContain('<article id="a" class="topic concept">');
    out.cleanup();
  });

  it('reads enumerated values such as scope=" external " and conaction as their tokens', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="b.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<p><xref href="https://example.com/" scope=" external ">site</xref></p><p id="t">Target.</p>'),
      'b.dita': CONCEPT('b', 'B', '<p conaction=" mark" conref="a.dita#a/t"/><p conaction="\npushafter ">Pushed.</p>'),
    });
    expect(out.problems).toEqual([]);
    expect(mainOf(out.read('a.html'))).toContain('<a class="xref" href="https://example.com/" target="_blank" rel="external noopener">site</a>');
    expect(mainOf(out.read('a.html'))).toContain('<p id="a__t" class="p">Target.</p><p class="p">Pushed.</p>');
    out.cleanup();
  });
});
