// Unit and API tests: every vitest project once. With DATABASE_URL (CI) the files that open the
// run's database open PostgreSQL (a fresh database per file from a migrated template); without it
// they open a copy of a PGlite image. scripts/test-pglite.mjs then re-runs the PGlite-specific files.
// With CCMS_TEST_REPORTS set (scripts/test-all.mjs), vitest also writes its JSON report there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const env = { ...process.env };
if (env.DATABASE_URL) env.CCMS_TEST_DB = 'postgres';
console.log(`test:unit: API tests on ${env.CCMS_TEST_DB === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
const reports = env.CCMS_TEST_REPORTS ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(env.CCMS_TEST_REPORTS, 'unit.json')}`] : [];
const run = spawnSync('npx', ['vitest', 'run', ...reports, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
