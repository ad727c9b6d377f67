import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, tempDir } from '../../test/fixture-helpers.js';
import { loadProject } from '../project/dita-project.js';
import { MemorySource } from '../source/file-source.js';
import { namedDestinationPages, pdfPageCount } from './pdf-outline.js';
import { DEFAULT_CHROMIUM, publishPdf } from './pdf-publisher.js';

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
    rmSync(out, { recursive: true, force: true });
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
});
