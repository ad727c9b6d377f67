import { FolderSource, type HtmlBuild, publish, rebuildHtml } from '@ccms/dita';
import type { S1000dHtmlBuild, S1000dResult } from '@ccms/s1000d/publish';
import { keepNewest } from '../../../platform/lru';
import type { EngineReply, EngineRequest } from './engine-protocol';

/**
 * The publish process: runs the DITA engine (and S1000D's, by the request's standard) away from the server's event loop. It keeps the
 * last HTML builds (a few keys) so a re-publish of the same publication and config rebuilds
 * only the pages the changed files affect. One request at a time; the server kills the
 * process to cancel.
 */
const KEEP_BUILDS = 4;
const builds = new Map<string, { build: HtmlBuild; fingerprint: string; srcDir: string; outDir: string }>();

const reply = (message: EngineReply) => process.send?.(message);

/** The last S1000D HTML builds, as `builds` keeps DITA's: a re-publish renders only what changed. */
const s1000dBuilds = new Map<string, { build: S1000dHtmlBuild; fingerprint: string; srcDir: string; outDir: string }>();

/** Keeps a build under its key as the newest; the oldest go beyond KEEP_BUILDS. */
function keep<T>(cache: Map<string, T>, key: string, value: T): void {
  keepNewest(cache, key, value, KEEP_BUILDS);
}

/** An S1000D publication module, HTML5 (incrementally when this process holds the previous build of the key) or PDF. */
async function runS1000d(req: EngineRequest, begun: number) {
  const progress = (done: number, total: number, phase: string) => reply({ type: 'progress', id: req.id, phase, done, total });
  // Loaded on the first S1000D build: a process that publishes DITA only does not load it.
  const { publishS1000dHtml, publishS1000dPdf, rebuildS1000dHtml } = await import('@ccms/s1000d/publish');
  const previous = s1000dBuilds.get(req.key);
  s1000dBuilds.delete(req.key);
  const selection = {
    ...(req.applic?.product ? { product: req.applic.product } : {}),
    ...(req.applic?.assign ? { assign: req.applic.assign } : {}),
    ...(req.applic?.exclude ? { exclude: req.applic.exclude } : {}),
  };
  const options = { srcDir: req.srcDir, pm: req.map, out: req.outDir, selection, onProgress: progress };
  let result: S1000dResult;
  let incremental = false;
  if (
    req.format === 'html5' &&
    req.changed !== null &&
    previous !== undefined &&
    previous.fingerprint === req.fingerprint &&
    previous.srcDir === req.srcDir &&
    previous.outDir === req.outDir
  ) {
    progress(0, 1, 'incremental');
    result = await rebuildS1000dHtml(previous.build, req.changed);
    incremental = true;
  } else if (req.format === 'pdf') result = await publishS1000dPdf({ ...options, ...(req.chromium ? { chromium: req.chromium } : {}) });
  else result = await publishS1000dHtml(options);
  if (result.build) {
    keep(s1000dBuilds, req.key, { build: result.build, fingerprint: req.fingerprint, srcDir: req.srcDir, outDir: req.outDir });
  }
  reply({
    type: 'done',
    id: req.id,
    pages: result.pages,
    // The problems' own fields (the bilingual text stays in the package).
    problems: result.problems.map(({ severity, code, message, file, line, column }) => ({ severity, code, message, file, line, column })),
    ...(result.pdfFile ? { pdfFile: result.pdfFile } : {}),
    incremental,
    begun,
    ended: Date.now(),
  });
}

/**
 * A message the server shows in the reader's language: a message key and its value, stored as the
 * server's job messages are (platform/jobs/registry.ts `encodeJobMessage`, not imported into this process).
 */
const coded = (key: string, value: string) => JSON.stringify({ key, params: { value } });

/**
 * The reply of a standard's full build (ATA Spec 2300, flight operations, XML profiles): its pages,
 * and each file its document names that the branch lacks as a warning in the reader's language.
 */
function replyFullBuild(
  req: EngineRequest,
  begun: number,
  result: { pages: number; missing: string[]; pdfFile?: string },
  missing: { code: string; key: string },
) {
  reply({
    type: 'done',
    id: req.id,
    pages: result.pages,
    problems: result.missing.map((value) => ({
      severity: 'warning' as const,
      code: missing.code,
      message: coded(missing.key, value),
      file: req.map,
      line: 0,
      column: 0,
    })),
    ...(result.pdfFile ? { pdfFile: result.pdfFile } : {}),
    incremental: false,
    begun,
    ended: Date.now(),
  });
}

