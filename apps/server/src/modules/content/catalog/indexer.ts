import type { ReindexResult } from '@ccms/contracts/content/catalog';
import { ditaFiles } from '@ccms/dita/files';
import type { ValidationProblem } from '@ccms/s1000d';
import { s1000dFiles } from '@ccms/s1000d/files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { objectId } from '../../../platform/git/loose-objects';
import { keepNewest } from '../../../platform/lru';
import { observeIndexRun } from '../../../platform/metrics/metrics';
import { standardOf } from '../standard/registry';
import { type IndexWrite, writeIndex } from './catalog-store';
import { type DitaRunner, inProcessRunner, storedRowsOf } from './dita-runner';
import { branchKey, type DitaRunTarget } from './dita-runs';
import { unchangedResult } from './index-rows';
import { type IndexerOptions, type IndexTarget, type S1000dSet, tracer } from './index-run';
import { checkS1000dObject } from './s1000d-rows';
import { csdbOf, inProcessSetRunner, type SetRunner } from './set-rows';
import { setRun } from './set-run';

/** An incremental run being worked out before its write (indexer.prepare): of which branch, from which commit to which. */
export interface PreparedRun {
  readonly key: string;
  readonly commit: string;
  readonly base: string;
}

/**
 * A target as it crosses to the DITA runner: the clone by its folder, and the files the commit put
 * that the engine does not read (images, videos, anything not DITA) by blob id and size, so their
 * bytes (an upload of hundreds of MB) are not copied to the index thread.
 */
const runTarget = (t: IndexTarget): DitaRunTarget => ({
  libraryId: t.libraryId,
  libraryType: t.libraryType,
  branch: t.branch,
  dir: t.repo.dir,
  commit: t.commit,
  known: t.known && {
    from: t.known.from,
    changes: t.known.changes.map((c) =>
      c.op === 'put' && 'content' in c && !ditaFiles.isSource(c.path)
        ? { op: 'put', path: c.path, blob: { oid: objectId('blob', c.content), size: c.content.length } }
        : c,
    ),
  },
});

/**
 * Builds and keeps the catalogue of library branches: the first run (or one without a
 * remembered snapshot) reads every DITA file at the commit; later runs read only the files
 * `git diff` names and let the DITA engine re-resolve what depends on them (keys, conrefs, links).
 * DITA runs go to `runner`, the other standards' to `setRunner` (the server's: the index thread;
 * by default this process). Every run writes its result in one transaction, here.
 */
