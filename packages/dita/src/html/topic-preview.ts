import { type Problem, ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import { planPages } from '../publish/page-plan.js';
import { reltableLinks } from '../publish/reltable-links.js';
import { loadCodeTexts, pageContextFor } from './html-build.js';
import { renderPage } from './page-renderer.js';

/**
 * The body of the page a topic file becomes, as an HTML fragment (no shell, nav or assets), with
 * the project's keys and filter applied: what an editor shows beside unsaved text.
 */
export async function renderTopicPreview(project: DitaProject, file: string): Promise<{ html: string; problems: Problem[] }> {
  const problems = new ProblemList();
  problems.addAll(project.problems.filter((p) => p.file === file));
  const plan = planPages(project);
  const page = plan.pageByFile.get(file);
  if (page === undefined) return { html: '', problems: problems.sorted() };
  const ctx = pageContextFor(project, plan, reltableLinks(project.map.reltables, project), problems, await loadCodeTexts(project), true);
  const html = renderPage(ctx, page).body;
  return { html, problems: problems.sorted().filter((p) => p.file === file) };
}