/** An ATA Spec 2300 publication module for an aircraft, HTML5 or PDF (a full build each time); its refusals and warnings in zh and en. */
async function runAta2300(req: EngineRequest, begun: number) {
  const { Ata2300PublishError, publishAta2300 } = await import('@ccms/ata2300');
  reply({ type: 'progress', id: req.id, phase: 'render', done: 0, total: 1 });
  const selection = { ...(req.applic?.product ? { product: req.applic.product } : {}), ...(req.applic?.assign ? { assign: req.applic.assign } : {}) };
  try {
    const result = await publishAta2300({
      dir: req.srcDir,
      pm: req.map,
      out: req.outDir,
      format: req.format,
      selection,
      ...(req.chromium ? { chromium: req.chromium } : {}),
    });
    replyFullBuild(req, begun, { ...result, pages: result.modules.length }, { code: 'ata-ref-missing', key: 'publishJob.ata2300.refMissing' });
  } catch (err) {
    if (!(err instanceof Ata2300PublishError)) throw err;
    throw new Error(coded(`publishJob.ata2300.${err.code}`, err.value));
  }
}

/** A flight-operations manual (its PSL) for an aircraft, HTML5 or PDF (a full build each time); its refusals and warnings in zh and en. */
async function runFlightops(req: EngineRequest, begun: number) {
  const { FlightopsPublishError, publishFlightops } = await import('@ccms/flightops');
  reply({ type: 'progress', id: req.id, phase: 'render', done: 0, total: 1 });
  try {
    const result = await publishFlightops({
      dir: req.srcDir,
      psl: req.map,
      out: req.outDir,
      format: req.format,
      ...(req.applic?.product ? { aircraft: req.applic.product } : {}),
      ...(req.chromium ? { chromium: req.chromium } : {}),
    });
    replyFullBuild(req, begun, { ...result, pages: result.dus.length }, { code: 'fo-psl-missing', key: 'publishJob.flightops.duMissing' });
  } catch (err) {
    if (!(err instanceof FlightopsPublishError)) throw err;
    throw new Error(coded(`publishJob.flightops.${err.code}`, err.value));
  }
}

/** A grouping file of a library read by an XML profile, HTML5 or PDF by the profile's vocabulary and CSS (a full build each time). */
async function runXmlProfile(req: EngineRequest, begun: number) {
  const { ProfilePublishError, publishProfile } = await import('@ccms/xmlprofile');
  if (!req.xmlProfile) throw new Error(coded('publishJob.xmlProfile.noProfile', req.map));
  reply({ type: 'progress', id: req.id, phase: 'render', done: 0, total: 1 });
  try {
    const result = await publishProfile({
      dir: req.srcDir,
      document: req.map,
      out: req.outDir,
      format: req.format,
      profile: req.xmlProfile,
      ...(req.chromium ? { chromium: req.chromium } : {}),
    });
    replyFullBuild(req, begun, { ...result, pages: result.units.length }, { code: 'profile-ref-missing', key: 'publishJob.xmlProfile.refMissing' });
  } catch (err) {
    if (!(err instanceof ProfilePublishError)) throw err;
    throw new Error(coded('publishJob.xmlProfile.notGrouping', err.value));
  }
}

async function run(req: EngineRequest) {
  const begun = Date.now();
  if (req.standard === 's1000d') return runS1000d(req, begun);
  if (req.standard === 'ata2300') return runAta2300(req, begun);
  if (req.standard === 'flightops') return runFlightops(req, begun);
  if (req.standard === 'xmlprofile') return runXmlProfile(req, begun);
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
    ...(req.cover ? { cover: req.cover } : {}),
    ...(req.lang ? { lang: req.lang } : {}),
    onProgress: progress,
  });
  if (result.build) {
    keep(builds, req.key, { build: result.build, fingerprint: req.fingerprint, srcDir: req.srcDir, outDir: req.outDir });
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
      s1000dBuilds.delete(message.key);
      reply({ type: 'error', id: message.id, message: err instanceof Error ? err.message : String(err) });
    }),
  );
});
process.on('disconnect', () => process.exit(0));
