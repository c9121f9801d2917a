import { defineConfig } from 'vitest/config';

// Browser specs, run by scripts/e2e.mjs against a seeded server (E2E_BASE_URL).
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
