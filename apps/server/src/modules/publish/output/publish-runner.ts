import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Problem } from '@ccms/dita';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { OutputProblem } from '../../../db/schema/publish';
import { AppError } from '../../../platform/http/errors';
import { encodeJobMessage } from '../../../platform/jobs/registry';
import { observePublish } from '../../../platform/metrics/metrics';
import { STORE_SCOPES } from '../../../platform/storage/file-store';
import { putTree, type Storage } from '../../../platform/storage/storage';
import { changedFiles } from '../../content/catalog/catalog-git';
import { frozenAtTag } from '../../content/flightops/freeze-tag';
import { isFrozenBranch, type LibraryGit } from '../../content/library/library-git';
import { standardOf } from '../../content/standard/registry';
import { profileSpecOf } from '../../content/xml-profile/xml-profile.queries';
import type { NotifyInput } from '../../system/notification/notification.service';
import type { EnginePool } from '../engine/engine-pool';
import { applyVariables, checkout, fingerprintOf, writeChanges } from '../engine/prepare';
import { linkFile, linkTree, treeSize } from './link-tree';
import { findOutput, libraryOfOutput, pendingOutputs, updateOutputIf, updatePublishLog, userIdOfName } from './output.queries';
import { publishTrace, reportPublishPhases } from './publish-phases';
import { settingsOf } from './publish-settings';

export const PUBLISH_QUEUE = 'ccms-publish';
/** Problems kept per output (the counts cover all of them). */
const KEEP_PROBLEMS = 500;
/** Progress is written at most this often (the SSE stream reads it). */
const PROGRESS_EVERY_MS = 200;
/** Problems that mean no usable output came out. */
const FATAL = new Set(['map-missing', 'pdf-failed', 'pdf-browser-missing']);

const require = createRequire(import.meta.url);
export const ENGINE_VERSION: string = (() => {
  try {
    const entry = require.resolve('@ccms/dita');
    return JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version ?? '';
  } catch {
    return '';
  }
})();

/** Names the commit a build folder's `src` holds (written once the checkout is complete, removed before it changes). */
const CHECKOUT_MARK = 'src.commit';

/**
 * The commit `srcDir` holds complete and the root map its variables were written into, or null
 * when unknown (no mark, or no tree).
 */
async function checkoutOf(buildDir: string, srcDir: string): Promise<{ commit: string; map: string } | null> {
  if (!existsSync(srcDir)) return null;
  try {
    const [commit = '', map = ''] = (await readFile(path.join(buildDir, CHECKOUT_MARK), 'utf8')).split('\n');
    return /^[0-9a-f]{40,64}$/.test(commit) && map ? { commit, map } : null;
  } catch {
    return null;
  }
}

/** The build an output belongs to: outputs of the same publication (or map) and config share it. */
export const buildKeyOf = (row: { publicationId: number | null; configId: number | null; libraryId: number; branch: string; path: string }) =>
  row.publicationId ? `p${row.publicationId}-c${row.configId ?? 0}` : `d${row.libraryId}-${fingerprintOf([row.branch, row.path])}-c${row.configId ?? 0}`;

/** Where outputs and builds live under the data directory. */
export const publishDirs = (dataDir: string) => ({
  builds: path.join(dataDir, 'publish', 'builds'),
});

/** An output's folder as its row names it: the prefix of its id in the store's outputs scope. */
const OUTPUTS_PREFIX = `${STORE_SCOPES.outputs}/`;

export interface PublishRunnerDeps {
  db: Db;
  git: LibraryGit;
  pool: EnginePool;
  /** The data folder: the builds (each node's own working folders for incremental builds) live under it. */
  dataDir: string;
  /** Where finished outputs are kept, every node reading them: the data folder's publish/outputs or the object store. */
  outputs: Storage;
  log: FastifyBaseLogger;
  chromium?: string;
  /** Tells whoever started the publish that it finished or failed (the notices of the system area). */
  notify?: (input: NotifyInput) => Promise<void>;
}

/**
 * One publish job: checks the commit out, applies the library's variables, filters and data
 * properties, runs the engine in the publish process (incrementally when it holds the previous
 * build of the same publication and config) and keeps the output with its manifest.
 */
