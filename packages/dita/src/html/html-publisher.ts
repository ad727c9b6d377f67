import { copyFile, mkdirSync, writeFile } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { lastRevised, topicMetadata } from '../model/topic-metadata.js';
import type { Problem } from '../problems/problem.js';
import { ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import type { NavEntry, Page, PagePlan, RelatedLink } from '../publish/page-plan.js';
import { outputPathOf, planPages, reltableLinks } from '../publish/page-plan.js';
import { decodeXml } from '../xml/xml-parser.js';
import { generatedText } from './generated-text.js';
import { DEFAULT_CSS, DEFAULT_JS } from './html-assets.js';
import { escapeAttr, escapeText } from './html-escape.js';
import { dependencyIndex } from './html-rebuild.js';
import type { PageContext, RenderedPage } from './page-renderer.js';
import { renderPage } from './page-renderer.js';

export interface HtmlOptions {
  out: string;
  draft?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** What a page was built from: enough to decide whether a change touches it. */
export interface PageRecord {
  deps: Set<string>;
  keys: Set<string>;
  /** Fingerprint of the page's map-derived context (title, related links, children). */
  context: string;
  search: SearchEntry;
  /** search serialised once (the index is rewritten on every rebuild). */
  searchJson?: string;
}

export interface SearchEntry {
  t: string;
  u: string;
  s: string;
  k: string[];
}

export interface HtmlBuild {
  project: DitaProject;
  plan: PagePlan;
  records: Map<string, PageRecord>;
  related: Map<string, RelatedLink[]>;
  outDir: string;
  options: HtmlOptions;
  /** Output files written (relative to outDir). */
  written: string[];
  problems: Problem[];
  codeTexts: Map<string, string>;
  /** Content of the site-wide files last written (nav, search index), to skip identical rewrites. */
  siteFiles: Map<string, string>;
}

const TOKEN_RE = /[\u3400-\u9fff\uf900-\ufaff]|[\p{L}\p{N}_]{2,}/gu;

const NON_ASCII_RE = /[\u0080-\uffff]/;

/** Lower-cased words (two letters or more) and single CJK characters, each once, in order of appearance. */
export function searchTokens(text: string): string[] {
  const lower = text.toLowerCase();
  if (NON_ASCII_RE.test(lower)) {
    const set = new Set<string>();
    for (const m of lower.matchAll(TOKEN_RE)) set.add(m[0]);
    return [...set];
  }
  // ASCII only: a word is a run of [a-z0-9_] (what the regex means there), scanned without a regex.
  const set = new Set<string>();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2) set.add(lower.slice(start, i));
      start = -1;
    }
  }
  return [...set];
}

/**
 * Writes output files with bounded concurrency (the file system works on libuv's threads while pages render),
 * creating folders once. Callback-based fs: the promise API costs several times more CPU per small file.
 */
export class OutputWriter {
  private readonly dirs = new Set<string>();
  private pending = 0;
  private failure: unknown;
  private waiters: Array<() => void> = [];
  readonly written: string[] = [];
  constructor(
    readonly outDir: string,
    private readonly limit = 16,
  ) {}

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }

  private settle(): void {
    this.pending--;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async enqueue(
    rel: string,
    op: (abs: string, done: (err: NodeJS.ErrnoException | null) => void) => void,
    onError?: (e: unknown) => void,
  ): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    const abs = path.join(this.outDir, rel);
    this.written.push(rel);
    this.ensureDir(path.dirname(abs));
    this.pending++;
    op(abs, (err) => {
      if (err !== null) {
        if (onError !== undefined) onError(err);
        else this.failure ??= err;
      }
      this.settle();
    });
    while (this.pending >= this.limit) await this.wait();
  }

  /** Queues a write; resolves once there is room for more (call flush() to wait for everything). */
  write(rel: string, content: string | Buffer): Promise<void> {
    return this.enqueue(rel, (abs, done) => writeFile(abs, content, done));
  }

  /** Queues a copy (from a path) or a write (of bytes); a failed copy goes to onError when given. */
  copy(from: string | Buffer, rel: string, onError?: (e: unknown) => void): Promise<void> {
    return this.enqueue(rel, (abs, done) => (typeof from === 'string' ? copyFile(from, abs, done) : writeFile(abs, from, done)), onError);
  }

  /** Waits for every queued write; throws the first failure. */
  async flush(): Promise<void> {
    while (this.pending > 0) await this.wait();
    if (this.failure !== undefined) throw this.failure;
  }
}

