import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, tempDir } from '../../test/fixture-helpers.js';
import { loadProject } from '../project/dita-project.js';
import { MemorySource } from '../source/file-source.js';
import { namedDestinationPages, pdfPageCount } from './pdf-outline.js';
import { coverDate, coverText, cssString, DEFAULT_CHROMIUM, editionOf, publishPdf } from './pdf-publisher.js';

const PDFTOTEXT = '/usr/bin/pdftotext';

/** Text of each PDF page, laid out (poppler-utils). */
function pageTexts(file: string): string[] {
  return execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}

const lines = (page: string | undefined): string[] => (page ?? '').split('\n').filter((l) => l.trim() !== '');

const long = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>'.repeat(60);
const files = {
  'map.ditamap': MAP('<topicref href="one.dita"><topicref href="one-a.dita"/></topicref><topicref href="two.dita"/><topicref href="zh.dita"/>').replace(
    '<title>Test map</title>',
    '<title>Print book</title>',
  ),
  'one.dita': CONCEPT('one', 'Chapter one', long),
  'one-a.dita': CONCEPT('one-a', 'Section one A', long),
  'two.dita': CONCEPT('two', 'Chapter two', '<p>See <xref href="one.dita"/>.</p>'),
  'zh.dita': CONCEPT('zh', '中文章节', '<note>这是中文内容。</note>').replace('<concept id="zh">', '<concept id="zh" xml:lang="zh-CN">'),
};

const book = {
  'book.ditamap': `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE bookmap PUBLIC "-//OASIS//DTD DITA BookMap//EN" "bookmap.dtd">
<bookmap xml:lang="en-US"><booktitle><mainbooktitle>Widget Guide</mainbooktitle><booktitlealt>Installing and configuring</booktitlealt></booktitle>
<bookmeta><prodinfo><prodname>Widget</prodname><vrmlist><vrm version="2" release="1"/></vrmlist></prodinfo></bookmeta>
<chapter href="one.dita"/><chapter href="two.dita"/></bookmap>`,
  'one.dita': CONCEPT('one', 'Chapter one', '<p>One.</p>'),
  'two.dita': CONCEPT('two', 'Chapter two', '<p>Two.</p>'),
};

