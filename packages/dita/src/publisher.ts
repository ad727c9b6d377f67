import type { HtmlBuild } from './html/html-build.js';
import { publishHtml } from './html/html-publisher.js';
import type { CoverFacts } from './pdf/pdf-publisher.js';
import type { Problem } from './problems/problem.js';
import type { LoadOptions } from './project/dita-project.js';
import { DitaProject, loadProject } from './project/dita-project.js';

export type OutputFormat = 'html5' | 'pdf';

export interface PublishOptions extends LoadOptions {
  format: OutputFormat;
  out: string;
  draft?: boolean;
  /** PDF: the Chromium binary (default /usr/bin/chromium). */
  chromium?: string;
  /** PDF: the revision and date the cover names when the map does not (the commit, the publish date). */
  cover?: CoverFacts;
  onProgress?: (done: number, total: number, phase: string) => void;
}

export interface PublishResult {
  format: OutputFormat;
  outDir: string;
  pages: number;
  problems: Problem[];
  /** The HTML build (kept for incremental rebuilds). */
  build?: HtmlBuild;
  pdfFile?: string;
  timings: Record<string, number>;
}

/** Loads, resolves and publishes a map. Problems are collected, never thrown. */
export async function publish(options: PublishOptions): Promise<PublishResult> {
  const t0 = performance.now();
  options.onProgress?.(0, 1, 'reading');
  const project = await loadProject(options);
  const t1 = performance.now();
  if (options.format === 'pdf') {
    const { publishPdf } = await import('./pdf/pdf-publisher.js');
    const r = await publishPdf(project, {
      out: options.out,
      ...(options.chromium !== undefined ? { chromium: options.chromium } : {}),
      ...(options.draft !== undefined ? { draft: options.draft } : {}),
      ...(options.cover !== undefined ? { cover: options.cover } : {}),
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
    });
    return {
      format: 'pdf',
      outDir: r.outDir,
      pages: r.pages,
      problems: r.problems,
      ...(r.pdfFile !== undefined ? { pdfFile: r.pdfFile } : {}),
      timings: { load: t1 - t0, render: performance.now() - t1 },
    };
  }
  const build = await publishHtml(project, {
    out: options.out,
    ...(options.draft !== undefined ? { draft: options.draft } : {}),
    ...(options.onProgress !== undefined ? { onProgress: (d: number, t: number) => options.onProgress?.(d, t, 'pages') } : {}),
  });
  return {
    format: 'html5',
    outDir: build.outDir,
    pages: build.plan.pages.length,
    problems: build.problems,
    build,
    timings: { load: t1 - t0, render: performance.now() - t1 },
  };
}

export { DitaProject };
