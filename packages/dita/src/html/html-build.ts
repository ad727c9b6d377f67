import { copyFile, mkdirSync, unlink, writeFile } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { OUTSIDE_SOURCE_MESSAGE, URL_REFUSED } from '../links/href.js';
import { mapMetadataOf } from '../map/map-metadata.js';
import { mapMetaFingerprint } from '../map/move-meta.js';
import type { IndexRef } from '../model/index-terms.js';
import type { Problem, ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import type { NavEntry, Page, PagePlan } from '../publish/page-plan.js';
import { missingTargets, outputPathOf } from '../publish/page-plan.js';
import type { RelatedLink } from '../publish/reltable-links.js';
import { normalizePath, SOURCE_OUTSIDE_ROOT } from '../source/file-source.js';
import { generatedText } from './generated-text.js';
import { DEFAULT_CSS, DEFAULT_JS } from './html-assets.js';
import { buildIndex } from './index-page.js';
import type { PageContext, RenderedPage } from './page-renderer.js';
import { GENINDEX, genindexHtml, indexHtml, navJson } from './page-shell.js';
import type { Searchable } from './search-index.js';
import { searchIndexOf, searchIndexScript, searchTokens } from './search-index.js';

/** What full and incremental HTML builds share: the build's record, the output writer and the steps both take. */

export interface HtmlOptions {
  out: string;
  draft?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** What a page was built from: enough to decide whether a change touches it. */
export interface PageRecord extends Searchable {
  deps: Set<string>;
  keys: Set<string>;
  /** Fingerprint of the page's map-derived context (title, related links, children). */
  context: string;
  /** The page's index entries (indexterm), for the index page. */
  index: IndexRef[];
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
  /** Code files coderefs read, as stored (decoded when rendered, in the charset the coderef names). */
  codeTexts: Map<string, string | Buffer>;
  /** Content of the site-wide files last written (nav, search index), to skip identical rewrites. */
  siteFiles: Map<string, string>;
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
    /**
     * Unlink each file before writing it: the new bytes go to a new file, so hard links to the old
     * one elsewhere (a server's kept outputs) keep theirs. For writes into an earlier build's folder.
     */
    private readonly replace = false,
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
    const finish = (err: NodeJS.ErrnoException | null): void => {
      if (err !== null) {
        if (onError !== undefined) onError(err);
        else this.failure ??= err;
      }
      this.settle();
    };
    if (this.replace) unlink(abs, (err) => (err !== null && err.code !== 'ENOENT' ? finish(err) : op(abs, finish)));
    else op(abs, finish);
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

  /** Deletes an output file an earlier build wrote and this one does not (a missing file is fine). */
  remove(rel: string): Promise<void> {
    return rm(path.join(this.outDir, rel), { force: true });
  }

  /** Waits for every queued write; throws the first failure. */
  async flush(): Promise<void> {
    while (this.pending > 0) await this.wait();
    if (this.failure !== undefined) throw this.failure;
  }
}

export interface DependencyIndex {
  /** source file -> pages that depend on it */
  deps: Map<string, Set<string>>;
  /** key name -> pages that use it */
  keys: Map<string, Set<string>>;
}

const dependencyIndexes = new WeakMap<Map<string, PageRecord>, DependencyIndex>();

function addTo(m: Map<string, Set<string>>, k: string, v: string): void {
  const set = m.get(k);
  if (set === undefined) m.set(k, new Set([v]));
  else set.add(v);
}

/** Which pages depend on each file and key (built once per record table, then carried forward). */
export function dependencyIndex(records: Map<string, PageRecord>): DependencyIndex {
  let index = dependencyIndexes.get(records);
  if (index === undefined) {
    index = { deps: new Map(), keys: new Map() };
    for (const [outPath, rec] of records) {
      for (const d of rec.deps) addTo(index.deps, d, outPath);
      for (const k of rec.keys) addTo(index.keys, k, outPath);
    }
    dependencyIndexes.set(records, index);
  }
  return index;
}

/** Carries an index forward to a new record table (a rebuild updates only what its pages changed). */
export function keepDependencyIndex(records: Map<string, PageRecord>, index: DependencyIndex): void {
  dependencyIndexes.set(records, index);
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
  // The map metadata that reaches each topic: in the page's head, index entries and search words.
  for (const t of page.topics) if (t.node !== undefined) parts.push(mapMetaFingerprint(mapMetadataOf(t.node)));
  // Where every linked page lives: cheap to include and catches moved targets.
  return parts.join('\u0001');
}

export async function loadCodeTexts(
  project: DitaProject,
  previous?: Map<string, string | Buffer>,
  changed?: Set<string>,
): Promise<Map<string, string | Buffer>> {
  const out = new Map<string, string | Buffer>();
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
        out.set(f, await project.source.read(f));
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
  codeTexts: Map<string, string | Buffer>,
  draft: boolean,
): PageContext {
  return { project, plan, problems, related, codeText: (f) => codeTexts.get(f), draft };
}

export function recordOf(plan: PagePlan, page: Page, rendered: RenderedPage, related: Map<string, RelatedLink[]>, context?: string): PageRecord {
  return {
    deps: rendered.deps,
    keys: rendered.keys,
    context: context ?? pageContext(plan, page, related),
    search: { t: page.title, u: page.outPath, s: page.shortdesc, k: searchTokens(`${page.title} ${rendered.text}`) },
    index: rendered.index,
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
  // The index page, from every page's indexterms in reading order.
  const indexed: Array<{ page: string; index: IndexRef[] }> = [];
  for (const p of plan.pages) {
    const rec = records.get(p.outPath);
    if (rec !== undefined && rec.index.length > 0) indexed.push({ page: p.outPath, index: rec.index });
  }
  const hasIndex = indexed.length > 0;
  if (hasIndex) files.set(GENINDEX, genindexHtml(project, buildIndex(indexed, project.map.lang)));
  else if (previous?.has(GENINDEX)) await writer.remove(GENINDEX);
  const sameLanding = sameNav && previous?.has(GENINDEX) === hasIndex;
  const indexScript = hasIndex ? `window.CCMS_INDEX=${JSON.stringify({ h: GENINDEX, t: generatedText(project.map.lang).index })};\n` : '';
  const prevNav = sameLanding ? previous?.get('nav.js') : undefined;
  files.set('nav.js', prevNav ?? `window.CCMS_NAV=${JSON.stringify(navJson(plan.nav))};\n${indexScript}`);
  // A topic published as index.html (index.dita) is the landing page; otherwise generate one.
  if (!plan.pages.some((p) => p.outPath === 'index.html')) {
    const prevIndex = sameLanding ? previous?.get('index.html') : undefined;
    files.set('index.html', prevIndex ?? indexHtml(project, plan, hasIndex));
  }
  for (const [rel, content] of files) if (previous?.get(rel) !== content) await writer.write(rel, content);
  // The search index (megabytes for a large site): patched in place when only some entries changed.
  const order: PageRecord[] = [];
  for (const p of plan.pages) {
    const rec = records.get(p.outPath);
    if (rec !== undefined) order.push(rec);
  }
  const index = searchIndexOf(records, order, previousRecords);
  if (!index.unchanged) {
    await writer.write('search-index.json', index.bytes);
    await writer.write('search-index.js', searchIndexScript(index.bytes));
  }
  return files;
}

export async function copyResources(writer: OutputWriter, project: DitaProject, plan: PagePlan, resources: Set<string>, problems: ProblemList): Promise<void> {
  // An HTML file of the source (a link with format="html") is copied as any other, unless a page is written there.
  const pagePaths = new Set(['index.html', ...plan.pages.map((p) => p.outPath)]);
  // Files the TOC opens that are no topics (a topicref to a PDF, by key or not) are copied too.
  const all = new Set(resources);
  const fromNav = (entries: readonly NavEntry[]): void => {
    for (const e of entries) {
      if (e.resource !== undefined) all.add(e.resource);
      fromNav(e.c);
    }
  };
  fromNav(plan.nav);
  // A file a reference names that is not there was reported where it is named: once is enough.
  const missingNamed = missingTargets(project);
  for (const file of all) {
    const rel = outputPathOf(file, plan.mapDir);
    if (pagePaths.has(rel)) continue;
    const missing = (): void => {
      if (!missingNamed.has(file)) problems.warning('image-missing', `Resource not found: ${file}`, { file, line: 0, column: 0 });
    };
    const { source } = project;
    // Never a path out of the source (the renderer writes none; a source need not check paths itself).
    if (normalizePath(file) !== file) {
      problems.error(URL_REFUSED, OUTSIDE_SOURCE_MESSAGE, { file, line: 0, column: 0 });
      continue;
    }
    // Never a file a symbolic link leads to outside the source (a copy would follow it).
    const refused = source.refusal?.(file);
    if (refused !== undefined) {
      problems.error(SOURCE_OUTSIDE_ROOT, refused, { file, line: 0, column: 0 });
      continue;
    }
    try {
      if (source.localPath !== undefined) {
        const local = source.localPath(file);
        if (local === undefined) missing();
        else await writer.copy(local, rel, missing);
      } else await writer.copy(Buffer.from(await readBinary(project, file)), rel);
    } catch {
      missing();
    }
  }
}

async function readBinary(project: DitaProject, file: string): Promise<Buffer> {
  const c = await project.source.read(file);
  return typeof c === 'string' ? Buffer.from(c) : c;
}
