import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';
import { codeLines, decodeCodeFile } from './coderef.js';

// 中文 in GB18030 (the same bytes as GBK and GB2312 for these characters), then a newline.
const GB18030 = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a]);

/** The text each code block shows, in document order. */
function codeBlocks(html: string): string[] {
  return [...mainOf(html).matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => m[1] ?? '');
}

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

  it('takes the charset from a MIME-style @format, from @encoding first (DITA-OT), and from the key a coderef names', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<keydef keys="gbcode" href="gb.txt" format="txt; charset=GB18030"/><topicref href="c.dita"/>'),
      'c.dita': CONCEPT(
        'c',
        'Code',
        `<codeblock><coderef href="gb.txt" format="text/plain; charset=GB2312"/></codeblock>
<codeblock><coderef href="sjis.txt" encoding="Shift_JIS" format="txt; charset=UTF-8"/></codeblock>
<codeblock><coderef href="kr.txt" format="txt;charset=&quot;EUC-KR&quot;"/></codeblock>
<codeblock><coderef href="cp.txt" format="txt; charset=windows-1251"/></codeblock>
<codeblock><coderef href="latin.txt" format="txt; charset=ISO-8859-1"/></codeblock>
<codeblock><coderef href="be.txt" format="txt; charset=UTF-16"/></codeblock>
<codeblock><coderef href="u32.txt" format="txt; charset=UTF-32LE"/></codeblock>
<codeblock><coderef keyref="gbcode"/></codeblock>`,
      ),
      'gb.txt': GB18030,
      // 日本 in Shift_JIS.
      'sjis.txt': Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
      // 한국 in EUC-KR.
      'kr.txt': Buffer.from([0xc7, 0xd1, 0xb1, 0xb9]),
      // Привет in windows-1251.
      'cp.txt': Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]),
      // "café" and a C1 control that ISO-8859-1 keeps and windows-1252 would read as "€".
      'latin.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]),
      // UTF-16 without a byte order mark is big-endian (Java).
      'be.txt': Buffer.from([0x00, 0x41, 0x4e, 0x2d]),
      'u32.txt': Buffer.from([0x41, 0, 0, 0, 0x00, 0xf6, 0x01, 0x00]),
    });
    expect(codeBlocks(out.read('c.html'))).toEqual(['中文', '日本', '한국', 'Привет', 'café \u0080', 'A中', 'A😀', '中文']);
    expect(out.problems).toEqual([]);
    out.cleanup();
  });

  it('reports an unknown encoding and bytes the encoding cannot read, at the coderef, and shows what it can', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<keydef keys="odd" href="utf.txt" format="txt; charset=vulcan"/><topicref href="c.dita"/>'),
      'c.dita': CONCEPT(
        'c',
        'Code',
        `
<codeblock><coderef href="utf.txt" encoding="klingon-1"/></codeblock>
<codeblock><coderef href="gb.txt"/></codeblock>
<codeblock><coderef href="gb.txt" format="txt; charset=US-ASCII"/></codeblock>
<codeblock><coderef keyref="odd"/></codeblock>`,
      ),
      'utf.txt': Buffer.from('ok\n', 'utf8'),
      'gb.txt': GB18030,
    });
    const problems = out.problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}:${p.column} ${p.message}`);
    expect(problems).toEqual([
      'warning coderef-charset c.dita:4:12 Unknown character set "klingon-1" in @encoding of coderef; read as UTF-8',
      'warning coderef-malformed c.dita:5:12 The code file "gb.txt" is not valid UTF-8: the bytes it cannot read are shown as \uFFFD',
      'warning coderef-malformed c.dita:6:12 The code file "gb.txt" is not valid US-ASCII: the bytes it cannot read are shown as \uFFFD',
      'warning coderef-charset c.dita:7:12 Unknown character set "vulcan" in @format of key "odd"; read as UTF-8',
    ]);
    expect(codeBlocks(out.read('c.html'))).toEqual(['ok', '\uFFFD\uFFFD\uFFFD\uFFFD', '\uFFFD\uFFFD\uFFFD\uFFFD', 'ok']);
    out.cleanup();
  });

  it('takes the lines DITA-OT takes for #line-range(), RFC 5147 #line= and #token=', async () => {
    const lines = 'one\ntwo\nthree\nfour\nfive\nsix\n';
    const pick = (fragment: string) => codeLines(lines, fragment).join('|');
    // line-range: from 1, both ends included; without an end, to the last line.
    expect(pick('line-range(2,4)')).toBe('two|three|four');
    expect(pick('line-range(2, 4)')).toBe('two|three|four');
    expect(pick('line-range(5)')).toBe('five|six');
    // RFC 5147: from 0, the start included and the end not; a single number is that one line.
    expect(pick('line=1,3')).toBe('two|three');
    expect(pick('line=,2')).toBe('one|two');
    expect(pick('line=4,')).toBe('five|six');
    expect(pick('line=2')).toBe('three');
    // Unknown fragments take the whole file.
    expect(pick('lines=2')).toBe('one|two|three|four|five|six');
    // token: the lines between the lines that hold the tokens, both excluded; every such section.
    const marked = 'head\n-- START\nbody 1\nbody 2\n-- END\nbetween\n-- START\nbody 3\n-- END\ntail\n';
    expect(codeLines(marked, 'token=START,END').join('|')).toBe('body 1|body 2|body 3');
    expect(codeLines(marked, 'token=,END').join('|')).toBe('head|-- START|body 1|body 2');
    expect(codeLines(marked, 'token=START').join('|')).toBe('body 1|body 2|-- END|between|-- START|body 3|-- END|tail');
    expect(codeLines(marked, 'token=MISSING,END').join('|')).toBe('');
    // Java's readLine: \r\n, \r and \n end a line; a last newline ends the last line.
    expect(codeLines('a\r\nb\rc\n', undefined)).toEqual(['a', 'b', 'c']);
    expect(codeLines('a\n\n', undefined)).toEqual(['a', '']);
  });

  it('publishes the lines a coderef fragment selects', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="c.dita"/>'),
      'c.dita': CONCEPT(
        'c',
        'Code',
        `<codeblock><coderef href="fact.hs#token=START-FACT,END-FACT"/></codeblock>
