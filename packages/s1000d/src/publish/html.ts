/**
 * HTML5 output of an S1000D publication: a page per data module (identification block and content,
 * filtered for the product), the PM as the navigation on every page, a landing page with the list
 * of modules, a search index, and the ICN files. A re-publish after a change renders again only the
 * pages of the modules that changed, and every page's navigation when the PM's entries changed.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CSS, DEFAULT_JS, searchTokens } from '@ccms/dita/shared-output';
import { issueString, languageString } from '../codes.js';
import type { CsdbObject } from '../describe.js';
import type { Problem } from '../problem.js';
import { S1000D_CSS } from './assets.js';
import { describeRel, type Plan, type PlanNode, pageName, planModules, planPublication, readSetFolder } from './plan.js';
import { escapeAttr, escapeText, highlightsHtml, issueDateOf, type RenderContext, renderModule } from './render.js';
import type { Selection } from './selection.js';
import { type PublishTexts, publishTexts } from './texts.js';

export interface S1000dPublishOptions {
  /** The checked-out library. */
  srcDir: string;
  /** The publication module's path inside srcDir. */
  pm: string;
  out: string;
  selection: Selection;
  onProgress?: (done: number, total: number, phase: string) => void;
}

interface PageRecord {
  dm: CsdbObject;
  /** Identification block and content. */
  body: string;
  search: { t: string; u: string; s: string; k: string[] };
}

/** What a full build keeps for the next, incremental one. */
export interface S1000dHtmlBuild {
  options: S1000dPublishOptions;
  objects: Map<string, CsdbObject>;
  plan: Plan;
  records: Map<string, PageRecord>;
  /** The navigation as last written (pages are written again when it changes). */
  navHtml: string;
  problems: Problem[];
}

export interface S1000dResult {
  pages: number;
  problems: Problem[];
  pdfFile?: string;
  build?: S1000dHtmlBuild;
  /** Pages written by this run (all of them for a full build). */
  written?: number;
}

export const CSS_FILE = 'ccms-s1000d.css';
const JS_FILE = 'ccms-s1000d.js';
const SEARCH_FILE = 'search-index.js';
export const GRAPHICS_DIR = 'graphics';

/**
 * Writes a file by replacing it (a new file renamed over the old): a kept output hard-linked to the
 * old file keeps its bytes.
 */
