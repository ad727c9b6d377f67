// Runs the API tests again on PostgreSQL when DATABASE_URL is set; says so plainly when it is not.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:pg: DATABASE_URL is not set, so the API tests ran on PGlite only.');
  process.exit(0);
}
// Only the files whose database follows CCMS_TEST_DB run again: vitest.config.ts leaves out the
// rest on this pass (pure functions, git, the upload memory test's PGlite child process), which
// would prove the same thing twice. (A --exclude here would not work: the project's exclude wins.)
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-isolated'], {
  stdio: 'inherit',
  env: { ...process.env, CCMS_TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
