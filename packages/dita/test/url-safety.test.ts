import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishPdf } from '../src/pdf/pdf-publisher.js';
import type { Problem } from '../src/problems/problem.js';
import { check } from '../src/publish/check.js';
import { MemorySource } from '../src/source/file-source.js';
import { CONCEPT, load, MAP, mainOf, publishFixture, tempDir } from './fixture-helpers.js';

// Each attack on its own line, so every problem can be checked for where it points.
const ATTACK_MAP = MAP(`
<keydef keys="evil" href="JaVaScRiPt:alert('key')" scope="external"/>
<keydef keys="fine" href="https://example.com/docs" scope="external"/>
<topicref href="a.dita"/>
<topicref href="javascript:alert('nav')" scope="external" navtitle="Evil nav entry"/>
<topicref href="https://example.com/" scope="external" navtitle="Fine nav entry"/>
<reltable><relrow><relcell><topicref href="a.dita"/></relcell><relcell><topicref href="vbscript:msgbox('rel')" scope="external" navtitle="Evil related"/></relcell></relrow></reltable>
<topicref href="./javascript:alert('file').dita"/>
<keydef keys="evil2" href="&#x09;javascript:alert('key2')"/>
<keydef keys="evil3" href=" &#x0A;JAVASCRIPT:alert('key3')" scope="external"/>
`);

const ATTACK_TOPIC = `<?xml version="1.0" encoding="UTF-8"?>
<concept id="a"><title>Attacked</title><conbody>
<p><xref scope="external" href="javascript:alert(1)">plain xref</xref></p>
<p><xref keyref="evil">key xref</xref></p>
<p><term keyref="evil">key term</term></p>
<p><xref scope="external" href="&#x20;java&#x09;script&#x0A;:alert(2)">tab and newline</xref></p>
<p><xref scope="external" href="&#106;avascript&#58;alert(3)">entities</xref></p>
<p><xref scope="peer" href="javascript:alert(4)">peer</xref></p>
<p><image scope="external" href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg=="><alt>an image</alt></image></p>
<p><object data="vbscript:msgbox(6)"><desc>an object</desc></object></p>
<p><xref href="./javascript:alert('file').dita">a file with a colon</xref></p>
<p><xref keyref="fine">fine key</xref> <xref href="https://example.com/">fine https</xref> <xref href="mailto:docs@example.com">fine mail</xref> <xref href="#a">fine fragment</xref></p>
<p><xref keyref="evil2">tab key</xref> <xref keyref="evil3">newline key</xref></p>
</conbody><related-links>
<link href="javascript:alert(7)" scope="external"><linktext>evil related link</linktext></link>
</related-links></concept>
`;

const FILES = {
  'map.ditamap': ATTACK_MAP,
  'a.dita': ATTACK_TOPIC,
  "javascript:alert('file').dita": CONCEPT('f', 'File with a colon', '<p>colon</p>'),
};

/** Every URL written into an href, src or data attribute, as a browser reads it (entities decoded, controls dropped). */
function writtenUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|data)="([^"]*)"/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these when they read a scheme
      .replace(/[\u0000-\u0020]/g, ''),
  );
}

const BAD_SCHEME = /^(javascript|vbscript|data):/i;

function refused(problems: readonly Problem[]): string[] {
  return [...new Set(problems.filter((p) => p.code === 'url-refused').map((p) => `${p.severity} ${p.file}:${p.line}`))].sort();
}

// Lines as the fixtures write them (MAP's header takes the map's first three lines).
const EXPECTED_REFUSED = [
  'error a.dita:3', // xref javascript:
  'error a.dita:4', // xref to the javascript: key
  'error a.dita:5', // term with the javascript: key
  'error a.dita:6', // tab and newline inside the scheme
  'error a.dita:7', // character references
  'error a.dita:8', // scope="peer"
  'error a.dita:9', // data: image
  'error a.dita:10', // vbscript: object
  'error a.dita:13', // xref to the key with a disguised scheme and scope="external"
  'error a.dita:15', // related link
  'error map.ditamap:4', // the keydef
  'error map.ditamap:7', // the nav entry
  'error map.ditamap:9', // the reltable target
  'error map.ditamap:12', // the keydef with a disguised scheme and scope="external"
].sort();

