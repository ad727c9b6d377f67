import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1). Most API tests wait on git
    // child processes, in-process servers or PostgreSQL rather than on the CPU, so two files at
    // a time keep both cores busy and cut the wall time of the suite.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/src/modules/tool/gen/gen.project.test.ts'],
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
    ],
  },
});
