import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Condition } from '../src/ditaval/ditaval.js';
import { publishHtml } from '../src/html/html-publisher.js';
import type { Problem } from '../src/problems/problem.js';
import type { DitaProject } from '../src/project/dita-project.js';
import { loadProject } from '../src/project/dita-project.js';
import { MemorySource } from '../src/source/file-source.js';

export const CONCEPT = (id: string, title: string, body: string, extra = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="${id}"><title>${title}</title>${extra}<conbody>${body}</conbody></concept>\n`;

export const TASK = (id: string, title: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">\n<task id="${id}"><title>${title}</title><taskbody>${body}</taskbody></task>\n`;

export const MAP = (body: string, attrs = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map${attrs}><title>Test map</title>${body}</map>\n`;

export async function load(files: Record<string, string>, opts: { map?: string; conditions?: Condition[]; ditaval?: string } = {}): Promise<DitaProject> {
  const source = new MemorySource(files);
  return loadProject({
    source,
    map: opts.map ?? 'map.ditamap',
    ...(opts.conditions !== undefined ? { conditions: opts.conditions } : {}),
    ...(opts.ditaval !== undefined ? { ditaval: { path: 'filter.ditaval', content: opts.ditaval } } : {}),
  });
}

export interface HtmlOut {
  project: DitaProject;
  dir: string;
  read: (rel: string) => string;
  written: string[];
  /** Every problem of the build: loading, links and rendering. */
  problems: Problem[];
  cleanup: () => void;
}

export async function publishFixture(
  files: Record<string, string | Buffer>,
  opts: { map?: string; conditions?: Condition[]; ditaval?: string; lang?: string } = {},
): Promise<HtmlOut> {
  const source = new MemorySource(files);
  const project = await loadProject({
    source,
    map: opts.map ?? 'map.ditamap',
    ...(opts.lang !== undefined ? { lang: opts.lang } : {}),
    ...(opts.conditions !== undefined ? { conditions: opts.conditions } : {}),
    ...(opts.ditaval !== undefined ? { ditaval: { path: 'filter.ditaval', content: opts.ditaval } } : {}),
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'ccms-dita-test-'));
  const build = await publishHtml(project, { out: dir });
  return {
    project,
    dir,
    read: (rel) => readFileSync(path.join(dir, rel), 'utf8'),
    written: build.written,
    problems: build.problems,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The <main> part of a page, without the shell. */
export function mainOf(html: string): string {
  const a = html.indexOf('<main');
  const b = html.indexOf('</main>');
  return a >= 0 && b > a ? html.slice(a, b) : html;
}

export function stripTags(html: string): string {
  return html
    .replace(/<\/(p|li|div|h\d|td|th|dt|dd|pre|figcaption|caption)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'ccms-dita-'));
}