function replaceFile(file: string, content: string | Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

function copyReplacing(from: string, to: string): void {
  const tmp = `${to}.${process.pid}.tmp`;
  copyFileSync(from, tmp);
  renameSync(tmp, to);
}

/** The render context of a page-per-module output: dmRefs to pages, ICNs to graphics/. */
export function htmlContext(plan: Plan, texts: PublishTexts, srcDir: string, outDir: string, copied: Set<string>): RenderContext {
  const pages = new Set(plan.pages.map((p) => p.dm.code));
  return {
    texts,
    idPrefix: '',
    pageOf: (code) => (pages.has(code) ? pageName(code) : undefined),
    graphic: (code) => {
      const icn = plan.csdb.graphic(code, ['SVG', 'PNG', 'JPG', 'JPEG', 'GIF', 'CGM']);
      if (icn === undefined) return undefined;
      const name = path.posix.basename(icn.file);
      if (!copied.has(icn.file)) {
        copied.add(icn.file);
        const from = path.join(srcDir, icn.file);
        if (existsSync(from)) {
          mkdirSync(path.join(outDir, GRAPHICS_DIR), { recursive: true });
          copyReplacing(from, path.join(outDir, GRAPHICS_DIR, name));
        }
      }
      return { href: `${GRAPHICS_DIR}/${name}`, format: icn.format ?? '' };
    },
  };
}

/** The navigation tree: the PM's entries in order; modules without a page are listed, marked, without a link. */
export function navList(nodes: readonly PlanNode[], texts: PublishTexts): string {
  if (nodes.length === 0) return '';
  let out = '<ul>';
  for (const n of nodes) {
    if (n.kind === 'head') {
      out += `<li><span class="head">${escapeText(n.title)}</span>${navList(n.items, texts)}</li>`;
      continue;
    }
    const label = `${escapeText(n.title)}<span class="dmc">${escapeText(n.code)}</span>`;
    if (n.page !== undefined) out += `<li data-dmc="${escapeAttr(n.code)}"><a href="${escapeAttr(n.page)}">${label}</a></li>`;
    else {
      const why = n.deleted ? 'deleted' : 'not-applicable';
      const tag = n.deleted ? texts.deleted : texts.notApplicable;
      out += `<li data-dmc="${escapeAttr(n.code)}" class="${why}"><span>${label}</span><span class="tag">${escapeText(tag)}</span></li>`;
    }
  }
  return `${out}</ul>`;
}

function langOf(plan: Plan): string {
  return languageString(plan.pm.language) ?? 'en-US';
}

function pageHtml(plan: Plan, texts: PublishTexts, navHtml: string, page: string, title: string, main: string): string {
  const pmTitle = plan.pm.title || plan.pm.code;
  // The page's own entries marked as current (an entry is `<li data-dmc="…"><a href="PAGE">`).
  const nav = navHtml.split(`"><a href="${escapeAttr(page)}">`).join(`" class="active"><a href="${escapeAttr(page)}" aria-current="page">`);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(langOf(plan))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}${title !== pmTitle ? ` - ${escapeText(pmTitle)}` : ''}</title><link rel="stylesheet" href="${CSS_FILE}">
<script>window.CCMS={root:"",page:${JSON.stringify(page)}}</script><script src="${JS_FILE}" defer></script>
</head><body>
<header class="site-header"><a class="site-title" href="index.html">${escapeText(pmTitle)}</a><form class="search" role="search" data-none="${escapeAttr(texts.noResults)}"><input type="search" aria-label="${escapeAttr(texts.search)}" placeholder="${escapeAttr(texts.searchPlaceholder)}"></form></header>
<div class="site-body"><nav class="toc" id="ccms-toc" aria-label="${escapeAttr(texts.contents)}">${nav}</nav>
<main id="content"><nav class="breadcrumbs"></nav>
${main}
</main></div></body></html>
`;
}

/** The landing page: the PM's identification, who it is published for, and its entries. */
function indexHtml(plan: Plan, texts: PublishTexts, navHtml: string): string {
  const pm = plan.pm;
  const rows: Array<[string, string]> = [
    ['PMC', pm.code],
    [texts.issue, issueString(pm.issue) ?? ''],
    [texts.issueDate, issueDateOf(pm.xml?.root)],
    [texts.publishedFor, plan.label],
  ];
  const ident = rows
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `<tr><th>${escapeText(k)}</th><td>${escapeText(v)}</td></tr>`)
    .join('');
  const main = `<header class="dm-ident"><h1>${escapeText(pm.title || pm.code)}</h1><table class="ident-table">${ident}</table></header>
<nav class="pm-toc" aria-label="${escapeAttr(texts.contents)}">${navList(plan.nodes, texts)}</nav>
${highlightsHtml(
  plan.pages.map((p) => p.dm),
  texts,
  pageName,
  'h2',
)}`;
  return pageHtml(plan, texts, navHtml, 'index.html', pm.title || pm.code, main);
}

function renderRecord(plan: Plan, dm: CsdbObject, page: string, ctx: RenderContext, problems: Problem[]): PageRecord {
  const instance = plan.csdb.instance(dm, plan.assignment, { excluded: plan.excluded });
  const root = instance?.doc.root ?? dm.xml?.root;
  if (root === undefined) return { dm, body: '', search: { t: dm.title, u: page, s: '', k: [] } };
  const r = renderModule(ctx, dm, root);
  for (const id of r.dangling) {
    problems.push({
      severity: 'warning',
      code: 's1000d-internal-ref-dangling',
      message: `internalRef to "${id}" points at content that does not apply to this product.`,
      messages: { zh: `internalRef 指向的「${id}」不适用于此产品。`, en: `internalRef to "${id}" points at content that does not apply to this product.` },
      file: dm.file,
      line: 0,
      column: 0,
    });
  }
  return {
    dm,
    body: r.html,
    search: { t: `${dm.title} (${dm.code})`, u: page, s: r.text.slice(0, 160), k: searchTokens(`${dm.code} ${dm.title} ${r.text}`) },
  };
}

function writeSite(build: S1000dHtmlBuild, pagesToWrite: Iterable<string>, all: boolean): number {
  const { plan, options } = build;
  const out = path.resolve(options.out);
  const texts = publishTexts(langOf(plan));
  let n = 0;
  for (const page of pagesToWrite) {
    const rec = build.records.get(page);
    if (rec === undefined) continue;
    replaceFile(path.join(out, page), pageHtml(plan, texts, build.navHtml, page, rec.dm.title, rec.body));
    n++;
  }
  if (all) {
    replaceFile(path.join(out, CSS_FILE), `${DEFAULT_CSS}${S1000D_CSS}`);
    replaceFile(path.join(out, JS_FILE), DEFAULT_JS);
  }
  replaceFile(path.join(out, 'index.html'), indexHtml(plan, texts, build.navHtml));
  const search = plan.pages.map((p) => build.records.get(p.page)?.search).filter((s) => s !== undefined);
  replaceFile(path.join(out, SEARCH_FILE), `window.CCMS_SEARCH=${JSON.stringify(search)};\n`);
  return n;
}

/** Publishes a PM as HTML5 into `out` (emptied first). Problems are reported, never thrown. */
export async function publishS1000dHtml(options: S1000dPublishOptions): Promise<S1000dResult> {
  options.onProgress?.(0, 1, 'reading');
  const objects = readSetFolder(options.srcDir);
  return buildFrom(options, objects);
}

async function buildFrom(options: S1000dPublishOptions, objects: Map<string, CsdbObject>): Promise<S1000dResult> {
  const { plan, problems } = planPublication(objects.values(), options.pm, options.selection);
  if (plan === undefined) return { pages: 0, problems };
  const out = path.resolve(options.out);
  await rm(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const texts = publishTexts(langOf(plan));
  const ctx = htmlContext(plan, texts, options.srcDir, out, new Set());
  const records = new Map<string, PageRecord>();
  const renderProblems: Problem[] = [];
  let done = 0;
  for (const { dm, page } of plan.pages) {
    records.set(page, renderRecord(plan, dm, page, ctx, renderProblems));
    done++;
    if (done % 10 === 0 || done === plan.pages.length) options.onProgress?.(done, plan.pages.length, 'pages');
  }
  const build: S1000dHtmlBuild = { options, objects, plan, records, navHtml: navList(plan.nodes, texts), problems: [...problems, ...renderProblems] };
  const written = writeSite(build, records.keys(), true);
  return { pages: plan.pages.length, problems: build.problems, build, written };
}

/** What of a module a page or the navigation shows: a change here means every page's navigation changes. */
const navKey = (plan: Plan): string =>
  JSON.stringify([
    plan.pm.title,
    plan.label,
    planModules(plan.nodes).map((m) => [m.code, m.title, m.page ?? '', m.applies, m.deleted]),
    plan.nodes.filter((n) => n.kind === 'head').map((n) => n.title),
  ]);

/**
 * Brings a build up to date with files changed in srcDir (paths relative to it): the changed files
 * are read again; the pages of changed modules are rendered again; when the PM's entries, the
 * product's assignment or the set of pages changed, every page is (its links and navigation
 * depend on them). Pages of modules no longer published are removed.
 */
export async function rebuildS1000dHtml(previous: S1000dHtmlBuild, changed: readonly string[]): Promise<S1000dResult> {
  const { options } = previous;
  const objects = new Map(previous.objects);
  for (const rel of changed) {
    const obj = describeRel(options.srcDir, rel);
    if (obj === undefined) objects.delete(rel);
    else objects.set(rel, obj);
  }
  const { plan, problems } = planPublication(objects.values(), options.pm, options.selection);
  if (plan === undefined) return { pages: 0, problems };
  const out = path.resolve(options.out);
  const texts = publishTexts(langOf(plan));
  const samePages = plan.pages.length === previous.plan.pages.length && plan.pages.every((p, i) => previous.plan.pages[i]?.dm.code === p.dm.code);
  const exclusions = (p: Plan) => JSON.stringify([...p.excluded].map(([k, set]) => [k, [...set].sort()]).sort());
  const sameAssignment = JSON.stringify(plan.assignment) === JSON.stringify(previous.plan.assignment) && exclusions(plan) === exclusions(previous.plan);
  const everything = !samePages || !sameAssignment;
  const changedSet = new Set(changed);
  const ctx = htmlContext(
    plan,
    texts,
    options.srcDir,
    out,
    new Set([...previous.objects.values()].filter((o) => o.kind === 'icn' && !changedSet.has(o.file)).map((o) => o.file)),
  );
  const records = new Map<string, PageRecord>();
  const rendered: string[] = [];
  const renderProblems: Problem[] = [];
  for (const { dm, page } of plan.pages) {
    const before = previous.records.get(page);
    if (!everything && before !== undefined && !changedSet.has(dm.file)) {
      records.set(page, { ...before, dm });
      continue;
    }
    records.set(page, renderRecord(plan, dm, page, ctx, renderProblems));
    rendered.push(page);
  }
  // Problems of pages not rendered again are kept from the previous build.
  const keptProblems = previous.problems.filter((p) => p.code === 's1000d-internal-ref-dangling' && ![...changedSet].includes(p.file) && !everything);
  const navHtml = navList(plan.nodes, texts);
  const build: S1000dHtmlBuild = { options, objects, plan, records, navHtml, problems: [...problems, ...keptProblems, ...renderProblems] };
  const navChanged = navHtml !== previous.navHtml || navKey(plan) !== navKey(previous.plan);
  for (const page of previous.records.keys()) if (!records.has(page)) await rm(path.join(out, page), { force: true });
  // A changed graphic the output holds is copied again (the pages showing it link the same file).
  for (const rel of changed) {
    const icn = objects.get(rel);
    const target = path.join(out, GRAPHICS_DIR, path.posix.basename(rel));
    if (icn?.kind === 'icn' && existsSync(target) && existsSync(path.join(options.srcDir, rel))) copyReplacing(path.join(options.srcDir, rel), target);
  }
  const written = writeSite(build, navChanged ? records.keys() : rendered, false);
  return { pages: plan.pages.length, problems: build.problems, build, written };
}
