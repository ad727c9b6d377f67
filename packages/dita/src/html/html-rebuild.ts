import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ProblemList } from '../problems/problem.js';
import { loadProject } from '../project/dita-project.js';
import type { Page, PagePlan } from '../publish/page-plan.js';
import { planPages, resetTitleCache } from '../publish/page-plan.js';
import { patchPlan } from '../publish/page-plan-patch.js';
import { reltableLinks } from '../publish/reltable-links.js';
import { normalizePath } from '../source/file-source.js';
import type { DependencyIndex, HtmlBuild, PageRecord } from './html-build.js';
import {
  copyResources,
  dependencyIndex,
  keepDependencyIndex,
  loadCodeTexts,
  OutputWriter,
  pageContext,
  pageContextFor,
  recordOf,
  writeSiteFiles,
} from './html-build.js';
import { renderPage } from './page-renderer.js';
import { pageShell, replaceToc, tocNav } from './page-shell.js';

export interface RebuildResult {
  build: HtmlBuild;
  /** Pages written again (output paths). */
  rebuilt: string[];
  /** Pages deleted because their topic left the map. */
  removed: string[];
  /** Pages not rendered again but written with a changed navigation tree (a title or the map changed). */
  navUpdated: string[];
  /** Milliseconds per phase. */
  timings: Record<string, number>;
}

/** The index after `rebuilt` pages were rendered again (sets are copied before they change). */
function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === undefined || b === undefined || a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

function updatedIndex(index: DependencyIndex, rebuilt: readonly string[], before: Map<string, PageRecord>, after: Map<string, PageRecord>): DependencyIndex {
  // Usually a page depends on the same files and keys after an edit: then the index stands as it is.
  if (rebuilt.every((p) => sameSet(before.get(p)?.deps, after.get(p)?.deps) && sameSet(before.get(p)?.keys, after.get(p)?.keys))) return index;
  const next: DependencyIndex = { deps: new Map(index.deps), keys: new Map(index.keys) };
  const move = (m: Map<string, Set<string>>, page: string, a: ReadonlySet<string>, b: ReadonlySet<string>): void => {
    for (const x of a) {
      if (b.has(x)) continue;
      const set = new Set(m.get(x));
      set.delete(page);
      if (set.size === 0) m.delete(x);
      else m.set(x, set);
    }
    for (const x of b) if (!a.has(x)) m.set(x, new Set(m.get(x)).add(page));
  };
  for (const page of rebuilt) {
    const a = before.get(page);
    const b = after.get(page);
    move(next.deps, page, a?.deps ?? new Set(), b?.deps ?? new Set());
    move(next.keys, page, a?.keys ?? new Set(), b?.keys ?? new Set());
  }
  return next;
}

const writtenSets = new WeakMap<readonly string[], Set<string>>();

/** The output files of a build after a rebuild: the earlier ones (minus removed pages) and the new ones, each once. */
function mergeWritten(previous: string[], removed: readonly string[], added: readonly string[]): string[] {
  let known = writtenSets.get(previous);
  if (known === undefined) {
    known = new Set(previous);
    writtenSets.set(previous, known);
  }
  if (removed.length === 0 && added.every((w) => known.has(w))) return previous;
  return [...new Set([...previous.filter((w) => !removed.includes(w)), ...added])];
}

/** Where each file's topics are published: a change means links to them must be rewritten. */
function locations(plan: PagePlan): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, page] of plan.pageByTopic) out.set(key, page.outPath);
  for (const [file, page] of plan.pageByFile) out.set(file, page.outPath);
  return out;
}

/**
 * Rebuilds only the pages that `changed` files affect (through keys, conrefs, links and the map),
 * giving the same output as a full build.
 */
