/** Form builder page permission: the seeded menu grants it (the builder runs in the browser, no API). */
export const BuildPerm = {
  list: 'tool:build:list',
} as const;
