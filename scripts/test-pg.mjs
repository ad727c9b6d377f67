// Runs the API tests again on PostgreSQL when DATABASE_URL is set; says so plainly when it is not.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:pg: DATABASE_URL is not set, so the API tests ran on PGlite only.');
  process.exit(0);
}
// The upload memory test runs its server in a child process on PGlite whatever the database:
// a second pass on PostgreSQL would measure the same thing again.
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-isolated', '--exclude', '**/upload-memory.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CCMS_TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
