import { describe, expect, it } from 'vitest';
import { CONCEPT, load, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

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
});
