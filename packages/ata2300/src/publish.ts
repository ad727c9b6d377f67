/**
 * A Spec 2300 publication module published for an aircraft: the PM's modules in its order, each
 * kept or left out by its status file's applicability against the selection (a PCT product, or
 * property values), as an HTML5 site (a page per module, the PM as navigation) or one PDF printed
 * in the confined Chromium page the other standards print in (title page, list of effective
 * modules, then each module from a new page in the checklist layout).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CHROMIUM, DEFAULT_CSS, withConfinedPage } from '@ccms/dita/shared-output';
import { Ata2300PublishError, type Ata2300Selection, assignmentOf, pmModules, tablesOf } from './applicability.js';
import { type Ata2300Object, type Ata2300TocItem, describeAta2300 } from './describe.js';
import { ATA2300_CSS, escapeAttr, escapeText, renderAta2300Module } from './render.js';
import { type Ata2300Entry, pairStatus } from './status.js';
import { ATA2300_TEXTS } from './texts.js';

export interface Ata2300PublishOptions {
  /** The folder holding the set (read recursively). */
  dir: string;
  /** The PM's path in `dir`. */
  pm: string;
  out: string;
  format: 'html5' | 'pdf';
  /** The words of the pages; the PM's own language when absent. */
  lang?: 'zh' | 'en';
  selection?: Ata2300Selection;
  chromium?: string;
}

export interface Ata2300PublishResult {
  /** Module pages written (HTML5) or modules printed (PDF). */
  modules: string[];
  /** Modules of the PM that do not apply to the selection. */
  excluded: string[];
  /** Codes the PM names that the set lacks. */
  missing: string[];
  /** What the output was published for. */
  label: string;
  pdfFile?: string;
}

async function xmlFiles(dir: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await xmlFiles(dir, rel)));
    else if (/\.xml$/i.test(e.name)) out.push(rel);
  }
  return out.sort();
}

const pageName = (code: string) => `${code.replace(/[^A-Za-z0-9-]/g, '_')}.html`;

interface Planned {
  pm: Ata2300Entry;
  modules: Ata2300Entry[];
  excluded: Set<string>;
  missing: string[];
  label: string;
  byCode: Map<string, Ata2300Entry>;
  read: (file: string) => Buffer;
}

async function plan(options: Ata2300PublishOptions): Promise<Planned> {
  const files = await xmlFiles(options.dir);
  const contents = new Map<string, Buffer>();
  const objects: Ata2300Object[] = [];
  for (const f of files) {
    const buf = await readFile(path.join(options.dir, f));
    const o = describeAta2300(f, buf);
    if (o.kind === 'none') continue;
    contents.set(f, buf);
    objects.push(o);
  }
  const { entries } = pairStatus(objects);
  const pm = entries.find((e) => e.kind === 'pm' && e.content.file === options.pm);
  if (!pm) throw new Ata2300PublishError('pmMissing', options.pm);
  const byCode = new Map(entries.filter((e) => e.kind === 'dm').map((e) => [e.content.code, e]));
  const read = (file: string) => contents.get(file) ?? Buffer.alloc(0);
  const { assignment, label } = assignmentOf(options.selection ?? {}, tablesOf(entries, read).products);
  const listed = pmModules(pm, entries, assignment);
  const modules = listed.modules.filter((m) => m.applies).map((m) => m.entry);
  const excluded = new Set(listed.modules.filter((m) => !m.applies).map((m) => m.entry.content.code));
  const missing = listed.missing;
  return { pm, modules, excluded, missing, label, byCode, read };
}

function identBlock(entry: Ata2300Entry, lang: 'zh' | 'en'): string {
  const zh = lang === 'zh';
  const rows: Array<[string, string]> = [
    [zh ? '数据模块代码' : 'Data module code', entry.content.code],
    [zh ? '签发日期' : 'Issue date', entry.content.issueDate ?? ''],
    [zh ? '适用性' : 'Applicability', entry.status?.applic?.displayText ?? (zh ? '全部' : 'All')],
  ];
  return `<table class="ata-ident">${rows.map(([k, v]) => `<tr><th>${escapeText(k)}</th><td>${escapeText(v)}</td></tr>`).join('')}</table>`;
}

function navOf(p: Planned, current: string | undefined, hrefOf: (code: string) => string): string {
  const item = (i: Ata2300TocItem): string => {
    if (!('ref' in i)) return `<li class="ata-nav-${i.kind}"><span>${escapeText(i.title)}</span><ul>${i.items.map(item).join('')}</ul></li>`;
    const entry = p.byCode.get(i.ref.target);
    const title = escapeText(entry?.content.title || i.ref.target);
    if (!entry || p.excluded.has(entry.content.code)) return `<li class="ata-nav-na">${title}</li>`;
    const here = entry.content.code === current ? ' aria-current="page"' : '';
    return `<li><a href="${escapeAttr(hrefOf(entry.content.code))}"${here}>${title}</a></li>`;
  };
  return `<nav class="ata-nav"><ul>${(p.pm.content.toc ?? []).map(item).join('')}</ul></nav>`;
}