export function publishRunner({ db, git, pool, dataDir, outputs, log, chromium, notify }: PublishRunnerDeps) {
  const dirs = publishDirs(dataDir);
  /**
   * Per build, the linking of its out folder again from the output it just became (see the keep
   * step): started after a publish, awaited by the next one of the same build before it writes.
   */
  const relinks = new Map<string, Promise<void>>();

  function relinkLater(key: string, output: string, outDir: string, size: number) {
    const done = linkTree(output, outDir)
      .then((linked) => {
        // An output deleted while it was linked can leave a partial tree without an error.
        if (linked !== size) throw new Error(`linked ${linked} bytes of ${size}`);
      })
      .catch(async (err: unknown) => {
        // The output went meanwhile (deleted) or the links failed: the next build of this key is full.
        log.warn({ err, key }, 'build folder not linked again from its output; the next publish builds in full');
        pool.forget(key);
        await rm(outDir, { recursive: true, force: true }).catch(() => undefined);
      });
    relinks.set(key, done);
    void done.finally(() => {
      if (relinks.get(key) === done) relinks.delete(key);
    });
  }

  /** The notice to the user who started the publish (by the output's createBy). */
  async function tell(row: { outputId: number; createBy: string; configName: string }, event: 'publishFinished' | 'publishFailed', reason = '') {
    if (!notify) return;
    const userId = await userIdOfName(db, row.createBy);
    if (userId === undefined) return;
    await notify({
      event,
      recipients: [userId],
      params: { name: row.configName || `#${row.outputId}`, reason },
      link: `/ccms/output-view/index?outputId=${row.outputId}`,
    });
  }

  async function run(outputId: number) {
    const row = await findOutput(db, outputId);
    if (row?.status !== 'notStarted') return;
    const started = new Date();
    const begun = await updateOutputIf(db, outputId, ['notStarted'], { status: 'running', phase: 'checkout', startTime: started });
    if (!begun) return;
    pool.warm();
    const key = buildKeyOf(row);
    const buildDir = path.join(dirs.builds, key);
    const srcDir = path.join(buildDir, 'src');
    const outDir = path.join(buildDir, 'out');
    let commit = '';
    const trace = publishTrace();
    trace.record('queue', Math.max(0, started.getTime() - new Date(row.createTime).getTime()));
    try {
      const library = await libraryOfOutput(db, row.libraryId);
      if (!library) throw new Error(`library ${row.libraryId} is gone`);
      // Publish what the branch holds now (that branch fetched; the clone falls back to its last
      // fetch when the remote is down), reading the settings meanwhile.
      const standard = standardOf(library.libraryType).id;
      const xmlProfile = standard === 'xmlprofile' ? await profileSpecOf(db, library.libraryType) : undefined;
      const [{ repo, head }, { conditions, ditavalPath, variables, applic }] = await Promise.all([
        trace.timed('fetch', git.readyBranch(library, row.branch)),
        trace.timed('settings', settingsOf(db, row, library.libraryType)),
      ]);
      trace.restart();
      commit = head ?? '';
      if (!commit) throw new Error(`branch ${row.branch} not found`);
      // A frozen revision's dispatch builds its tagged commit only: a branch that left its tag since the request fails the run, in the reader's language.
      if (isFrozenBranch(row.branch))
        await frozenAtTag(repo, git.authOf(library), row.branch, commit).catch((err: unknown) => {
          throw err instanceof AppError ? new Error(encodeJobMessage({ key: err.key, params: err.params as Record<string, string | number> })) : err;
        });
      // Not awaited before the build: the database may be busy (an index of the library holding it) while the engine needs none of it.
      const commitSaved = Promise.all([updateOutputIf(db, outputId, ['running'], { commit }), updatePublishLog(db, outputId, { commit })]);
      commitSaved.catch(() => undefined);

      // The previous build's out folder is whole again before this build reads or writes it.
      await relinks.get(key);
      trace.mark('relink');

      const format = row.format === 'pdf' ? 'pdf' : 'html5';
      const fingerprint =
        standard !== 'dita'
          ? fingerprintOf({ standard, applic, format, map: row.path })
          : fingerprintOf({ conditions, ditavalPath, format, map: row.path, ...(row.lang ? { lang: row.lang } : {}) });
      const held = pool.heldFor(key);
      let changed: string[] | null = null;
      if (format === 'html5' && held && held.fingerprint === fingerprint && existsSync(srcDir)) {
        // Incremental: the checkout already holds the previous commit; write only what changed since.
        changed = held.commit === commit ? [] : [...(await changedFiles(repo, held.commit, commit)).keys()];
        await rm(path.join(buildDir, CHECKOUT_MARK), { force: true });
        await writeChanges(repo, commit, srcDir, [...new Set([...changed, row.path])]);
      } else {
        await rm(outDir, { recursive: true, force: true });
        // A tree this build folder holds already (a full rebuild after a restart or a filter change) is
        // brought to the commit file by file; otherwise the whole commit is checked out.
        const had = await checkoutOf(buildDir, srcDir);
        await rm(path.join(buildDir, CHECKOUT_MARK), { force: true });
        const since = had ? await changedFiles(repo, had.commit, commit).catch(() => null) : null;
        if (had && since) await writeChanges(repo, commit, srcDir, [...new Set([...since.keys(), had.map, row.path])]);
        else await checkout(repo, commit, srcDir);
      }
      await writeFile(path.join(buildDir, CHECKOUT_MARK), `${commit}\n${row.path}`);
      trace.mark('checkout');
      // Variables are DITA keys written into the root map; an S1000D publication module takes none.
      const mapHash = standard === 'dita' ? await applyVariables(srcDir, row.path, variables) : '';
      if (changed && held && held.mapHash !== mapHash && !changed.includes(row.path)) changed.push(row.path);
      const ditaval = ditavalPath ? { path: ditavalPath, content: await readTextOr(path.join(srcDir, ditavalPath)) } : undefined;

      trace.mark('prepare');
      let last = 0;
      let canceled = false;
      const outcome = await pool.run(
        {
          key,
          fingerprint,
          srcDir,
          outDir,
          map: row.path,
          format,
          conditions,
          changed,
          ...(ditaval ? { ditaval } : {}),
          ...(chromium ? { chromium } : {}),
          ...(format === 'pdf' ? { cover: { revision: commit.slice(0, 7), date: started.toISOString().slice(0, 10) } } : {}),
          ...(standard !== 'dita' ? { standard, ...(applic ? { applic } : {}) } : {}),
          ...(xmlProfile ? { xmlProfile } : {}),
          ...(standard === 'dita' && row.lang ? { lang: row.lang } : {}),
        },
        { commit, mapHash },
        {
          onProgress: (phase, done, total) => {
            const now = Date.now();
            if (now - last < PROGRESS_EVERY_MS && done < total) return;
            last = now;
            updateOutputIf(db, outputId, ['running'], { phase, done, total })
              .then((r) => {
                if (!r && !canceled) {
                  canceled = true;
                  pool.cancel(key);
                }
              })
              .catch((err) => log.warn({ err, outputId }, 'publish progress not saved'));
          },
        },
      );

      // The engine phase split: waiting for the process (its start, a build before), the build itself, and its reply waiting for this event loop.
      const sent = trace.since();
      trace.mark('engine');
      trace.record('engine-wait', Math.max(0, outcome.begun - sent));
      trace.record('engine-run', Math.max(0, outcome.ended - outcome.begun));
      trace.record('engine-reply', Math.max(0, Date.now() - outcome.ended));
      const problems = outcome.problems;
      const counts = { error: 0, warning: 0, info: 0 };
      for (const p of problems) counts[p.severity as keyof typeof counts]++;
      const failed = outcome.pages === 0 || problems.some((p: Problem) => FATAL.has(p.code));
      // A failed build is not a base for the next one.
      if (failed) pool.forget(key);
      // The output's objects are written under its own prefix; the row turns ready after the last one.
      const prefix = String(outputId);
      const target = outputs.localPathOf?.(prefix);
      await outputs.removeAll(prefix);
      let entryFile = '';
      let size = 0;
      if (!failed && !outcome.pdfFile) {
        if (target) {
          // The build's out folder becomes the output (one rename, no file touched), and the folder the
          // next build of this publication writes into is linked again from it in the background (hard
          // links, no bytes copied): the engine replaces a file it writes again rather than writing into
          // it, so this output never changes afterwards.
          await mkdir(path.dirname(target), { recursive: true });
          await rename(outDir, target);
          size = await treeSize(target);
          relinkLater(key, target, outDir, size);
        } else {
          // An object store keeps its own copy: the out folder stays as the next build's base.
          size = await putTree(outputs, prefix, outDir);
        }
        entryFile = 'index.html';
      } else if (!failed && outcome.pdfFile) {
        entryFile = path.basename(outcome.pdfFile);
        if (target) {
          await mkdir(target, { recursive: true });
          size = await linkFile(outcome.pdfFile, path.join(target, entryFile));
        } else {
          size = (await stat(outcome.pdfFile)).size;
          await outputs.put(`${prefix}/${entryFile}`, createReadStream(outcome.pdfFile));
        }
      }
      trace.mark('keep');
      await commitSaved;
      trace.mark('db-wait');
      const durationMs = Date.now() - started.getTime();
      const status = failed ? 'fail' : 'success';
      const kept: OutputProblem[] = problems.slice(0, KEEP_PROBLEMS).map((p) => ({
        severity: p.severity,
        code: p.code,
        message: p.message,
        file: p.file,
        line: p.line,
        column: p.column,
      }));
      const saved = await updateOutputIf(db, outputId, ['running'], {
        status,
        phase: 'done',
        pages: outcome.pages,
        problemCounts: counts,
        problems: kept,
        size,
        durationMs,
        engineVersion: ENGINE_VERSION,
        outputDir: OUTPUTS_PREFIX + prefix,
        entryFile,
        incremental: outcome.incremental ? '1' : '0',
        endTime: new Date(),
      });
      if (!saved) await outputs.removeAll(prefix);
      observePublish(saved ? status : 'canceled', durationMs);
      await updatePublishLog(db, outputId, {
        status: saved ? status : 'canceled',
        errorCount: counts.error,
        warningCount: counts.warning,
        durationMs,
        endTime: new Date(),
      });
      if (saved) await tell(row, status === 'success' ? 'publishFinished' : 'publishFailed', `${counts.error} error(s)`);
      trace.mark('save');
      reportPublishPhases(trace, log, { outputId, key, commit, incremental: outcome.incremental });
    } catch (err) {
      trace.end();
      const reason = err instanceof Error ? err.message : String(err);
      const durationMs = Date.now() - started.getTime();
      const current = await findOutput(db, outputId);
      const canceled = current?.status === 'canceled';
      if (!canceled) {
        log.warn({ err, outputId }, 'publish failed');
        await updateOutputIf(db, outputId, ['running'], {
          status: 'fail',
          phase: 'done',
          message: reason.slice(0, 1000),
          durationMs,
          endTime: new Date(),
        });
      }
      observePublish(canceled ? 'canceled' : 'fail', durationMs);
      await updatePublishLog(db, outputId, { status: canceled ? 'canceled' : 'fail', durationMs, endTime: new Date() });
      if (!canceled) await tell(row, 'publishFailed', reason.slice(0, 200));
      // The process's build may be half written: start from scratch next time.
      await relinks.get(key);
      pool.forget(key);
      await rm(outDir, { recursive: true, force: true });
    }
  }

  /**
   * The publish of this output stopped with the node that ran it (work recovery). Not run again by
   * itself (a publish that took its server down could take it down again): failed with the reason,
   * and whoever started it is told. True when this call ended it.
   */
  async function interrupted(outputId: number, retrying: boolean): Promise<boolean> {
    if (retrying) {
      await updateOutputIf(db, outputId, ['running'], { status: 'notStarted', phase: '' });
      return false;
    }
    const reason = encodeJobMessage({ key: 'publishJob.interrupted' });
    const row = await updateOutputIf(db, outputId, ['notStarted', 'running'], { status: 'fail', phase: 'done', message: reason, endTime: new Date() });
    if (!row) return false;
    await updatePublishLog(db, outputId, { status: 'fail', endTime: new Date() });
    // The build folder may be half written (when the node that died is this one): the next publish builds in full.
    pool.forget(buildKeyOf(row));
    await tell(row, 'publishFailed', reason).catch((err) => log.warn({ err, outputId }, 'publish notice failed'));
    return true;
  }

  /** Publishes that should have a job (waiting or running), as their job data. */
  const pending = async (before: Date) => (await pendingOutputs(db, before)).map((r) => ({ outputId: r.outputId }));

  return { run, interrupted, pending };
}

async function readTextOr(file: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(file, 'utf8');
  } catch {
    return '<val/>';
  }
}
