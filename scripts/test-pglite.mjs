// After a main pass on PostgreSQL (DATABASE_URL set), runs again on PGlite only the server test
// files listed in apps/server/test/database-passes.ts: code whose behaviour differs on the embedded
// database, and a smoke set. Without DATABASE_URL the main pass ran on PGlite, so there is nothing to do.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.DATABASE_URL) {
  console.log('test:pglite: DATABASE_URL is not set, so the main pass already ran every file on PGlite.');
  process.exit(0);
}
const env = { ...process.env, CCMS_TEST_PASS: 'pglite' };
delete env.CCMS_TEST_DB;
const reports = env.CCMS_TEST_REPORTS ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(env.CCMS_TEST_REPORTS, 'pglite.json')}`] : [];
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-isolated', '--passWithNoTests', ...reports], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