<codeblock><coderef href="fact.hs#line-range(2,3)"/></codeblock>
<codeblock><coderef href="fact.hs#line=0,1"/></codeblock>`,
      ),
      'fact.hs': '-- START-FACT\nfact :: Int -> Int\nfact 0 = 1\nfact n = n * fact (n-1)\n-- END-FACT\n',
    });
    expect(codeBlocks(out.read('c.html'))).toEqual([
      'fact :: Int -&gt; Int\nfact 0 = 1\nfact n = n * fact (n-1)',
      'fact :: Int -&gt; Int\nfact 0 = 1',
      '-- START-FACT',
    ]);
    out.cleanup();
  });

  it('decodes by name as Java would, and answers undefined for a charset it does not know', () => {
    const gb = decodeCodeFile(GB18030, 'GBK');
    expect(gb).toEqual({ text: '中文\n', encoding: 'GBK', malformed: false });
    expect(decodeCodeFile(Buffer.from([0xe9]), 'ISO8859_1')?.text).toBe('é');
    expect(decodeCodeFile(Buffer.from([0xfe, 0xff, 0x00, 0x41]), 'UTF-16')?.text).toBe('A');
    expect(decodeCodeFile(Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'UTF-16')?.text).toBe('A');
    expect(decodeCodeFile(Buffer.from([0, 0, 0, 0x41]), 'UTF-32')?.text).toBe('A');
    expect(decodeCodeFile(Buffer.from([0x41]), 'no-such-set')).toBeUndefined();
  });
});
