import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generatedText, isRightToLeft } from '../html/generated-text.js';
import { DEFAULT_CSS } from '../html/html-assets.js';
import { copyResources, loadCodeTexts, OutputWriter } from '../html/html-build.js';
import { escapeAttr, escapeText } from '../html/html-escape.js';
import type { IndexLocator } from '../html/index-page.js';
import { buildIndex, indexBodyHtml } from '../html/index-page.js';
import { pageAnchor, renderPage } from '../html/page-renderer.js';
import type { ResolvedMap } from '../map/map-model.js';
import type { IndexRef } from '../model/index-terms.js';
import { plainText } from '../model/plain-text.js';
import type { Problem } from '../problems/problem.js';
import { ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import type { NavEntry, Page } from '../publish/page-plan.js';
import { planPages } from '../publish/page-plan.js';
import { reltableLinks } from '../publish/reltable-links.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childrenNamed, findDescendant, firstChild } from '../xml/xml-dom.js';
import { DEFAULT_CHROMIUM, withConfinedPage } from './confined-page.js';
import { namedDestinationPages, pdfPageCount } from './pdf-outline.js';

export interface PdfOptions {
  out: string;
  /** Chromium binary (default /usr/bin/chromium). */
  chromium?: string;
  draft?: boolean;
  /** File name of the PDF inside out (default: the map's name). */
  fileName?: string;
  /** What the cover says of this build when the map does not: the source revision (a commit) and the publish date (YYYY-MM-DD). */
  cover?: CoverFacts;
  onProgress?: (done: number, total: number, phase: string) => void;
}

/** The revision and date a PDF's cover carries. */
export interface CoverFacts {
  revision?: string;
  /** YYYY-MM-DD. */
  date?: string;
}

export interface PdfResult {
  outDir: string;
  pdfFile?: string;
  pages: number;
  /** Pages of the PDF itself. */
  pdfPages?: number;
  problems: Problem[];
}

export { DEFAULT_CHROMIUM };

// Running headers and page numbers are @page margin boxes: Chromium draws them per named page, so each chapter's
// pages (page: ch-N) carry that chapter's title, which a Playwright headerTemplate cannot know.
const PRINT_CSS = `@page{size:A4;margin:20mm 18mm 22mm 18mm;
@top-left{font-size:8pt;color:#666;vertical-align:bottom;padding-bottom:4mm}
@top-right{font-size:8pt;color:#666;vertical-align:bottom;padding-bottom:4mm}
@bottom-center{content:counter(page) " / " counter(pages);font-size:8pt;color:#666}}
@page cover{@top-left{content:none}@top-right{content:none}@bottom-center{content:none}}
html{font-family:"Noto Serif","Noto Serif CJK SC","Noto Sans CJK SC",serif;font-size:10.5pt}
body{margin:0}
.site-header,.toc,.breadcrumbs,.related-links.childlinks{display:none}
.cover{page:cover;height:240mm;display:flex;flex-direction:column;justify-content:center;break-after:page}
.cover h1{font-size:30pt;margin:0 0 8mm}.cover .subtitle{font-size:16pt;color:#444;margin:0 0 4mm}.cover .product{font-size:12pt;color:#555;margin:0}
.cover .edition{font-size:11pt;color:#555;margin:10mm 0 0}
.print-toc{break-after:page}.print-toc h1{font-size:18pt}
.print-toc ul{list-style:none;padding-left:6mm;margin:0}.print-toc>ul{padding-left:0}
.print-toc li{margin:1.2mm 0}
.print-toc a{display:flex;color:inherit;text-decoration:none}
.print-toc a .t{flex:none;max-width:88%}.print-toc a .dots{flex:1;border-bottom:1px dotted #999;margin:0 2mm 1.2mm}
.print-toc a .n{flex:none;min-width:8mm;text-align:right}
.chapter{break-before:page}
.print-index{break-before:page}.print-index h1{font-size:18pt}.print-index .index{columns:2;column-gap:8mm;font-size:9.5pt}
.print-index h2{font-size:11pt;margin:3mm 0 1mm;break-after:avoid}.print-index .index-letters{display:none}
.print-index .index-locator a{color:inherit;text-decoration:none}
article.topic{break-inside:auto}
h1,h2,h3{break-after:avoid}
pre,table,figure{break-inside:avoid}
a{color:#0645ad}
`;

/** A CSS string literal (for margin-box content), safe inside a <style> element. */
export function cssString(s: string): string {
  return `"${s
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .replace(/</g, '\\3C ')}"`;
}

/** In the page, after the numbers are in: an index entry lists each page once, ranges as "a–b" (or "a" when on one page). */
const DEDUPE_LOCATORS = `for (const box of document.querySelectorAll('.index-locators')) { const seen = new Set(); const keep = [];
for (const loc of box.querySelectorAll('.index-locator')) { const ends = loc.querySelectorAll('[data-dest]');
if (ends.length === 2 && ends[0].textContent === ends[1].textContent) loc.textContent = ends[0].textContent;
const key = loc.textContent; if (key === '' || seen.has(key)) continue; seen.add(key); keep.push(loc); }
box.textContent = ''; keep.forEach((loc, i) => { if (i) box.append(', '); box.append(loc); }); }`;

/** A page-number locator of the back-of-book index; a range is "start–end". */
function pdfLocator(loc: IndexLocator): string {
  const at = (anchor: string): string => `<a href="#${escapeAttr(anchor)}"><span data-dest="${escapeAttr(anchor)}"></span></a>`;
  return `<span class="index-locator">${at(loc.anchor)}${loc.end !== undefined ? `–${at(loc.end.anchor)}` : ''}</span>`;
}

/** The back-of-book index, after the last chapter (nothing when the publication has no indexterm). */
function printIndex(indexed: ReadonlyArray<{ page: string; index: readonly IndexRef[] }>, lang: string): string {
  if (indexed.length === 0) return '';
  const t = generatedText(lang);
  return `<section class="print-index"><h1>${escapeText(t.index)}</h1><div class="index">${indexBodyHtml(buildIndex(indexed, lang), t, pdfLocator)}</div></section>`;
}

function tocList(entries: readonly NavEntry[], seen: Set<Page>): string {
  const items: string[] = [];
  for (const e of entries) {
    const page = e.page;
    const anchor = page !== undefined && !seen.has(page) ? anchorOf(page) : undefined;
    if (page !== undefined) seen.add(page);
    const title = `<span class="t">${escapeText(e.t)}</span>`;
    const line =
      anchor !== undefined
        ? `<a href="#${escapeAttr(anchor)}">${title}<span class="dots"></span><span class="n" data-dest="${escapeAttr(anchor)}">000</span></a>`
        : `<span>${title}</span>`;
    items.push(`<li>${line}${e.c.length > 0 ? tocList(e.c, seen) : ''}</li>`);
  }
  return items.length > 0 ? `<ul>${items.join('')}</ul>` : '';
}

function anchorOf(page: Page): string {
  const first = page.topics[0];
  return pageAnchor(first?.file ?? page.file, first?.topic.attrs.id ?? '');
}

/** One chapter of the print document: a top-level TOC entry and the pages under it, in reading order. */
export interface Chapter {
  title: string;
  pages: Page[];
}

/** Chapters in reading order: the TOC's top-level entries, then pages reached only through links. */
export function chaptersOf(nav: readonly NavEntry[], all: readonly Page[]): Chapter[] {
  const out: Chapter[] = [];
  const seen = new Set<Page>();
  const collect = (entries: readonly NavEntry[], into: Page[]): void => {
    for (const e of entries) {
      if (e.page !== undefined && !seen.has(e.page)) {
        seen.add(e.page);
        into.push(e.page);
      }
      collect(e.c, into);
    }
  };
  for (const e of nav) {
    const pages: Page[] = [];
    collect([e], pages);
    if (pages.length > 0) out.push({ title: e.t, pages });
  }
  for (const p of all) if (!seen.has(p) && p.inMap) out.push({ title: p.title, pages: [p] });
  return out;
}

/** A bookmap's `completed` (or any) date element: its year, month and day as YYYY-MM-DD, when it has a year. */
function dateOf(el: XmlElement | undefined, text: (el: XmlElement) => string): string {
  if (el === undefined) return '';
  const part = (name: string) => {
    const child = firstChild(el, name);
    return child !== undefined ? text(child).trim() : '';
  };
  const year = part('year');
  if (!/^\d{4}$/.test(year)) return '';
  const two = (v: string) => (/^\d{1,2}$/.test(v) ? v.padStart(2, '0') : '01');
  return `${year}-${two(part('month'))}-${two(part('day'))}`;
}

/**
 * The edition the cover names: a bookmap's own (the last `published` of its `publisherinformation`:
 * `revisionid` and `completed` date), else the map's `critdates/revised/@modified`, else what the
 * build says (the commit and the publish date).
 */
export function editionOf(map: ResolvedMap, build: CoverFacts = {}): { revision: string; date: string } {
  const text = (el: XmlElement): string => plainText(el, map.keyScope);
  let revision = '';
  let date = '';
  const bookmeta = map.root !== undefined ? firstChild(map.root, 'bookmeta') : undefined;
  const info = bookmeta !== undefined ? firstChild(bookmeta, 'publisherinformation') : undefined;
  const published = info !== undefined ? childrenNamed(info, 'published').at(-1) : undefined;
  if (published !== undefined) {
    const id = firstChild(published, 'revisionid');
    revision = id !== undefined ? text(id).trim() : '';
    date = dateOf(firstChild(published, 'completed'), text);
  }
  if (date === '' && map.meta !== undefined) {
    const revised = findDescendant(map.meta, (e) => e.name === 'revised' && /^\d{4}-\d{2}-\d{2}/.test(e.attrs.modified ?? ''));
    date = revised?.attrs.modified?.slice(0, 10) ?? '';
  }
  return { revision: revision || (build.revision ?? ''), date: date || (build.date ?? '') };
}

/** A YYYY-MM-DD date as the language writes it ("29 November 2026", "2026年11月29日"); the date itself when it is not one. */
export function coverDate(date: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (m === null) return date;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  } catch {
    return date;
  }
}