/** What the attacks would run, were a link written. */
const PAYLOAD = /alert\(\d\)|alert\('(key\d?|nav)'\)|msgbox/;

describe('links a published page may carry: http(s), mailto, relative and fragment URLs only', () => {
  it('writes javascript:, data: and vbscript: links (direct, through keys, disguised) as plain text and reports each', async () => {
    const out = await publishFixture(FILES);
    const page = out.read('a.html');
    const files = [page, out.read('index.html'), out.read('nav.js'), out.read('search-index.js'), out.read("javascript_alert('file').html")];
    for (const f of files) {
      for (const url of writtenUrls(f)) expect(url).not.toMatch(BAD_SCHEME);
      expect(f).not.toMatch(PAYLOAD);
    }
    // The link texts stay, as text.
    const main = mainOf(page);
    for (const text of [
      'tab key',
      'newline key',
      'plain xref',
      'key xref',
      'key term',
      'tab and newline',
      'entities',
      'peer',
      'an object',
      'evil related link',
      'Evil related',
    ])
      expect(main).toContain(text);
    expect(main).toContain('<span class="image">an image</span>');
    expect(main).toContain('<span class="xref">plain xref</span>');
    expect(out.read('nav.js')).toContain('{"t":"Evil nav entry"}');
    // Allowed links are untouched; a file whose name reads as a scheme is published under a name that does not.
    expect(main).toContain('<a class="xref" href="https://example.com/docs" target="_blank" rel="external noopener">fine key</a>');
    expect(main).toContain('<a class="xref" href="https://example.com/" target="_blank" rel="external noopener">fine https</a>');
    expect(main).toContain('<a class="xref" href="mailto:docs@example.com" target="_blank" rel="external noopener">fine mail</a>');
    expect(main).toContain('<a class="xref" href="#">fine fragment</a>');
    expect(main).toContain(`<a class="xref" href="javascript_alert('file').html">a file with a colon</a>`);
    expect(out.read('nav.js')).toContain('"h":"https://example.com/","x":1');
    expect(refused(out.problems)).toEqual(EXPECTED_REFUSED);
    for (const p of out.problems.filter((q) => q.code === 'url-refused'))
      expect(p.message).toMatch(/^Link not published: the scheme "(javascript|vbscript|data):"/);
    out.cleanup();
  });

  it('reports the refused links when content is only checked', async () => {
    const r = await check({ source: new MemorySource(FILES), map: 'map.ditamap', dtd: false });
    // Checking reads the links without rendering them: the same refusals, in the same places.
    expect(refused(r.problems)).toEqual(EXPECTED_REFUSED);
  });

  it('keeps them out of the print HTML that becomes the PDF', async () => {
    const out = tempDir();
    const project = await load(FILES);
    const r = await publishPdf(project, { out, chromium: '/nonexistent/chromium' });
    const html = readFileSync(path.join(out, 'print.html'), 'utf8');
    for (const url of writtenUrls(html)) expect(url).not.toMatch(BAD_SCHEME);
    expect(html).not.toMatch(PAYLOAD);
    expect(mainOf(html)).toContain('plain xref');
    expect(refused(r.problems)).toEqual(EXPECTED_REFUSED);
    rmSync(out, { recursive: true, force: true });
  });

  it('refuses a DITAVAL flag image with a script URL', async () => {
    const out = await publishFixture(
      { 'map.ditamap': MAP('<topicref href="b.dita"/>'), 'b.dita': CONCEPT('b', 'B', '<p audience="x">flagged</p>') },
      {
        ditaval:
          '<val>\n<prop att="audience" val="x" action="flag"><startflag imageref="javascript:alert(8)"><alt-text>start</alt-text></startflag></prop>\n</val>',
      },
    );
    const main = mainOf(out.read('b.html'));
    expect(main).not.toMatch(/javascript/i);
    expect(main).toContain('<span class="flag flag-start">start</span>');
    expect(refused(out.problems)).toEqual(['error b.dita:3']);
    out.cleanup();
  });
});
