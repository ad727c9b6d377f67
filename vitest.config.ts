import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
