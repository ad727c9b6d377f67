/**
 * PDF output of an S1000D publication, page-oriented as S1000D prints: a title page, the list of
 * effective data modules (with the page each starts on), the highlights (each changed module's
 * reasons for update), then every module from a new page with its identification block, running
 * header (PM title, DMC), change bars in the margin and "End of data module". Printed by headless
 * Chromium in the confined page the DITA publisher uses: it loads only the output's own folder.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CHROMIUM, DEFAULT_CSS, namedDestinationPages, withConfinedPage } from '@ccms/dita/shared-output';
import { issueString, languageString } from '../codes.js';
import { type Problem, problem } from '../problem.js';
import { S1000D_CSS } from './assets.js';
import { htmlContext, type S1000dPublishOptions, type S1000dResult } from './html.js';
import { type Plan, planModules, planPublication, readSetFolder, safeFileName } from './plan.js';
import { escapeAttr, escapeText, highlightsHtml, issueDateOf, renderModule } from './render.js';
import { type PublishTexts, publishTexts } from './texts.js';

export interface S1000dPdfOptions extends S1000dPublishOptions {
  /** Chromium binary (default /usr/bin/chromium). */
  chromium?: string;
}

const PRINT_CSS = `@page{size:A4;margin:22mm 18mm 22mm 14mm;
@top-left{font-size:8pt;color:#444;vertical-align:bottom;padding-bottom:4mm}
@top-right{font-size:8pt;color:#444;vertical-align:bottom;padding-bottom:4mm}
@bottom-center{content:counter(page) " / " counter(pages);font-size:8pt;color:#444}}
@page cover{@top-left{content:none}@top-right{content:none}@bottom-center{content:none}}
html{font-family:"Noto Serif","Noto Serif CJK SC","Noto Sans CJK SC",serif;font-size:10pt}
body{margin:0}
main{max-width:none;padding:0 0 0 9mm}
.cover{page:cover;height:235mm;display:flex;flex-direction:column;justify-content:center;break-after:page}
.cover h1{font-size:28pt;margin:0 0 6mm}.cover table{width:auto}.cover th{text-align:left;padding-right:6mm;color:#444;font-weight:500}.cover th,.cover td{border:none}
.front{break-after:page}.front h1{font-size:16pt}
.loedm td,.loedm th,.highlights td,.highlights th{font-size:8.5pt;padding:1mm 2mm}
.dm{break-before:page}
.end-of-dm{text-align:center;font-weight:600;margin-top:8mm;font-size:9pt}
.changed::before{left:-5mm;border-left:1.2pt solid #000}
.change-bar{position:absolute;left:-5.55mm;top:0;width:auto;height:auto;overflow:visible;clip-path:none;color:#000;font-weight:700}
td .change-bar,th .change-bar{left:-6.1mm}
h1,h2,h3{break-after:avoid}figure,.admonition,tr{break-inside:avoid}
a{color:inherit;text-decoration:none}
.icn-placeholder a{display:none}
`;

/** A CSS string literal for margin-box content. */
const cssString = (s: string): string =>
  `"${s
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .replace(/</g, '\\3C ')}"`;

const anchorOf = (code: string): string => `dm-${code}`;

function titlePage(plan: Plan, texts: PublishTexts): string {
  const pm = plan.pm;
  const rows: Array<[string, string]> = [
    ['PMC', pm.code],
    [texts.issue, issueString(pm.issue) ?? ''],
    [texts.issueDate, issueDateOf(pm.xml?.root)],
    [texts.publishedFor, plan.label],
  ];
  return `<section class="cover"><h1>${escapeText(pm.title || pm.code)}</h1><table>${rows
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `<tr><th>${escapeText(k)}</th><td>${escapeText(v)}</td></tr>`)
    .join('')}</table></section>`;
}