/** What the cover shows under the title: the bookmap's alternative title (or the map's shortdesc), and the product. */
export function coverText(map: ResolvedMap): { subtitle: string; product: string } {
  const text = (el: XmlElement): string => plainText(el, map.keyScope);
  const booktitle = map.root !== undefined ? firstChild(map.root, 'booktitle') : undefined;
  let subtitle = booktitle !== undefined ? childrenNamed(booktitle, 'booktitlealt').map(text).filter(Boolean).join(' \u2014 ') : '';
  let product = '';
  const meta = map.meta;
  if (meta !== undefined) {
    const prodinfo = findDescendant(meta, (e) => e.name === 'prodinfo');
    if (prodinfo !== undefined) {
      const name = firstChild(prodinfo, 'prodname');
      const vrm = findDescendant(prodinfo, (e) => e.name === 'vrm' && (e.attrs.version ?? '').trim() !== '');
      const version =
        vrm !== undefined ? [vrm.attrs.version, vrm.attrs.release, vrm.attrs.modification].filter((v) => v !== undefined && v.trim() !== '').join('.') : '';
      product = [name !== undefined ? text(name) : '', version].filter(Boolean).join(' ');
    }
    const sd = firstChild(meta, 'shortdesc');
    if (subtitle === '' && sd !== undefined) subtitle = text(sd);
  }
  return { subtitle, product };
}

