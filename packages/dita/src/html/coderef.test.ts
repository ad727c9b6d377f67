import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';

// 中文 in GB18030 (the same bytes as GBK for these characters), then a newline.
const GB18030 = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a]);

describe('coderef', () => {
  it('reads the code file in the charset @format names, as DITA-OT does', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="c.dita"/>'),
      'c.dita': CONCEPT(
        'c',
        'Code',
        `<codeblock><coderef href="gb.txt" format="txt; charset=GB18030"/></codeblock>
         <codeblock><coderef href="utf.txt"/></codeblock>
         <codeblock><coderef href="gb.txt" format="txt; charset=no-such-set"/></codeblock>`,
      ),
      'gb.txt': GB18030,
      'utf.txt': Buffer.from('中文 UTF-8\n', 'utf8'),
    });
    const html = mainOf(out.read('c.html'));
    expect(html).toContain('<code>中文</code>');
    expect(html).toContain('<code>中文 UTF-8</code>');
    expect(out.problems.some((p) => p.code === 'coderef-charset' && p.message.includes('no-such-set') && p.file === 'c.dita')).toBe(true);
    out.cleanup();
  });
});
