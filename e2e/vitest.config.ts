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
    // Two specs of a full run share one server and the seeded accounts on two busy cores: a wait
    // that times out once in a few hundred tests gets one more try. scripts/e2e.mjs names every
    // test that needed it, so a spec that is flaky is still seen.
    retry: 1,
  },
});