export async function rebuildHtml(previous: HtmlBuild, changedFiles: readonly string[]): Promise<RebuildResult> {
  const changed = new Set(changedFiles.map((f) => normalizePath(f) ?? f));
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    timings[name] = now - mark;
    mark = now;
  };
  const project = await loadProject({ ...previous.project.options, previous: previous.project, changed: [...changed] });
  if ((project.changedKeys?.size ?? 0) > 0) resetTitleCache();
  lap('load');
  const mapChanged = previous.project.map.maps.some((m) => changed.has(m)) || project.map.maps.some((m) => changed.has(m));
  const problems = new ProblemList();
  problems.addAll(project.problems);
  // Topics edited in place under an unchanged map: patch the previous plan instead of planning again.
  const patch = !mapChanged && project.dirty !== undefined ? patchPlan(previous.plan, previous.project, project, project.dirty) : undefined;
  const plan = patch?.plan ?? planPages(project);
  const related = patch !== undefined ? previous.related : reltableLinks(project.map.reltables, project);
  // Code files pulled in by coderef: read again only when a re-read file has one, or one of them changed.
  const codeUnchanged =
    patch !== undefined &&
    [...changed].every((f) => !previous.codeTexts.has(f)) &&
    [...(project.dirty ?? [])].every(
      (f) => !(project.rawRefs.get(f) ?? []).some((r) => r.kind === 'coderef') && !(previous.project.rawRefs.get(f) ?? []).some((r) => r.kind === 'coderef'),
    );
  const codeTexts = codeUnchanged ? previous.codeTexts : await loadCodeTexts(project, previous.codeTexts, changed);
  const ctx = pageContextFor(project, plan, related, problems, codeTexts, previous.options.draft === true);

  lap('plan');
  // Files whose content, resolution or published location changed.
  const touched = new Set<string>(project.dirty ?? project.docs.keys());
  for (const f of changed) touched.add(f);
  // A patched plan keeps every page and anchor where it was.
  if (patch === undefined) {
    const before = locations(previous.plan);
    const after = locations(plan);
    for (const k of new Set([...before.keys(), ...after.keys()])) {
      if (before.get(k) !== after.get(k)) touched.add(k.split('#')[0] ?? k);
    }
  }
  const changedKeys = project.changedKeys ?? new Set<string>();

  // With a patched plan (same pages, same map) the pages to redo are those that depend on a touched file or a changed
  // key, looked up in an index rather than by going through every page's dependencies.
  const index = patch !== undefined ? dependencyIndex(previous.records) : undefined;
  const wanted = new Set<string>();
  if (index !== undefined) {
    for (const f of touched) for (const o of index.deps.get(f) ?? []) wanted.add(o);
    for (const k of changedKeys) for (const o of index.keys.get(k) ?? []) wanted.add(o);
  }
  // The map's title is in every page's head and header.
  const titleChanged = project.map.titleText !== previous.project.map.titleText;
  const needs = (page: Page, rec: PageRecord | undefined): boolean => {
    if (index !== undefined) return wanted.has(page.outPath);
    if (rec === undefined || titleChanged) return true;
    if (mapChanged && rec.context !== pageContext(plan, page, related)) return true;
    for (const d of rec.deps) if (touched.has(d)) return true;
    for (const k of rec.keys) if (changedKeys.has(k)) return true;
    return false;
  };

  // Files are replaced, not rewritten in place: copies of the earlier output made by hard links stay as they were.
  const writer = new OutputWriter(previous.outDir, undefined, true);
  const records = new Map<string, PageRecord>();
  const rebuilt: string[] = [];
  const resources = new Set<string>();
  for (const page of plan.pages) {
    const rec = previous.records.get(page.outPath);
    if (!needs(page, rec) && rec !== undefined) {
      records.set(
        page.outPath,
        rec.search.t === page.title && rec.search.s === page.shortdesc
          ? rec
          : { ...rec, search: { ...rec.search, t: page.title, s: page.shortdesc }, searchJson: undefined },
      );
      continue;
    }
    const rendered = renderPage(ctx, page);
    await writer.write(page.outPath, pageShell(page, rendered.body, project.map.titleText, plan.nav));
    records.set(page.outPath, recordOf(plan, page, rendered, related, mapChanged || rec === undefined ? undefined : rec.context));
    for (const r of rendered.resources) resources.add(r);
    rebuilt.push(page.outPath);
  }
  if (index !== undefined) keepDependencyIndex(records, updatedIndex(index, rebuilt, previous.records, records));
  lap('render');
  const removed: string[] = [];
  for (const outPath of previous.records.keys()) {
    if (!records.has(outPath)) {
      rmSync(path.join(previous.outDir, outPath), { force: true });
      removed.push(outPath);
    }
  }
  const siteFiles = await writeSiteFiles(writer, project, plan, records, previous.siteFiles, patch !== undefined && !patch.navChanged, previous.records);
  // Every page carries the navigation tree: when it changed, the pages not rendered again whose tree differs get the new one.
  const navUpdated: string[] = [];
  if (siteFiles.get('nav.js') !== previous.siteFiles.get('nav.js')) {
    const done = new Set(rebuilt);
    for (const page of plan.pages) {
      if (done.has(page.outPath) || tocNav(page, plan.nav) === tocNav(page, previous.plan.nav)) continue;
      const file = path.join(previous.outDir, page.outPath);
      let html: string | undefined;
      try {
        html = replaceToc(await readFile(file, 'utf8'), page, plan.nav);
      } catch {
        html = undefined;
      }
      if (html === undefined) {
        // The written page is gone or not ours: render it again (its record stands: its sources did not change).
        const rendered = renderPage(ctx, page);
        html = pageShell(page, rendered.body, project.map.titleText, plan.nav);
        for (const r of rendered.resources) resources.add(r);
      }
      await writer.write(page.outPath, html);
      navUpdated.push(page.outPath);
    }
  }
  // Resources of rebuilt pages (new images); changed resource files are copied again too.
  for (const f of changed) if (!/\.(dita|ditamap|xml)$/i.test(f) && previous.written.some((w) => w.endsWith(path.posix.basename(f)))) resources.add(f);
  await copyResources(writer, project, plan, resources, problems);
  await writer.flush();
  lap('site');
  const written = mergeWritten(previous.written, removed, writer.written);
  return {
    build: { project, plan, records, related, outDir: previous.outDir, options: previous.options, written, problems: problems.sorted(), codeTexts, siteFiles },
    rebuilt,
    removed,
    navUpdated,
    timings,
  };
}
