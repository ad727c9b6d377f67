import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import { planPages } from '../publish/page-plan.js';
import { reltableLinks } from '../publish/reltable-links.js';
import type { HtmlBuild, HtmlOptions, PageRecord } from './html-build.js';
import { copyResources, dependencyIndex, loadCodeTexts, OutputWriter, pageContextFor, recordOf, writeSiteFiles } from './html-build.js';
import { renderPage } from './page-renderer.js';
import { pageShell } from './page-shell.js';

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
