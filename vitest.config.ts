import { defineConfig } from 'vitest/config';
import { databaseFreeTests } from './apps/server/test/database-free';

/** Server test files that replace modules with vi.mock or spies: each gets a fresh module graph. */
const MOCKING = ['apps/server/test/platform.test.ts', 'apps/server/src/modules/content/library/library-prep.test.ts'];

/**
 * The PostgreSQL pass (scripts/test-pg.mjs, CCMS_TEST_DB=postgres) runs only the files whose
 * database is the run's kind: the others (pure functions, git, PGlite-only servers such as the
 * upload memory test's, PostgreSQL-only ones already run by the first pass when DATABASE_URL is set)
 * would prove the same thing twice. Listed here because a project's exclude overrides --exclude.
 */
const SAME_ON_EVERY_DATABASE = process.env.CCMS_TEST_DB === 'postgres' ? databaseFreeTests(import.meta.dirname, ['apps/server', 'packages/contracts/src']) : [];

export default defineConfig({
  test: {
    projects: [
      {
        // One process runs the files one after another without re-importing the server for each:
        // importing it per file was a fifth of the suite's time. Every file builds its own app and
        // database, so no state is shared but loaded code; files that mock modules run isolated below.
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/src/modules/tool/gen/gen.project.test.ts', ...MOCKING, ...SAME_ON_EVERY_DATABASE],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: MOCKING,
          exclude: SAME_ON_EVERY_DATABASE,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        // Generated modules type-checked and tested in a copy of the project: minutes, not seconds.
        test: {
          name: 'gen-project',
          include: ['apps/server/src/modules/tool/gen/gen.project.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 180_000,
          pool: 'forks',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'dita',
          include: ['packages/dita/src/**/*.test.ts', 'packages/dita/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