export function catalogIndexer(db: Db, options: IndexerOptions & { runner?: DitaRunner; setRunner?: SetRunner } = {}) {
  const runner = options.runner ?? inProcessRunner({ maxSnapshots: options.maxSnapshots });
  const setRunner = options.setRunner ?? inProcessSetRunner({ s1000d: options.s1000dGrammar, ata2300: options.ata2300Schemas });
  /** The S1000D set of each branch's last run here (for s1000dSet); DITA's snapshots live with the runner. */
  const snapshots = new Map<string, { commit: string; set: S1000dSet }>();
  /** S1000D sets read from git at a commit no run of this process remembers (another node indexed it): a few, newest kept. */
  const sets = new Map<string, Promise<S1000dSet>>();
  const maxSnapshots = options.maxSnapshots ?? 8;
  /** PGlite: a first index writes its topic rows ahead in short transactions (see writeIndex). */
  const oneConnection = options.oneConnection === true;
  const keyOf = branchKey;

  const remember = (key: string, commit: string, set: S1000dSet) => keepNewest(snapshots, key, { commit, set }, maxSnapshots);

  return {
    /**
     * Brings the index of a branch to `target.commit`. Incremental when the last run's
     * snapshot is at the stored commit and that commit is still in the clone; full otherwise
     * (or when `full` is asked for).
     */
    async index(target: IndexTarget, stored: string | null, opts: { full?: boolean } = {}, prepared?: PreparedRun | null): Promise<ReindexResult> {
      const started = performance.now();
      const key = keyOf(target.libraryId, target.branch);
      if (stored === target.commit && !opts.full) {
        observeIndexRun('unchanged', performance.now() - started);
        return unchangedResult(target);
      }
      const dita = standardOf(target.libraryType).id === 'dita';
      const settle = (written: boolean) =>
        dita ? runner.settle({ libraryId: target.libraryId, branch: target.branch, commit: target.commit, written }) : undefined;
      const run: { result: ReindexResult; write: IndexWrite; s1000d?: S1000dSet } = dita
        ? await runner.run(
            {
              target: runTarget(target),
              stored,
              full: opts.full === true,
              // Worked out ahead (while the commit was pushed) from the stored commit: only written now.
              prepared: prepared?.key === key && prepared.commit === target.commit && prepared.base === stored,
            },
            () => storedRowsOf(db, target.libraryId, target.branch),
          )
        : await setRun(db, setRunner, options, target, stored, started);
      const writing = tracer('write');
      try {
        await writeIndex(db, { ...run.write, stats: { ...run.write.stats, durationMs: performance.now() - started } }, writing.mark, {
          oneConnection,
        });
        writing.mark(run.result.mode);
        writing.done();
      } catch (err) {
        snapshots.delete(key);
        settle(false);
        throw err;
      }
      if (run.s1000d) remember(key, target.commit, run.s1000d);
      settle(true);
      // Fresh statistics after a big change, so search plans use the trigram indexes.
      if (run.result.mode === 'full') await db.execute(sql`ANALYZE ccms_catalog_topic, ccms_catalog_document, ccms_catalog_link`);
      const durationMs = performance.now() - started;
      observeIndexRun(run.result.mode, durationMs);
      return { ...run.result, durationMs: Math.round(durationMs) };
    },
    /**
     * Starts working out the incremental run from the stored commit to `target.commit` (a commit
     * this server built, being pushed) without writing it; `index` writes it when it is asked for
     * that commit with the branch still where the run started. Null when there is nothing to start from.
     */
    async prepare(target: IndexTarget, stored: string | null): Promise<PreparedRun | null> {
      if (standardOf(target.libraryType).id !== 'dita' || stored === null || stored === target.commit) return null;
      if (!(await runner.prepare({ target: runTarget(target), stored }))) return null;
      return { key: keyOf(target.libraryId, target.branch), commit: target.commit, base: stored };
    },
    /** Forgets what is remembered of a branch (the next run reads everything). */
    forget(libraryId: number, branch?: string) {
      runner.forget({ libraryId, branch });
      for (const key of [...snapshots.keys()])
        if (key.startsWith(`${libraryId}\u0000`) && (branch === undefined || key === keyOf(libraryId, branch))) snapshots.delete(key);
    },
    /**
     * The S1000D set of a branch at a commit (the indexed one): the last run's when this process
     * made it, else described from git once and kept among a few.
     */
    s1000dSet(target: IndexTarget): Promise<S1000dSet> {
      const key = keyOf(target.libraryId, target.branch);
      const snap = snapshots.get(key);
      if (snap?.commit === target.commit) return Promise.resolve(snap.set);
      const at = `${key}@${target.commit}`;
      let set = sets.get(at);
      if (!set) {
        // Described where set runs run (the index thread): every object of the set is parsed.
        set = setRunner
          .describe({ libraryType: target.libraryType, dir: target.repo.dir, commit: target.commit })
          .then((d) => ({ csdb: csdbOf(d), brex: d.brex }));
        sets.set(at, set);
        set.catch(() => sets.delete(at));
        while (sets.size > 4) {
          const oldest = sets.keys().next().value;
          if (oldest === undefined) break;
          sets.delete(oldest);
        }
      }
      return set;
    },
    /** An S1000D object of a branch checked as a save would check it (the branch's BREX at the commit, the installed schemas and default BREX). */
    async s1000dCheck(
      target: IndexTarget,
      path: string,
      content: string,
    ): Promise<{ problems: ValidationProblem[]; described?: { docType: string; title: string } }> {
      const set = await this.s1000dSet(target);
      if (options.s1000dThreadCheck) {
        // The set's BREX modules as brexOf reads them, by blob id: the thread keeps those it has read.
        const files = set.csdb.objects.filter((o) => !o.refused && s1000dFiles.roleOf(o.file) === 'rules').map((o) => o.file);
        const oids = await target.repo.objectIds(target.commit, files);
        const rules = files.flatMap((file, i) => (oids[i] ? [{ path: file, oid: oids[i] }] : []));
        return options.s1000dThreadCheck({ content, path, rules, read: (paths) => target.repo.readFiles(target.commit, paths) });
      }
      const grammar = (await options.s1000dGrammar?.()) ?? { packages: [] };
      return { problems: checkS1000dObject(content, path, set.brex, grammar) };
    },
  };
}

export type CatalogIndexer = ReturnType<typeof catalogIndexer>;