describe('PDF', () => {
  it.skipIf(!existsSync(DEFAULT_CHROMIUM))('renders cover, TOC with page numbers, bookmarks and CJK text through Chromium', async () => {
    const out = tempDir();
    const project = await loadProject({ source: new MemorySource(files), map: 'map.ditamap' });
    const r = await publishPdf(project, { out });
    expect(r.problems).toEqual([]);
    expect(r.pdfFile).toBe(path.join(out, 'map.pdf'));
    const pdf = readFileSync(path.join(out, 'map.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/Outlines');
    expect(r.pdfPages).toBeGreaterThanOrEqual(5);
    const dests = namedDestinationPages(pdf);
    const pageOf = (id: string) => [...dests].find(([k]) => k.endsWith(`__${id}`))?.[1] ?? 0;
    expect(pageOf('one')).toBeGreaterThanOrEqual(3);
    expect(pageOf('two')).toBeGreaterThan(pageOf('one'));
    expect(pageOf('zh')).toBeGreaterThan(pageOf('two'));
    // The printed TOC carries those page numbers.
    const printed = readFileSync(path.join(out, 'print.html'), 'utf8');
    expect(printed).toMatch(new RegExp(`data-dest="[^"]*__two">${pageOf('two')}<`));
    expect(printed).toContain('这是中文内容。');
    expect(pdfPageCount(pdf)).toBe(r.pdfPages);
    // The CJK text is drawn with an embedded Noto CJK font (subset names look like ABCDEF+NotoSansCJKsc-Regular).
    expect(pdf.toString('latin1')).toMatch(/\/FontName\s*\/[A-Z]{6}\+Noto(Sans|Serif)CJK/);
    rmSync(out, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(DEFAULT_CHROMIUM) || !existsSync(PDFTOTEXT))(
    'puts the map title and the current chapter in each page header, the page number in the footer',
    async () => {
      const out = tempDir();
      const project = await loadProject({ source: new MemorySource(files), map: 'map.ditamap' });
      const r = await publishPdf(project, { out });
      const pdf = readFileSync(r.pdfFile ?? '');
      const dests = namedDestinationPages(pdf);
      const pageOf = (id: string) => [...dests].find(([k]) => k.endsWith(`__${id}`))?.[1] ?? 0;
      const pages = pageTexts(r.pdfFile ?? '');
      const total = r.pdfPages ?? 0;
      const header = (n: number) =>
        lines(pages[n - 1])[0]
          ?.trim()
          .replace(/\s+/g, ' ');
      const footer = (n: number) =>
        lines(pages[n - 1])
          .at(-1)
          ?.replace(/\s+/g, '');
      // Cover: no header or footer; TOC: the map title only.
      expect(lines(pages[0]).map((l) => l.trim())).toEqual(['Print book']);
      expect(header(2)).toBe('Print book');
      expect(footer(2)).toBe(`2/${total}`);
      // Chapter one runs over several pages, its subsection included.
      expect(pageOf('one-a')).toBeGreaterThan(pageOf('one'));
      for (let n = pageOf('one'); n < pageOf('two'); n++) {
        expect(header(n), `page ${n}`).toBe('Print book Chapter one');
        expect(footer(n), `page ${n}`).toBe(`${n}/${total}`);
      }
      expect(header(pageOf('two'))).toBe('Print book Chapter two');
      expect(header(pageOf('zh'))).toBe('Print book 中文章节');
      expect(pages.join('')).toContain('这是中文内容。');
      rmSync(out, { recursive: true, force: true });
    },
  );

  it('builds the cover of a bookmap with <bookmeta> from its alternative title and product (no crash)', async () => {
    const out = tempDir();
    const project = await loadProject({ source: new MemorySource(book), map: 'book.ditamap' });
    const r = await publishPdf(project, { out, chromium: '/nonexistent/chromium' });
    expect(r.problems.map((p) => p.code)).toEqual(['pdf-browser-missing']);
    expect(readFileSync(path.join(out, 'print.html'), 'utf8')).toContain(
      '<section class="cover"><h1>Widget Guide</h1><p class="subtitle">Installing and configuring</p><p class="product">Widget 2.1</p></section>',
    );
    rmSync(out, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(DEFAULT_CHROMIUM) || !existsSync(PDFTOTEXT))('shows the bookmap subtitle on the PDF cover', async () => {
    const out = tempDir();
    const project = await loadProject({ source: new MemorySource(book), map: 'book.ditamap' });
    const r = await publishPdf(project, { out });
    expect(r.problems).toEqual([]);
    expect(lines(pageTexts(r.pdfFile ?? '')[0]).map((l) => l.trim())).toEqual(['Widget Guide', 'Installing and configuring', 'Widget 2.1']);
    // With the build's revision and date, the cover's last line names them.
    const dated = await publishPdf(project, { out, cover: { revision: 'abc1234', date: '2026-11-29' } });
    expect(lines(pageTexts(dated.pdfFile ?? '')[0]).map((l) => l.trim())).toEqual([
      'Widget Guide',
      'Installing and configuring',
      'Widget 2.1',
      'Revision abc1234 · November 29, 2026',
    ]);
    rmSync(out, { recursive: true, force: true });
  });

  it('prints no web-only link: a subtopic has no "Parent topic" line in the PDF (the web page keeps it)', async () => {
    const out = tempDir();
    const project = await loadProject({ source: new MemorySource(files), map: 'map.ditamap' });
    await publishPdf(project, { out, chromium: '/nonexistent/chromium' });
    const printed = readFileSync(path.join(out, 'print.html'), 'utf8');
    expect(printed).toContain('Section one A');
    expect(printed).not.toContain('class="parentlink"');
    expect(printed).not.toContain('Parent topic');
    rmSync(out, { recursive: true, force: true });
  });

  it("names the edition on the cover: the bookmap's revision and completed date, else the build's commit and date, in the map's language", async () => {
    const published = book['book.ditamap'].replace(
      '</prodinfo></bookmeta>',
      '</prodinfo><publisherinformation><published><revisionid>A1</revisionid><completed><year>2025</year><month>3</month><day>7</day></completed></published><published><revisionid>B2</revisionid><completed><year>2026</year><month>10</month><day>1</day></completed></published></publisherinformation></bookmeta>',
    );
    const own = await loadProject({ source: new MemorySource({ ...book, 'book.ditamap': published }), map: 'book.ditamap' });
    expect(editionOf(own.map, { revision: 'abc1234', date: '2026-11-29' })).toEqual({ revision: 'B2', date: '2026-10-01' });
    const plain = await loadProject({ source: new MemorySource(book), map: 'book.ditamap' });
    expect(editionOf(plain.map, { revision: 'abc1234', date: '2026-11-29' })).toEqual({ revision: 'abc1234', date: '2026-11-29' });
    expect(editionOf(plain.map)).toEqual({ revision: '', date: '' });
    expect(coverDate('2026-11-29', 'en-US')).toBe('November 29, 2026');
    expect(coverDate('2026-11-29', 'zh-CN')).toBe('2026年11月29日');
    expect(coverDate('2026-11-29', 'de-DE')).toBe('29. November 2026');

    const out = tempDir();
    await publishPdf(plain, { out, chromium: '/nonexistent/chromium', cover: { revision: 'abc1234', date: '2026-11-29' } });
    expect(readFileSync(path.join(out, 'print.html'), 'utf8')).toContain('<p class="edition">Revision abc1234 · November 29, 2026</p></section>');
    const zh = await loadProject({
      source: new MemorySource({ ...book, 'book.ditamap': published.replace('xml:lang="en-US"', 'xml:lang="zh-CN"') }),
      map: 'book.ditamap',
    });
    await publishPdf(zh, { out, chromium: '/nonexistent/chromium', cover: { revision: 'abc1234', date: '2026-11-29' } });
    expect(readFileSync(path.join(out, 'print.html'), 'utf8')).toContain('<p class="edition">修订版 B2 · 2026年10月1日</p></section>');
    rmSync(out, { recursive: true, force: true });
  });

  it("takes a plain map's subtitle from its topicmeta shortdesc", async () => {
    const project = await loadProject({
      source: new MemorySource({
        'map.ditamap': MAP(
          '<topicmeta><shortdesc>All about <keyword keyref="p"/></shortdesc><prodinfo><prodname>Gizmo</prodname><vrmlist><vrm version=""/></vrmlist></prodinfo></topicmeta><keydef keys="p"><topicmeta><keywords><keyword>gizmos</keyword></keywords></topicmeta></keydef>',
        ),
      }),
      map: 'map.ditamap',
    });
    expect(coverText(project.map)).toEqual({ subtitle: 'All about gizmos', product: 'Gizmo' });
  });

  it('escapes header text as a CSS string that cannot end the style element', () => {
    expect(cssString('A "quoted" \\ </style>\n title')).toBe('"A \\"quoted\\" \\\\ \\3C /style> title"');
  });

  it('reports a missing browser as a located error, not a crash', async () => {
    const out = tempDir();
    const project = await loadProject({ source: new MemorySource(files), map: 'map.ditamap' });
    const r = await publishPdf(project, { out, chromium: '/nonexistent/chromium' });
    expect(r.pdfFile).toBeUndefined();
    expect(r.problems).toMatchObject([{ severity: 'error', code: 'pdf-browser-missing', file: 'map.ditamap' }]);
    expect(r.problems[0]?.message).toContain('/nonexistent/chromium');
    expect(existsSync(path.join(out, 'print.html'))).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });

  it('reports a failure to write the output as a problem, not a crash', async () => {
    const dir = tempDir();
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const project = await loadProject({ source: new MemorySource(files), map: 'map.ditamap' });
    const r = await publishPdf(project, { out: path.join(blocker, 'out'), chromium: '/nonexistent/chromium' });
    expect(r.pdfFile).toBeUndefined();
    expect(r.problems).toMatchObject([{ severity: 'error', code: 'pdf-failed', file: 'map.ditamap' }]);
    expect(r.problems[0]?.message).toMatch(/^PDF rendering failed: .*(ENOTDIR|EEXIST)/);
    rmSync(dir, { recursive: true, force: true });
  });
});
