import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, TASK } from './fixture-helpers.js';

describe('key text on block-level elements that take @keyref (issue 18, item 6, part)', () => {
  it("gives an empty dt and cmd with a keyref the key's text; the cmd links to the key's target", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<keydef keys="tool" href="tool.dita"><topicmeta><keywords><keyword>The Tool</keyword></keywords></topicmeta></keydef><topicref href="tool.dita"/><topicref href="a.dita"/><topicref href="t.dita"/>',
      ),
      'tool.dita': CONCEPT('tool', 'Tool', '<p>tool</p>'),
      'a.dita': CONCEPT('a', 'A', '<dl><dlentry><dt keyref="tool"/><dd>Definition.</dd></dlentry></dl>'),
      't.dita': TASK('t', 'T', '<steps><step><cmd keyref="tool"/></step></steps>'),
    });
    expect(out.problems).toEqual([]);
    const a = mainOf(out.read('a.html'));
    // The link sits inside the dt and the cmd (an <a> around a <dt> would not be valid HTML).
    expect(a).toContain('<dt class="dt"><a class="keylink" href="tool.html">The Tool</a></dt>');
    const t = mainOf(out.read('t.html'));
    expect(t).toContain('<li class="step"><span class="cmd"><a class="keylink" href="tool.html">The Tool</a></span></li>');
    out.cleanup();
  });
});