function rootPrefix(outPath: string): string {
  const depth = outPath.split('/').length - 1;
  return '../'.repeat(depth);
}

/** <meta> tags for the prolog of the page's (first) topic. */
function metaTags(page: Page): string {
  const first = page.topics[0];
  if (first === undefined) return '';
  const meta = topicMetadata(first.topic, page.scope);
  let out = '';
  const tag = (name: string, content: string): void => {
    out += `<meta name="${escapeAttr(name)}" content="${escapeAttr(content)}">\n`;
  };
  for (const a of meta.authors) tag('author', a);
  if (meta.keywords.length > 0) tag('keywords', meta.keywords.join(', '));
  if (meta.created !== undefined) tag('dcterms.created', meta.created);
  const revised = lastRevised(meta);
  if (revised !== undefined) tag('dcterms.modified', revised);
  for (const m of meta.othermeta) tag(m.name, m.content);
  return out;
}

/**
 * Up to this many entries every page carries the whole tree; beyond, the top level and the branch leading to the
 * page (the full tree per page would make output grow with the square of the topic count), and nav.js fills in the rest.
 */
export const FULL_NAV_ENTRIES = 400;

interface NavIndex {
  full: boolean;
  /** outPath -> entries on the way to each entry that opens that page (the entry included). */
  branches: Map<string, NavEntry[]>;
  /** Rendered trees, per link prefix (folder depth). */
  trees: Map<string, string>;
}

const navIndexes = new WeakMap<readonly NavEntry[], NavIndex>();

function navIndex(nav: readonly NavEntry[]): NavIndex {
  let index = navIndexes.get(nav);
  if (index === undefined) {
    const branches = new Map<string, NavEntry[]>();
    let count = 0;
    const walk = (entries: readonly NavEntry[], path: NavEntry[]): void => {
      for (const e of entries) {
        count++;
        const here = [...path, e];
        if (e.h !== undefined) {
          const page = e.h.split('#')[0] ?? e.h;
          branches.set(page, [...(branches.get(page) ?? []), ...here]);
        }
        walk(e.c, here);
      }
    };
    walk(nav, []);
    index = { full: count <= FULL_NAV_ENTRIES, branches, trees: new Map() };
    navIndexes.set(nav, index);
  }
  return index;
}

const TOC_OPEN = '<nav class="toc" id="ccms-toc"';

/** The page's static navigation tree (works without JavaScript), its own entries marked as current. */
export function tocHtml(page: Page, nav: readonly NavEntry[]): string {
  const root = rootPrefix(page.outPath);
  const index = navIndex(nav);
  let tree: string;
  if (index.full) {
    tree = index.trees.get(root) ?? navList(nav, root);
    index.trees.set(root, tree);
  } else tree = navList(nav, root, new Set(index.branches.get(page.outPath)));
  const href = escapeAttr(root + page.outPath);
  return tree.split(`<li><a href="${href}">`).join(`<li class="active"><a href="${href}" aria-current="page">`);
}

/** The page's <nav class="toc"> element; a partial tree is marked for nav.js to complete. */
export function tocNav(page: Page, nav: readonly NavEntry[]): string {
  const label = escapeAttr(generatedText(page.lang).contents);
  return `${TOC_OPEN}${navIndex(nav).full ? '' : ' data-partial'} aria-label="${label}">${tocHtml(page, nav)}</nav>`;
}

