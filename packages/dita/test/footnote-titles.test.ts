import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from './fixture-helpers.js';

describe('footnotes in titles (issue 18, item 9)', () => {
  it('keeps footnote text out of the navigation, the page title and link text, but renders it on the page', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="b.dita"/>'),
      'a.dita': CONCEPT('a', 'Install<fn>Only on Linux.</fn> the tool', '<p>a</p>'),
      'b.dita': CONCEPT('b', 'B', '<p><xref href="a.dita"/></p>'),
    });
    expect(out.problems).toEqual([]);
    expect(out.read('nav.js')).toBe('window.CCMS_NAV=[{"t":"Install the tool","h":"a.html"},{"t":"B","h":"b.html"}];\n');
    expect(out.read('a.html')).toContain('<title>Install the tool - Test map</title>');
    expect(mainOf(out.read('b.html'))).toContain('<a class="xref" href="a.html">Install the tool</a>');
    expect(mainOf(out.read('a.html'))).toContain('Only on Linux.');
    out.cleanup();
  });
});
