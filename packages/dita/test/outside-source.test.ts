import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM, withConfinedPage } from '../src/pdf/confined-page.js';
import type { Problem } from '../src/problems/problem.js';
import { check } from '../src/publish/check.js';
import { publish } from '../src/publisher.js';
import { FolderSource } from '../src/source/file-source.js';
import { MAP, mainOf, tempDir } from './fixture-helpers.js';

/**
 * A writer's topic that reaches for the server's files and internal addresses: a path climbing out of the source,
 * an absolute path, a file: URL, disguised forms of them, keys to them, and an object on a loopback web server.
 * Nothing of them may be read, copied, written into a page, or loaded into the PDF.
 */
const SECRET = 'SERVER-SECRET-5d1c08';
const INTERNAL = 'INTERNAL-ANSWER-93be4a';
const PDFTOTEXT = '/usr/bin/pdftotext';
const canPrint = existsSync(DEFAULT_CHROMIUM) && existsSync(PDFTOTEXT);

/** A loopback web server standing in for an internal service; it records every request it gets. */
let internal: Server;
let internalUrl = '';
const requests: string[] = [];

beforeAll(async () => {
  internal = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'text/plain');
    res.end(`${INTERNAL}\n`);
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

// work/secret.txt is what must not leak; work/src is the content, work/build/out the output. From the topic in
// src/topics and from the print page in build/out alike, "../../secret.txt" is the secret.
let work = '';
let src = '';
let out = '';
let secretFile = '';

function topic(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<concept id="a"><title>Attack</title><conbody>
<p><object data="../../secret.txt" type="text/plain"><desc>climbing object</desc></object></p>
<p><image href="../../secret.txt"><alt>climbing image</alt></image></p>
<p><object data="${secretFile}" type="text/plain"><desc>absolute object</desc></object></p>
<p><object data="file://${secretFile}" type="text/plain"><desc>file URL object</desc></object></p>
<p><image scope="external" href="../../secret.txt"><alt>external image</alt></image></p>
<p><xref href="../../secret.txt" format="txt">climbing link</xref> <xref scope="external" href="${secretFile}">absolute link</xref></p>
<p><object data="%2e%2e/%2e%2e/secret.txt" type="text/plain"><desc>escaped dots</desc></object></p>
<p><object data=" &#x09;${secretFile}" type="text/plain"><desc>spaced absolute</desc></object></p>
<codeblock><coderef href="../../secret.txt"/></codeblock>
<p><object data="${internalUrl}/internal" type="text/plain"><desc>internal object</desc></object></p>
<p><image href="${internalUrl}/image.png"><alt>internal image</alt></image></p>
<p><xref keyref="outside">outside key</xref> <image keyref="outside"><alt>outside key image</alt></image></p>
<p><image keyref="peer"><alt>peer key image</alt></image></p>
<p><object data="../pictures/fine.txt" type="text/plain"><desc>fine object</desc></object></p>
</conbody></concept>
`;
}

// Lines as topic() and the map write them.
const EXPECTED_REFUSED = [
  'error map.ditamap:4', // the external key to a path out of the source
  'error topics/a.dita:3', // climbing object
  'error topics/a.dita:4', // climbing image
  'error topics/a.dita:5', // absolute object
  'error topics/a.dita:6', // file: URL
  'error topics/a.dita:7', // scope="external" image climbing out
  'error topics/a.dita:8', // climbing link, absolute external link
  'error topics/a.dita:9', // %2e%2e
  'error topics/a.dita:10', // an absolute path behind a space and a tab
  'error topics/a.dita:11', // coderef
  'error topics/a.dita:15', // an image through a peer key: a peer may be linked to, never loaded
].sort();

function refused(problems: readonly Problem[]): string[] {
  return [...new Set(problems.filter((p) => p.code === 'url-refused').map((p) => `${p.severity} ${p.file}:${p.line}`))].sort();
}

/** Every file under a folder, with its content. */
function readAll(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) files.set(path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'latin1'));
  }
  return files;
}

/** Every URL written into an href, src or data attribute. */
function writtenUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|data)="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}

beforeEach(() => {
  work = tempDir();
  src = path.join(work, 'src');
  out = path.join(work, 'build', 'out');
  secretFile = path.join(work, 'secret.txt');
  mkdirSync(path.join(src, 'topics'), { recursive: true });
  mkdirSync(path.join(src, 'pictures'), { recursive: true });
  writeFileSync(secretFile, `${SECRET}\n`);
  writeFileSync(path.join(src, 'pictures', 'fine.txt'), 'a fine attachment\n');
  writeFileSync(
    path.join(src, 'map.ditamap'),
    MAP(`
<keydef keys="outside" href="../secret.txt" scope="external" format="txt"/>
<keydef keys="peer" href="../secret.txt" scope="peer" format="txt"/>
<topicref href="topics/a.dita"/>
`),
  );
  writeFileSync(path.join(src, 'topics', 'a.dita'), topic());
  requests.length = 0;
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('references out of the source: refused where written, never read, copied, written or loaded', () => {
  it.skipIf(!canPrint)(
    'prints a PDF without the server file or the internal answer, and reports each reference at its line',
    async () => {
      const r = await publish({ source: new FolderSource(src), map: 'map.ditamap', format: 'pdf', out });
      expect(r.pdfFile).toBeDefined();
      expect(refused(r.problems)).toEqual(EXPECTED_REFUSED);
      // The print page names neither the file nor the server's folders, and points nowhere outside itself.
      const html = readFileSync(path.join(out, 'print.html'), 'utf8');
      expect(html).not.toContain(SECRET);
      expect(html).not.toContain(work);
      for (const url of writtenUrls(html)) {
        expect(url).not.toMatch(/^(file:|\/|\\)/i);
        expect(url).not.toContain('secret');
      }
      // What the references said stays, as text; a reference inside the source is still published.
      for (const text of ['climbing object', 'climbing image', 'absolute object', 'file URL object', 'climbing link', 'escaped dots', 'peer key image'])
        expect(mainOf(html)).toContain(text);
      expect(html).toContain('data="pictures/fine.txt"');
      for (const [name, content] of readAll(out)) expect(content, name).not.toContain(SECRET);
      // The PDF itself: no secret, no internal answer, and the internal server was never asked.
      const text = execFileSync(PDFTOTEXT, [r.pdfFile ?? '', '-'], { encoding: 'utf8' });
      expect(text).toContain('Attack');
      expect(text).toContain('a fine attachment');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(INTERNAL);
      expect(requests).toEqual([]);
      // The addresses the print asked for and did not get are told, as warnings.
      const blocked = r.problems.filter((p) => p.code === 'pdf-request-blocked');
      expect(blocked.map((p) => `${p.severity} ${p.message}`).sort()).toEqual([
        `warning Not loaded into the PDF: ${internalUrl}/image.png (a PDF loads only the publication's own files)`,
        `warning Not loaded into the PDF: ${internalUrl}/internal (a PDF loads only the publication's own files)`,
      ]);
    },
    60_000,
  );

  it('publishes HTML5 pages that point nowhere outside the output', async () => {
    const r = await publish({ source: new FolderSource(src), map: 'map.ditamap', format: 'html5', out });
    expect(refused(r.problems)).toEqual(EXPECTED_REFUSED);
    const files = readAll(out);
    for (const [name, content] of files) {
      expect(content, name).not.toContain(SECRET);
      expect(content, name).not.toContain(work);
    }
    const page = files.get('topics/a.html') ?? '';
    for (const url of writtenUrls(mainOf(page))) {
      expect(url).not.toMatch(/^(file:|\/|\\)/i);
      expect(url).not.toContain('secret');
    }
    expect(mainOf(page)).toContain('<span class="object">climbing object</span>');
    expect(mainOf(page)).toContain('<span class="image">climbing image</span>');
    expect(mainOf(page)).toContain('<span class="xref">climbing link</span>');
    expect(mainOf(page)).toContain('data="../pictures/fine.txt"');
    expect(files.get('pictures/fine.txt')).toBe('a fine attachment\n');
  });

  it('refuses a DITAVAL flag image out of the source', async () => {
    writeFileSync(path.join(src, 'topics', 'b.dita'), '<concept id="b"><title>B</title><conbody>\n<p audience="x">flagged</p></conbody></concept>\n');
    writeFileSync(path.join(src, 'map.ditamap'), MAP('<topicref href="topics/b.dita"/>'));
    for (const imageref of ['../secret.txt', secretFile]) {
      const content = `<val><prop att="audience" val="x" action="flag"><startflag imageref="${imageref}"><alt-text>start</alt-text></startflag></prop></val>`;
      const r = await publish({ source: new FolderSource(src), map: 'map.ditamap', format: 'html5', out, ditaval: { path: 'filter.ditaval', content } });
      expect(refused(r.problems), imageref).toEqual(['error topics/b.dita:2']);
      const page = readFileSync(path.join(out, 'topics', 'b.html'), 'utf8');
      expect(mainOf(page)).toContain('<span class="flag flag-start">start</span>');
      expect(page).not.toContain('secret');
      for (const [name, content] of readAll(out)) expect(content, name).not.toContain(SECRET);
    }
  });

  it('reports them when the content is only checked', async () => {
    const r = await check({ source: new FolderSource(src), map: 'map.ditamap', dtd: false });
    expect(refused(r.problems)).toEqual(EXPECTED_REFUSED);
  });
});

