import { FolderSource, type HtmlBuild, publish, rebuildHtml } from '@ccms/dita';
import type { EngineReply, EngineRequest } from './engine-protocol';

/**
 * The publish process: runs the DITA engine away from the server's event loop. It keeps the
 * last HTML builds (a few keys) so a re-publish of the same publication and config rebuilds
 * only the pages the changed files affect. One request at a time; the server kills the
 * process to cancel.
 */
const KEEP_BUILDS = 4;
const builds = new Map<string, { build: HtmlBuild; fingerprint: string; srcDir: string; outDir: string }>();

const reply = (message: EngineReply) => process.send?.(message);

async function run(req: EngineRequest) {
  const begun = Date.now();
  const progress = (done: number, total: number, phase: string) => reply({ type: 'progress', id: req.id, phase, done, total });
  const previous = builds.get(req.key);
  if (
    req.format === 'html5' &&
    req.changed !== null &&
    previous !== undefined &&
    previous.fingerprint === req.fingerprint &&
    previous.srcDir === req.srcDir &&
    previous.outDir === req.outDir
  ) {
    progress(0, 1, 'incremental');
    const result = await rebuildHtml(previous.build, req.changed);
    builds.delete(req.key);
    builds.set(req.key, { ...previous, build: result.build });
    progress(1, 1, 'incremental');
    reply({ type: 'done', id: req.id, pages: result.build.plan.pages.length, problems: result.build.problems, incremental: true, begun, ended: Date.now() });
    return;
  }
  builds.delete(req.key);
  const result = await publish({
    source: new FolderSource(req.srcDir),
    map: req.map,
    format: req.format,
    out: req.outDir,
    conditions: req.conditions,
    ...(req.ditaval ? { ditaval: req.ditaval } : {}),
    ...(req.chromium ? { chromium: req.chromium } : {}),
    onProgress: progress,
  });
  if (result.build) {
    builds.set(req.key, { build: result.build, fingerprint: req.fingerprint, srcDir: req.srcDir, outDir: req.outDir });
    while (builds.size > KEEP_BUILDS) {
      const oldest = builds.keys().next().value;
      if (oldest === undefined) break;
      builds.delete(oldest);
    }
  }
  reply({
    type: 'done',
    id: req.id,
    pages: result.pages,
    problems: result.problems,
    ...(result.pdfFile ? { pdfFile: result.pdfFile } : {}),
    incremental: false,
    begun,
    ended: Date.now(),
  });
}

let chain: Promise<void> = Promise.resolve();
process.on('message', (message: EngineRequest) => {
  if (message?.type !== 'run') return;
  chain = chain.then(() =>
    run(message).catch((err: unknown) => {
      builds.delete(message.key);
      reply({ type: 'error', id: message.id, message: err instanceof Error ? err.message : String(err) });
    }),
  );
});
process.on('disconnect', () => process.exit(0));