/** A written page with its navigation tree replaced; undefined when the page has no tree to replace. */
export function replaceToc(html: string, page: Page, nav: readonly NavEntry[]): string | undefined {
  const start = html.indexOf(TOC_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</nav>', start);
  if (end < 0) return undefined;
  return html.slice(0, start) + tocNav(page, nav) + html.slice(end + '</nav>'.length);
}

export function pageShell(page: Page, body: string, mapTitle: string, nav: readonly NavEntry[]): string {
  const root = rootPrefix(page.outPath);
  const t = generatedText(page.lang);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(page.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(page.title)}${mapTitle ? ` - ${escapeText(mapTitle)}` : ''}</title>
${page.shortdesc ? `<meta name="description" content="${escapeAttr(page.shortdesc)}">\n` : ''}${metaTags(page)}<link rel="stylesheet" href="${root}ccms-dita.css">
<script>window.CCMS={root:${JSON.stringify(root)},page:${JSON.stringify(page.outPath)}}</script>
<script src="${root}nav.js" defer></script><script src="${root}ccms-dita.js" defer></script>
</head><body>
<header class="site-header"><a class="site-title" href="${root}index.html">${escapeText(mapTitle)}</a><form class="search" role="search" data-none="${escapeAttr(t.noResults)}"><input type="search" aria-label="${escapeAttr(t.search)}" placeholder="${escapeAttr(t.searchPlaceholder)}"></form></header>
<div class="site-body">${tocNav(page, nav)}
<main id="content"><nav class="breadcrumbs"></nav>
${body}
</main></div></body></html>
`;
}

function navJson(entries: readonly NavEntry[]): unknown[] {
  return entries.map((e) => ({
    t: e.t,
    ...(e.h !== undefined ? { h: e.h } : {}),
    ...(e.external ? { x: 1 } : {}),
    ...(e.c.length > 0 ? { c: navJson(e.c) } : {}),
  }));
}

/** The tree as nested lists with links from under `root`; with `open`, only those entries' children are listed. */
function navList(entries: readonly NavEntry[], root = '', open?: ReadonlySet<NavEntry>): string {
  if (entries.length === 0) return '';
  let out = '<ul>';
  for (const e of entries) {
    const href = e.h === undefined ? undefined : e.external ? e.h : root + e.h;
    out += `<li>${href !== undefined ? `<a href="${escapeAttr(href)}">${escapeText(e.t)}</a>` : `<span class="head">${escapeText(e.t)}</span>`}`;
    if (open === undefined || open.has(e)) out += navList(e.c, root, open);
    out += '</li>';
  }
  return `${out}</ul>`;
}

function indexHtml(project: DitaProject, plan: PagePlan): string {
  const t = generatedText(project.map.lang);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(project.map.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(project.map.titleText)}</title><link rel="stylesheet" href="ccms-dita.css">
<script>window.CCMS={root:"",page:"index.html"}</script><script src="nav.js" defer></script><script src="ccms-dita.js" defer></script>
</head><body>
<header class="site-header"><a class="site-title" href="index.html">${escapeText(project.map.titleText)}</a><form class="search" role="search" data-none="${escapeAttr(t.noResults)}"><input type="search" aria-label="${escapeAttr(t.search)}" placeholder="${escapeAttr(t.searchPlaceholder)}"></form></header>
<div class="site-body"><main id="content"><h1>${escapeText(project.map.titleText)}</h1>
<nav class="map-toc" aria-label="${escapeAttr(t.contents)}">${navList(plan.nav)}</nav>
</main></div></body></html>
`;
}

/** Fingerprint of what the map contributes to a page (so a map edit rebuilds exactly the pages it touches). */
export function pageContext(plan: PagePlan, page: Page, related: Map<string, RelatedLink[]>): string {
  const node = page.node;
  const parts: string[] = [page.outPath, page.lang, page.topics.map((t) => `${t.file}#${t.topic.attrs.id ?? ''}@${t.level}`).join(',')];
  if (node !== undefined) {
    parts.push(node.navtitle ?? '', String(node.locktitle), node.chunk ?? '');
    const kids = (n: typeof node): string =>
      n.children
        .map(
          (c) =>
            `${c.href ?? ''}#${c.fragment ?? ''}|${c.navtitle ?? ''}|${c.toc}|${c.processingRole}|${plan.pageByNode.get(c)?.outPath ?? ''}[${c.href === undefined ? kids(c) : ''}]`,
        )
        .join(';');
    parts.push(kids(node));
    parts.push(node.parent?.href ?? '', node.parent !== undefined ? (plan.pageByNode.get(node.parent)?.outPath ?? '') : '');
    parts.push(node.keyScope.path);
  }
  for (const t of page.topics) parts.push(JSON.stringify(related.get(t.file) ?? []));
  // Where every linked page lives: cheap to include and catches moved targets.
  return parts.join('\u0001');
}

export async function loadCodeTexts(project: DitaProject, previous?: Map<string, string>, changed?: Set<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const files = new Set<string>();
  for (const refs of project.referencesByFile.values())
    for (const r of refs) if (r.kind === 'coderef' && r.status === 'resolved' && r.targetFile !== undefined) files.add(r.targetFile);
  await Promise.all(
    [...files].map(async (f) => {
      const prev = changed?.has(f) ? undefined : previous?.get(f);
      if (prev !== undefined) {
        out.set(f, prev);
        return;
      }
      try {
        out.set(f, decodeXml(await project.source.read(f)));
      } catch {
        // reported by the link graph
      }
    }),
  );
  return out;
}

export function pageContextFor(
  project: DitaProject,
  plan: PagePlan,
  related: Map<string, RelatedLink[]>,
  problems: ProblemList,
  codeTexts: Map<string, string>,
  draft: boolean,
): PageContext {
  return { project, plan, problems, related, codeText: (f) => codeTexts.get(f), draft };
}

/** Publishes a loaded project to HTML5: one page per topic or chunk, nav, search index, CSS, images. */
export async function publishHtml(project: DitaProject, options: HtmlOptions): Promise<HtmlBuild> {
  const outDir = path.resolve(options.out);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const problems = new ProblemList();
  problems.addAll(project.problems);
  const plan = planPages(project);
  const related = reltableLinks(project.map.reltables, project);
  const codeTexts = await loadCodeTexts(project);
  const ctx = pageContextFor(project, plan, related, problems, codeTexts, options.draft === true);
  const writer = new OutputWriter(outDir);
  const records = new Map<string, PageRecord>();
  const resources = new Set<string>();
  let done = 0;
  for (const page of plan.pages) {
    const rendered = renderPage(ctx, page);
    await writer.write(page.outPath, pageShell(page, rendered.body, project.map.titleText, plan.nav));
    records.set(page.outPath, recordOf(plan, page, rendered, related));
    for (const r of rendered.resources) resources.add(r);
    done++;
    if (options.onProgress !== undefined && (done % 25 === 0 || done === plan.pages.length)) options.onProgress(done, plan.pages.length);
  }
  const siteFiles = await writeSiteFiles(writer, project, plan, records);
  await copyResources(writer, project, plan, resources, problems);
  // Ready for incremental rebuilds: which pages depend on which files and keys.
  dependencyIndex(records);
  await writer.flush();
  return { project, plan, records, related, outDir, options, written: writer.written, problems: problems.sorted(), codeTexts, siteFiles };
}

export function recordOf(plan: PagePlan, page: Page, rendered: RenderedPage, related: Map<string, RelatedLink[]>, context?: string): PageRecord {
  return {
    deps: rendered.deps,
    keys: rendered.keys,
    context: context ?? pageContext(plan, page, related),
    search: { t: page.title, u: page.outPath, s: page.shortdesc, k: searchTokens(`${page.title} ${rendered.text}`) },
  };
}

export async function writeSiteFiles(
  writer: OutputWriter,
  project: DitaProject,
  plan: PagePlan,
  records: Map<string, PageRecord>,
  previous?: Map<string, string>,
  /** The navigation tree is the one the previous files were written from. */
  sameNav = false,
  /** The records the previous search index was written from. */
  previousRecords?: Map<string, PageRecord>,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  files.set('ccms-dita.css', DEFAULT_CSS);
  files.set('ccms-dita.js', DEFAULT_JS);
  const prevNav = sameNav ? previous?.get('nav.js') : undefined;
  files.set('nav.js', prevNav ?? `window.CCMS_NAV=${JSON.stringify(navJson(plan.nav))};\n`);
  // A topic published as index.html (index.dita) is the landing page; otherwise generate one.
  if (!plan.pages.some((p) => p.outPath === 'index.html')) {
    const prevIndex = sameNav ? previous?.get('index.html') : undefined;
    files.set('index.html', prevIndex ?? indexHtml(project, plan));
  }
  for (const [rel, content] of files) if (previous?.get(rel) !== content) await writer.write(rel, content);
  // The search index (megabytes for a large site): patched in place when only some entries changed.
  const order: PageRecord[] = [];
  for (const p of plan.pages) {
    const rec = records.get(p.outPath);
    if (rec !== undefined) order.push(rec);
  }
  const before = previousRecords !== undefined ? searchIndexes.get(previousRecords) : undefined;
  const index = searchIndexBytes(order, before);
  searchIndexes.set(records, index);
  if (before === undefined || index.bytes !== before.bytes) {
    await writer.write('search-index.json', index.bytes);
    await writer.write('search-index.js', Buffer.concat([SEARCH_JS_HEAD, index.bytes, SEARCH_JS_TAIL]));
  }
  return files;
}

const SEARCH_JS_HEAD = Buffer.from('window.CCMS_SEARCH=');
const SEARCH_JS_TAIL = Buffer.from(';\n');

/** The search index as written: "[e0,e1,...]" in UTF-8, with where each entry ends. */
interface SearchIndexBytes {
  bytes: Buffer;
  order: PageRecord[];
  ends: number[];
}

const searchIndexes = new WeakMap<Map<string, PageRecord>, SearchIndexBytes>();

function entryJson(rec: PageRecord): string {
  rec.searchJson ??= JSON.stringify(rec.search);
  return rec.searchJson;
}

function searchIndexBytes(order: PageRecord[], before: SearchIndexBytes | undefined): SearchIndexBytes {
  if (before !== undefined && before.order.length === order.length) {
    const changed: number[] = [];
    for (let i = 0; i < order.length; i++) if (order[i] !== before.order[i]) changed.push(i);
    if (changed.length === 0) return { bytes: before.bytes, order, ends: before.ends };
    const newJson = new Map<number, Buffer>();
    for (const i of changed) {
      const rec = order[i];
      if (rec === undefined) continue;
      newJson.set(i, Buffer.from(entryJson(rec)));
    }
    // Entries whose text is unchanged keep their bytes; only the changed ones are encoded again.
    const chunks: Buffer[] = [];
    const ends: number[] = new Array(order.length);
    let pos = 0;
    let delta = 0;
    for (let i = 0; i < order.length; i++) {
      const end = before.ends[i] ?? 0;
      const bytes = newJson.get(i);
      if (bytes !== undefined) {
        const start = i === 0 ? 1 : (before.ends[i - 1] ?? 0) + 1;
        chunks.push(before.bytes.subarray(pos, start), bytes);
        pos = end;
        delta += bytes.length - (end - start);
      }
      ends[i] = end + delta;
    }
    chunks.push(before.bytes.subarray(pos));
    return { bytes: Buffer.concat(chunks), order, ends };
  }
  const parts: string[] = order.map(entryJson);
  const bytes = Buffer.from(`[${parts.join(',')}]`);
  const ends: number[] = new Array(order.length);
  let at = 1;
  for (let i = 0; i < parts.length; i++) {
    at += Buffer.byteLength(parts[i] ?? '');
    ends[i] = at;
    at += 1;
  }
  return { bytes, order, ends };
}

export async function copyResources(writer: OutputWriter, project: DitaProject, plan: PagePlan, resources: Set<string>, problems: ProblemList): Promise<void> {
  for (const file of resources) {
    const rel = outputPathOf(file, plan.mapDir);
    if (rel.endsWith('.html')) continue;
    const missing = (): void => problems.warning('image-missing', `Resource not found: ${file}`, { file, line: 0, column: 0 });
    try {
      const src = project.source as { root?: unknown };
      if (typeof src.root === 'string') await writer.copy(path.join(src.root, file), rel, missing);
      else await writer.copy(Buffer.from(await readBinary(project, file)), rel);
    } catch {
      missing();
    }
  }
}

async function readBinary(project: DitaProject, file: string): Promise<Buffer> {
  const c = await project.source.read(file);
  return typeof c === 'string' ? Buffer.from(c) : c;
}