/** Publishes the map as one print document rendered to PDF by headless Chromium. Failures are reported problems, never thrown. */
export async function publishPdf(project: DitaProject, options: PdfOptions): Promise<PdfResult> {
  const outDir = path.resolve(options.out);
  const problems = new ProblemList();
  problems.addAll(project.problems);
  const executable = options.chromium ?? DEFAULT_CHROMIUM;
  const mapName = path.posix.basename(project.map.rootFile).replace(/\.[^.]+$/, '');
  const pdfFile = path.join(outDir, options.fileName ?? `${mapName}.pdf`);
  const at = { file: project.map.rootFile, line: 0, column: 0 };
  let pageCount = 0;
  try {
    await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const plan = planPages(project);
    const related = reltableLinks(project.map.reltables, project);
    const codeTexts = await loadCodeTexts(project);
    const ctx = { project, plan, problems, related, codeText: (f: string) => codeTexts.get(f), draft: options.draft === true, singleDocument: true };
    const chapters = chaptersOf(plan.nav, plan.pages);
    pageCount = chapters.reduce((n, c) => n + c.pages.length, 0);
    const text = generatedText(project.map.lang);
    const resources = new Set<string>();
    const mapTitle = project.map.titleText;
    let body = '';
    let pageRules = `@page{@top-left{content:${cssString(mapTitle)}}}\n`;
    let done = 0;
    const indexed: Array<{ page: string; index: IndexRef[] }> = [];
    chapters.forEach((chapter, i) => {
      const name = `ch-${i + 1}`;
      pageRules += `@page ${name}{@top-right{content:${cssString(chapter.title)}}}\n`;
      body += `<div class="chapter" style="page:${name}">`;
      for (const page of chapter.pages) {
        const r = renderPage(ctx, page);
        for (const res of r.resources) resources.add(res);
        if (r.index.length > 0) indexed.push({ page: '', index: r.index });
        body += `<section class="topic-page">${r.body}</section>\n`;
        done++;
        if (done % 25 === 0 || done === pageCount) options.onProgress?.(done, pageCount, 'pages');
      }
      body += '</div>\n';
    });
    const cover = coverText(project.map);
    const edition = editionOf(project.map, options.cover);
    const editionLine = [edition.revision ? `${text.revision} ${edition.revision}` : '', edition.date ? coverDate(edition.date, project.map.lang) : '']
      .filter(Boolean)
      .join(' \u00b7 ');
    const html = `<!DOCTYPE html>
<html lang="${escapeAttr(project.map.lang)}"${isRightToLeft(project.map.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeText(mapTitle)}</title>
<style>${DEFAULT_CSS}\n${PRINT_CSS}${pageRules}</style></head><body>
<section class="cover"><h1>${escapeText(mapTitle)}</h1>${cover.subtitle ? `<p class="subtitle">${escapeText(cover.subtitle)}</p>` : ''}${cover.product ? `<p class="product">${escapeText(cover.product)}</p>` : ''}${editionLine ? `<p class="edition">${escapeText(editionLine)}</p>` : ''}</section>
<nav class="print-toc"><h1>${escapeText(text.tableOfContents)}</h1>${tocList(plan.nav, new Set())}</nav>
<main>${body}</main>${printIndex(indexed, project.map.lang)}</body></html>`;
    const writer = new OutputWriter(outDir);
    await writer.write('print.html', html);
    await copyResources(writer, project, plan, resources, problems);
    await writer.flush();

    if (!existsSync(executable)) {
      problems.error(
        'pdf-browser-missing',
        `Chromium not found at ${executable}: install it (apt-get install chromium) or pass its path (--chromium); the print HTML is in ${outDir}/print.html`,
        at,
      );
      return { outDir, pages: pageCount, problems: problems.sorted() };
    }
    options.onProgress?.(0, 2, 'pdf');
    // The print loads only the build's own folder: any other file, and any network address, is refused (and reported).
    const blocked = (url: string): void => problems.warning(PDF_REQUEST_BLOCKED, blockedMessage(url, outDir), at);
    const final = await withConfinedPage({ executable, root: outDir, onBlocked: blocked }, async (tab) => {
      await tab.goto(pathToFileURL(path.join(outDir, 'print.html')).href, { waitUntil: 'load' });
      const pdfOptions = {
        format: 'A4',
        printBackground: true,
        outline: true,
        tagged: true,
        margin: { top: '20mm', bottom: '22mm', left: '18mm', right: '18mm' },
      };
      // First pass: where each chapter lands; second pass: the TOC with those page numbers.
      const first = await tab.pdf(pdfOptions);
      options.onProgress?.(1, 2, 'pdf');
      const pages = Object.fromEntries(namedDestinationPages(first));
      // Runs in the page (a string: this package is compiled without DOM types).
      await tab.evaluate(
        `(() => { const map = ${JSON.stringify(pages)}; for (const el of document.querySelectorAll('[data-dest]')) { const n = map[el.dataset.dest]; el.textContent = n === undefined ? '' : String(n); } ${DEDUPE_LOCATORS} })()`,
      );
      const printed = await tab.pdf(pdfOptions);
      // Keep the print HTML as printed (with its TOC page numbers).
      await writeFile(path.join(outDir, 'print.html'), await tab.content());
      return printed;
    });
    await writeFile(pdfFile, final);
    options.onProgress?.(2, 2, 'pdf');
    return { outDir, pdfFile, pages: pageCount, pdfPages: pdfPageCount(final), problems: problems.sorted() };
  } catch (e) {
    problems.error('pdf-failed', `PDF rendering failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, at);
    return { outDir, pages: pageCount, problems: problems.sorted() };
  }
}

export const PDF_REQUEST_BLOCKED = 'pdf-request-blocked';

/**
 * What the print asked for and did not get: a file by its path from the output folder (the server's own paths are not
 * told), an address without its query.
 */
function blockedMessage(url: string, outDir: string): string {
  let shown = url;
  try {
    const u = new URL(url);
    shown = u.protocol === 'file:' ? path.relative(outDir, fileURLToPath(u)) : `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    // not a URL a browser parsed: shown as it came
  }
  return `Not loaded into the PDF: ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown} (a PDF loads only the publication's own files)`;
}