function page(title: string, lang: 'zh' | 'en', body: string): string {
  return `<!DOCTYPE html>\n<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${escapeText(title)}</title><link rel="stylesheet" href="ata2300.css"></head><body>${body}</body></html>\n`;
}

const LOEDM = { zh: '有效数据模块清单', en: 'List of effective data modules' };
const PUBLISHED_FOR = { zh: '适用于', en: 'Published for' };

function effectiveList(p: Planned, lang: 'zh' | 'en', hrefOf: (code: string) => string): string {
  const rows = p.modules.map(
    (e) =>
      `<tr><td><a href="${escapeAttr(hrefOf(e.content.code))}">${escapeText(e.content.code)}</a></td><td>${escapeText(e.content.title)}</td><td>${escapeText(e.content.issueDate ?? '')}</td></tr>`,
  );
  return `<section class="ata-loedm"><h2>${LOEDM[lang]}</h2><table>${rows.join('')}</table></section>`;
}

/** Publishes the PM for the selection. Throws Ata2300PublishError for a PM or product that is not there. */
export async function publishAta2300(options: Ata2300PublishOptions): Promise<Ata2300PublishResult> {
  const p = await plan(options);
  // The words of the page in the PM's language when none is asked for (Chinese for zh, English otherwise).
  const lang = options.lang ?? (p.pm.content.language?.languageIsoCode.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  const texts = ATA2300_TEXTS[lang];
  await mkdir(options.out, { recursive: true });
  await writeFile(path.join(options.out, 'ata2300.css'), `${DEFAULT_CSS}\n${ATA2300_CSS}\n${LAYOUT_CSS}`);
  const pmTitle = p.pm.content.title || p.pm.content.code;
  const cover = `<header class="ata-cover"><h1>${escapeText(pmTitle)}</h1><p>${escapeText(p.pm.content.code)} · ${escapeText(p.pm.content.issueDate ?? '')}</p>${
    p.label ? `<p>${PUBLISHED_FOR[lang]}: ${escapeText(p.label)}</p>` : ''
  }</header>`;
  const result = { modules: p.modules.map((e) => e.content.code), excluded: [...p.excluded], missing: p.missing, label: p.label };
  const titleOf = (code: string) => p.byCode.get(code)?.content.title;
  if (options.format === 'html5') {
    const hrefOf = (code: string) => pageName(code);
    const pageOf = (code: string) => (p.modules.some((e) => e.content.code === code) ? hrefOf(code) : undefined);
    await writeFile(
      path.join(options.out, 'index.html'),
      page(pmTitle, lang, `${navOf(p, undefined, hrefOf)}<main>${cover}${effectiveList(p, lang, hrefOf)}</main>`),
    );
    for (const e of p.modules) {
      const { html } = renderAta2300Module(p.read(e.content.file), { texts, pageOf, titleOf });
      await writeFile(
        path.join(options.out, hrefOf(e.content.code)),
        page(e.content.title || e.content.code, lang, `${navOf(p, e.content.code, hrefOf)}<main>${identBlock(e, lang)}${html}</main>`),
      );
    }
    return result;
  }
  const anchor = (code: string) => `#dm-${code}`;
  const pageOf = (code: string) => (p.modules.some((e) => e.content.code === code) ? anchor(code) : undefined);
  const sections = p.modules.map((e) => {
    const { html } = renderAta2300Module(p.read(e.content.file), { texts, pageOf, titleOf });
    return `<section class="ata-dm" id="dm-${escapeAttr(e.content.code)}">${identBlock(e, lang)}${html}</section>`;
  });
  await writeFile(path.join(options.out, 'print.html'), page(pmTitle, lang, `<main>${cover}${effectiveList(p, lang, anchor)}${sections.join('')}</main>`));
  const pdfFile = path.join(options.out, `${p.pm.content.code}.pdf`);
  await withConfinedPage({ executable: options.chromium ?? DEFAULT_CHROMIUM, root: options.out }, async (tab) => {
    await tab.goto(pathToFileURL(path.join(options.out, 'print.html')).href, { waitUntil: 'load' });
    await writeFile(
      pdfFile,
      await tab.pdf({ format: 'A4', printBackground: true, outline: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } }),
    );
  });
  return { ...result, pdfFile };
}

/** Site layout and print rules around the module's own checklist layout (ATA2300_CSS). */
const LAYOUT_CSS = `
body { display: flex; margin: 0; }
.ata-nav { flex: 0 0 18rem; padding: 1rem; border-right: 1px solid #ddd; font-size: 0.9em; }
.ata-nav ul { list-style: none; padding-left: 0.8em; }
.ata-nav-na { color: #999; text-decoration: line-through; }
.ata-nav [aria-current] { font-weight: bold; }
main { flex: 1 1 auto; padding: 1rem 2rem; max-width: 48rem; }
.ata-ident th { text-align: left; padding-right: 1em; color: #444; font-weight: 500; }
@media print {
  body { display: block; }
  .ata-cover { break-after: page; }
  .ata-loedm { break-after: page; }
  .ata-dm { break-before: page; }
}
`;
