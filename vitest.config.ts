import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