function loedm(plan: Plan, texts: PublishTexts): string {
  const rows = planModules(plan.nodes)
    .map((m) => {
      const dm = m.dm;
      const status = m.deleted ? texts.deleted : !m.applies ? texts.notApplicable : '';
      const issueType = dm?.issueType !== undefined ? (texts.issueTypes[dm.issueType] ?? dm.issueType) : '';
      const pageCell =
        m.page !== undefined
          ? `<a href="#${escapeAttr(anchorOf(m.code))}"><span data-dest="${escapeAttr(anchorOf(m.code))}">000</span></a>`
          : escapeText(status);
      return `<tr data-dmc="${escapeAttr(m.code)}"${m.page === undefined ? ' class="not-published"' : ''}><td>${escapeText(m.code)}</td><td>${escapeText(m.title)}</td><td>${escapeText(issueString(dm?.issue) ?? '')}</td><td>${escapeText(issueDateOf(dm?.xml?.root))}</td><td>${escapeText(issueType)}</td><td>${pageCell}</td></tr>`;
    })
    .join('');
  return `<section class="front loedm"><h1>${escapeText(texts.loedm)}</h1><table><thead><tr><th>${escapeText(texts.dmc)}</th><th>${escapeText(texts.title)}</th><th>${escapeText(texts.issue)}</th><th>${escapeText(texts.issueDate)}</th><th>${escapeText(texts.issueType)}</th><th>${escapeText(texts.page)}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** Publishes a PM as one PDF in `out` (emptied first). Failures are reported problems, never thrown. */
export async function publishS1000dPdf(options: S1000dPdfOptions): Promise<S1000dResult> {
  options.onProgress?.(0, 1, 'reading');
  const objects = readSetFolder(options.srcDir);
  const { plan, problems } = planPublication(objects.values(), options.pm, options.selection);
  if (plan === undefined) return { pages: 0, problems };
  const out = path.resolve(options.out);
  const at = { file: options.pm, line: 0, column: 0 };
  const all: Problem[] = [...problems];
  const executable = options.chromium ?? DEFAULT_CHROMIUM;
  try {
    await rm(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const lang = languageString(plan.pm.language) ?? 'en-US';
    const texts = publishTexts(lang);
    const base = htmlContext(plan, texts, options.srcDir, out, new Set());
    let body = '';
    let pageRules = `@page{@top-left{content:${cssString(plan.pm.title || plan.pm.code)}}}\n`;
    plan.pages.forEach(({ dm }, i) => {
      const ctx = { ...base, idPrefix: `${dm.code}--`, pageOf: (code: string) => (base.pageOf(code) !== undefined ? `#${anchorOf(code)}` : undefined) };
      const root = plan.csdb.instance(dm, plan.assignment, { excluded: plan.excluded })?.doc.root ?? dm.xml?.root;
      if (root === undefined) return;
      const r = renderModule(ctx, dm, root);
      const name = `dm-${i + 1}`;
      pageRules += `@page ${name}{@top-right{content:${cssString(dm.code)}}}\n`;
      body += `<section class="dm" id="${escapeAttr(anchorOf(dm.code))}" style="page:${name}">${r.html}<p class="end-of-dm">${escapeText(texts.endOfDm)}</p></section>\n`;
      if ((i + 1) % 10 === 0 || i + 1 === plan.pages.length) options.onProgress?.(i + 1, plan.pages.length, 'pages');
    });
    const html = `<!DOCTYPE html>
<html lang="${escapeAttr(lang)}"><head><meta charset="utf-8"><title>${escapeText(plan.pm.title || plan.pm.code)}</title>
<style>${DEFAULT_CSS}${S1000D_CSS}${PRINT_CSS}${pageRules}</style></head><body>
${titlePage(plan, texts)}
${loedm(plan, texts)}
${highlightsHtml(
  plan.pages.map((p) => p.dm),
  texts,
  (code) => `#${anchorOf(code)}`,
  'h1',
).replace('<section class="highlights">', '<section class="front highlights">')}
<main>${body}</main></body></html>`;
    writeFileSync(path.join(out, 'print.html'), html);
    if (!existsSync(executable)) {
      all.push(
        problem(
          'error',
          'pdf-browser-missing',
          at,
          `在 ${executable} 找不到 Chromium：请安装（apt-get install chromium）。打印用的 HTML 在 ${out}/print.html。`,
          `Chromium not found at ${executable}: install it (apt-get install chromium); the print HTML is in ${out}/print.html`,
        ),
      );
      return { pages: plan.pages.length, problems: all };
    }
    options.onProgress?.(0, 2, 'pdf');
    const blocked = (url: string): void => {
      all.push(
        problem(
          'warning',
          'pdf-request-blocked',
          at,
          `未载入 PDF：${url}（PDF 只读取出版物自己的文件）`,
          `Not loaded into the PDF: ${url} (a PDF loads only the publication's own files)`,
        ),
      );
    };
    const printed = await withConfinedPage({ executable, root: out, onBlocked: blocked }, async (tab) => {
      await tab.goto(pathToFileURL(path.join(out, 'print.html')).href, { waitUntil: 'load' });
      const pdfOptions = {
        format: 'A4',
        printBackground: true,
        outline: true,
        tagged: true,
        margin: { top: '22mm', bottom: '22mm', left: '14mm', right: '18mm' },
      };
      // First pass: where each module starts; second: the list of effective data modules with those pages.
      const first = await tab.pdf(pdfOptions);
      options.onProgress?.(1, 2, 'pdf');
      const pages = Object.fromEntries(namedDestinationPages(first));
      await tab.evaluate(
        `(() => { const map = ${JSON.stringify(pages)}; for (const el of document.querySelectorAll('[data-dest]')) { const n = map[el.dataset.dest]; el.textContent = n === undefined ? '' : String(n); } })()`,
      );
      return tab.pdf(pdfOptions);
    });
    const pdfFile = path.join(out, `${safeFileName(plan.pm.code)}.pdf`);
    writeFileSync(pdfFile, printed);
    options.onProgress?.(2, 2, 'pdf');
    return { pages: plan.pages.length, problems: all, pdfFile };
  } catch (e) {
    const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    all.push(problem('error', 'pdf-failed', at, `PDF 生成失败：${reason}`, `PDF rendering failed: ${reason}`));
    return { pages: plan.pages.length, problems: all };
  }
}
