import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Problem } from './problems/problem.js';
import { countBySeverity } from './problems/problem.js';
import type { LoadOptions } from './project/dita-project.js';
import { check } from './publish/check.js';
import type { OutputFormat } from './publisher.js';
import { publish } from './publisher.js';
import { FolderSource } from './source/file-source.js';

const USAGE = `usage: ccms-dita check <map|topic> [--ditaval <file>] [--catalog <file>] [--no-dtd] [--root <dir>] [--json]
       ccms-dita publish <map|topic> --out <dir> [--format html5|pdf] [--ditaval <file>] [--chromium <path>] [--draft] [--root <dir>] [--json]

  --root      folder the content is read from (default: the map's folder)
  --catalog   OASIS XML catalog for DTD validation (default: Debian dita-ot's, when installed)
  --no-dtd    validate with the built-in nesting rules only
  --json      print problems as JSON`;

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
}

const defaultIO: CliIO = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stderr.isTTY === true,
};

function progressBar(io: CliIO): (done: number, total: number, phase: string) => void {
  let last = '';
  return (done, total, phase) => {
    if (!io.isTTY) return;
    const width = 30;
    const filled = total > 0 ? Math.round((done / total) * width) : 0;
    const line = `\r${phase.padEnd(8)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
    if (line !== last) io.stderr(line);
    last = line;
    if (done >= total && total > 1) io.stderr('\n');
  };
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.severity} [${p.code}] ${p.message}`;
}

function summary(problems: readonly Problem[], io: CliIO, limit = 50): void {
  const c = countBySeverity(problems);
  for (const p of problems.slice(0, limit)) io.stdout(`${formatProblem(p)}\n`);
  if (problems.length > limit) io.stdout(`... and ${problems.length - limit} more (use --json for all)\n`);
  const byCode = new Map<string, number>();
  for (const p of problems) byCode.set(p.code, (byCode.get(p.code) ?? 0) + 1);
  io.stdout(
    `${c.error} error(s), ${c.warning} warning(s), ${c.info} info${byCode.size > 0 ? `: ${[...byCode].map(([k, v]) => `${k} ${v}`).join(', ')}` : ''}\n`,
  );
}

/** Runs the CLI; returns the exit code (0 ok, 1 errors found, 2 bad usage). */
export async function runCli(argv: string[], io: CliIO = defaultIO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [command, mapArg] = positionals;
  if ((command !== 'check' && command !== 'publish') || mapArg === undefined) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  const mapAbs = path.resolve(mapArg);
  const root = path.resolve(values.root ?? path.dirname(mapAbs));
  const mapRel = path.relative(root, mapAbs).split(path.sep).join('/');
  if (mapRel.startsWith('..')) {
    io.stderr(`the map ${mapArg} is not inside --root ${root}\n`);
    return 2;
  }
  const load: LoadOptions = { source: new FolderSource(root), map: mapRel };
  if (values.ditaval !== undefined) {
    try {
      load.ditaval = { path: values.ditaval, content: readFileSync(values.ditaval) };
    } catch {
      io.stderr(`cannot read DITAVAL file ${values.ditaval}\n`);
      return 2;
    }
  }
  const progress = progressBar(io);
  const t0 = performance.now();
  if (command === 'check') {
    const r = await check({
      ...load,
      dtd: values['no-dtd'] !== true,
      ...(values.catalog !== undefined ? { catalog: values.catalog } : {}),
      onProgress: progress,
    });
    const ms = performance.now() - t0;
    if (values.json === true) io.stdout(`${JSON.stringify({ problems: r.problems, validation: r.validation }, null, 2)}\n`);
    else {
      io.stdout(`checked ${r.files} file(s) (${r.validation}) in ${(ms / 1000).toFixed(2)} s\n`);
      summary(r.problems, io);
    }
    return r.problems.some((p) => p.severity === 'error') ? 1 : 0;
  }
  const format = (values.format ?? 'html5') as OutputFormat;
  if (format !== 'html5' && format !== 'pdf') {
    io.stderr(`--format must be html5 or pdf\n${USAGE}\n`);
    return 2;
  }
  if (values.out === undefined) {
    io.stderr(`publish needs --out <dir>\n${USAGE}\n`);
    return 2;
  }
  try {
    const r = await publish({
      ...load,
      format,
      out: values.out,
      ...(values.draft === true ? { draft: true } : {}),
      ...(values.chromium !== undefined ? { chromium: values.chromium } : {}),
      onProgress: progress,
    });
    const ms = performance.now() - t0;
    if (values.json === true) io.stdout(`${JSON.stringify({ out: r.outDir, pages: r.pages, pdf: r.pdfFile, problems: r.problems }, null, 2)}\n`);
    else {
      io.stdout(`published ${r.pages} page(s) to ${r.pdfFile ?? r.outDir} in ${(ms / 1000).toFixed(2)} s\n`);
      summary(r.problems, io);
    }
    return r.problems.some((p) => p.code === 'map-missing' || p.code === 'pdf-browser-missing' || p.code === 'pdf-failed') ? 1 : 0;
  } catch (e) {
    io.stderr(`publish failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      ditaval: { type: 'string' },
      out: { type: 'string', short: 'o' },
      root: { type: 'string' },
      catalog: { type: 'string' },
      chromium: { type: 'string' },
      'no-dtd': { type: 'boolean' },
      draft: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
