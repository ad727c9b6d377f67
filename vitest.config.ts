import { defineConfig } from 'vitest/config';
import { PGLITE_PASS } from './apps/server/test/database-passes';

/** Server test files that replace modules with vi.mock or spies: each gets a fresh module graph. */
const MOCKING = ['apps/server/test/platform.test.ts', 'apps/server/src/modules/content/library/library-prep.test.ts'];

/**
 * The PGlite pass (scripts/test-pglite.mjs, CCMS_TEST_PASS=pglite) follows a main pass on
 * PostgreSQL and runs only the files listed in apps/server/test/database-passes.ts: those that prove
 * code whose behaviour differs on PGlite, and a smoke set. Every other file ran once already.
 */
const PGLITE_ONLY = process.env.CCMS_TEST_PASS === 'pglite' ? Object.keys(PGLITE_PASS) : null;
const SERVER_FILES = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two test processes at once, whatever the core count (vitest's default is cores - 1: one
    // here). The API tests wait on git, PostgreSQL, Chromium and the job queue more than they
    // compute: two workers take the server files in about two thirds of the time on 2 cores.
    maxWorkers: 2,
    projects: [
      {
        // One process runs the files one after another without re-importing the server for each:
        // importing it per file was a fifth of the suite's time. Every file builds its own app and
        // database, so no state is shared but loaded code; files that mock modules run isolated below.
        test: {
          name: 'server',
          include: PGLITE_ONLY ?? SERVER_FILES,
          exclude: ['**/node_modules/**', 'apps/server/src/modules/tool/gen/gen.project.test.ts', ...MOCKING],
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
          include: PGLITE_ONLY ? MOCKING.filter((f) => PGLITE_ONLY.includes(f)) : MOCKING,
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
      {
        test: {
          name: 's1000d',
          include: ['packages/s1000d/src/**/*.test.ts', 'packages/s1000d/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'flight-ops',
          include: ['packages/ata2300/src/**/*.test.ts', 'packages/flightops/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'xmlprofile',
          include: ['packages/xmlprofile/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        // The repository's own checks (scripts/check-*.mjs), fed snippets.
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
