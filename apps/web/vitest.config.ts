import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Test files that replace modules (vi.mock), spy on shared objects, stub globals or fake timers:
 * each runs in its own module graph and DOM (vitest.isolated.config.ts).
 */
export const ISOLATED = [
  'src/shared/auth/permissions.test.tsx',
  'src/shared/list/Pagination.test.tsx',
  'src/app/router/signed-in-lazy.test.tsx',
  'src/app/router/password-change-reload.test.tsx',
  'src/api/client.test.ts',
  'src/api/download.test.ts',
  'src/features/content/topic-editor/components/typing-pause.test.ts',
  'src/features/content/topic-editor/early-open.test.ts',
  'src/features/work/project/components/ProjectStatusSwitch.test.tsx',
];

export const webTest: NonNullable<ViteUserConfig['test']> = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  passWithNoTests: true,
  // A hang guard, not a speed check: a dialog walked with user-event takes 10 s on a loaded 2-core runner.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...ISOLATED],
    // The files run one after another in one jsdom without re-importing React, antd and the app
    // for each: a fresh environment and import per file were over half of this project's time.
    // Each file renders into a cleaned document (setup.ts) and sets up its own fakes.
    isolate: false,
  },
});