describe.skipIf(!existsSync(DEFAULT_CHROMIUM))('a confined page: only its own folder is reachable', () => {
  it('refuses other files (through "..", a link, an absolute URL), network addresses, refreshes and frames', async () => {
    const root = path.join(work, 'build', 'out');
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'own.txt'), 'OWN-FILE-TEXT\n');
    symlinkSync(secretFile, path.join(root, 'link.txt'));
    writeFileSync(
      path.join(root, 'page.html'),
      `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<p>Printed page</p>
<object data="own.txt" type="text/plain"></object>
<object data="../../secret.txt" type="text/plain"></object>
<object data="link.txt" type="text/plain"></object>
<iframe src="file://${secretFile}"></iframe>
<img src="${internalUrl}/image.png">
<object data="${internalUrl}/object" type="text/plain"></object>
<iframe src="${internalUrl}/frame"></iframe>
<script>fetch('${internalUrl}/script'); new WebSocket('${internalUrl.replace('http', 'ws')}/socket'); document.body.append('SCRIPT-RAN');</script>
</body></html>`,
    );
    // A page that asks to go elsewhere: the way there is refused (the page that would be printed is Chromium's error page).
    writeFileSync(
      path.join(root, 'refresh.html'),
      `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=${internalUrl}/refresh"></head></html>`,
    );
    const blocked: string[] = [];
    const pdf = await withConfinedPage({ root, onBlocked: (url) => blocked.push(url) }, async (page) => {
      // The refresh runs in a page of its own, so however late it is asked for it cannot interrupt the printed page.
      const refreshing = await page.context().newPage();
      await refreshing.goto(`file://${path.join(root, 'refresh.html')}`, { waitUntil: 'load' });
      await expect.poll(() => blocked, { timeout: 20_000 }).toContain(`${internalUrl}/refresh`);
      await page.goto(`file://${path.join(root, 'page.html')}`, { waitUntil: 'load' });
      return page.pdf({ format: 'A4' });
    });
    writeFileSync(path.join(work, 'page.pdf'), pdf);
    const text = execFileSync(PDFTOTEXT, [path.join(work, 'page.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Printed page');
    expect(text).toContain('OWN-FILE-TEXT');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(INTERNAL);
    expect(text).not.toContain('SCRIPT-RAN');
    expect(requests).toEqual([]);
    expect(blocked).toEqual(
      expect.arrayContaining([
        `file://${secretFile}`,
        `file://${path.join(root, 'link.txt')}`,
        `${internalUrl}/image.png`,
        `${internalUrl}/object`,
        `${internalUrl}/frame`,
        `${internalUrl}/refresh`,
      ]),
    );
  }, 60_000);

  it('reaches nothing at all without a folder (a document set as content, as the compliance report prints)', async () => {
    const blocked: string[] = [];
    const pdf = await withConfinedPage({ onBlocked: (url) => blocked.push(url) }, async (page) => {
      await page.setContent(
        `<p>Report</p><object data="file://${secretFile}" type="text/plain"></object><object data="${internalUrl}/object" type="text/plain"></object>`,
        { waitUntil: 'load' },
      );
      return page.pdf({ format: 'A4' });
    });
    writeFileSync(path.join(work, 'report.pdf'), pdf);
    const text = execFileSync(PDFTOTEXT, [path.join(work, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Report');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(INTERNAL);
    expect(requests).toEqual([]);
    // (Chromium does not even ask for a file from a page that is not one.)
    expect(blocked).toContain(`${internalUrl}/object`);
  }, 60_000);
});
