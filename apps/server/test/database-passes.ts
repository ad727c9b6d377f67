import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which database each server test file runs on. Without DATABASE_URL every file runs on PGlite.
 * With it (CI), the main pass runs every file, and the files that open the run's database open
 * PostgreSQL (CCMS_TEST_DB=postgres); then a short PGlite pass (scripts/test-pglite.mjs) runs again
 * only the files below: those that prove code whose behaviour differs on PGlite, plus a smoke set.
 * The files that open PGlite themselves (first start, upload memory, statement cache, the engine's
 * own databases) run on PGlite in the main pass already.
 *
 * database-passes.test.ts keeps this true: every source file that branches on the database kind
 * names a file here that covers that branch, and every test file that branches on the kind itself
 * is here or in POSTGRES_ONLY.
 */

/** Source files (relative to the repository) that branch on the database kind, and the test file that proves their PGlite branch. */
export const KIND_BRANCHES: Record<string, string> = {
  'apps/server/src/modules/content/content.area.ts': 'apps/server/src/modules/content/catalog/catalog.test.ts',
  'apps/server/src/modules/monitor/cache/cache.service.ts': 'apps/server/src/modules/monitor/cache/cache.test.ts',
  'apps/server/src/modules/monitor/datasource/datasource.service.ts': 'apps/server/src/modules/monitor/datasource/datasource.test.ts',
  'apps/server/src/platform/jobs/boss-queues.ts': 'apps/server/src/modules/monitor/job/job.test.ts',
  'apps/server/src/platform/git/library-lock.ts': 'apps/server/src/modules/content/topic-editor/topic-editor.test.ts',
  'apps/server/src/platform/backup/restore.ts': 'apps/server/test/backup-restore.test.ts',
};

/** Test files run again on PGlite when the main pass ran on PostgreSQL, with the reason. */
export const PGLITE_PASS: Record<string, string> = {
  'apps/server/src/modules/content/catalog/catalog.test.ts': 'the catalogue indexes on one connection on PGlite (content.area.ts)',
  'apps/server/src/modules/monitor/cache/cache.test.ts': 'the cache monitor reports one connection on PGlite',
  'apps/server/src/modules/monitor/datasource/datasource.test.ts': 'the data source monitor reads PGlite facts instead of pg_stat',
  'apps/server/src/modules/monitor/job/job.test.ts': 'pg-boss runs on the embedded database through its own adapter',
  'apps/server/src/modules/content/topic-editor/topic-editor.test.ts': 'saves queue in process only on PGlite (no advisory lock)',
  'apps/server/src/modules/work/work-item/work-item-index.test.ts': "the work list's index hears writes through PGlite's own listen on the embedded database",
  'apps/server/test/backup-restore.test.ts': "backup and restore take the embedded database's own path (its data folder's tarball, refused while open)",
  // Smoke: sign-in, rights, a write path and errors on the embedded database (what `npm start` runs).
  'apps/server/test/session.test.ts': 'smoke: sessions, tokens and sign-out on the embedded database',
  'apps/server/test/hardening.test.ts': 'smoke: refusals and error answers on the embedded database',
  'apps/server/src/modules/system/user/user.test.ts': 'smoke: a whole CRUD module with data scope on the embedded database',
};

/** Test files that branch on the kind and only run on PostgreSQL (several nodes share one database). */
export const POSTGRES_ONLY: Record<string, string> = {
  'apps/server/test/two-nodes.test.ts': 'nodes share a database only on PostgreSQL',
  'apps/server/src/modules/content/topic-editor/editor-presence.two-nodes.test.ts': 'nodes share a database only on PostgreSQL',
  'apps/server/src/modules/content/topic-editor/topic-editor.two-nodes.test.ts': 'nodes share a database only on PostgreSQL',
  'apps/server/test/shared-files.test.ts': 'nodes share a database (and an object store) only on PostgreSQL',
  'apps/server/test/three-nodes.test.ts': 'nodes share a database (and an object store) only on PostgreSQL',
};

/** A comparison of a database's kind with one of the two kinds, in source or test code. */
export const KIND_TEST = /\bkind\s*[!=]==?\s*'(?:pglite|postgres)'|\btestDbKind\s*[!=]==?/;

function files(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

const isTest = (name: string) => name.endsWith('.test.ts');

/** Server source files (not tests) that compare the database kind, relative to `root`. */
export function kindBranchingSources(root: string): string[] {
  return files(path.join(root, 'apps/server/src'), (n) => n.endsWith('.ts') && !isTest(n))
    .filter((f) => KIND_TEST.test(readFileSync(f, 'utf8')))
    .map((f) => path.relative(root, f))
    .sort();
}

/** Server test files that compare the database kind themselves, relative to `root`. */
export function kindBranchingTests(root: string): string[] {
  return [...files(path.join(root, 'apps/server/src'), isTest), ...files(path.join(root, 'apps/server/test'), isTest)]
    .filter((f) => KIND_TEST.test(readFileSync(f, 'utf8')))
    .map((f) => path.relative(root, f))
    .sort();
}
