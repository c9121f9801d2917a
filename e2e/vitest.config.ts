import { defineConfig } from 'vitest/config';

// Browser specs, run by scripts/e2e.mjs against a seeded server (E2E_BASE_URL).
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    // A spec's own waits say what they wait for; the test's limit is only a backstop, generous
    // because the machines that run this are shared (two cores, often busy with other stages).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page to catch up (an address rewritten, a count refetched): one
    // second, vitest's default, is a flake on a busy machine.
    expect: { poll: { timeout: 15_000 } },
    // Two specs of a full run share one server and the seeded accounts on two busy cores: a wait
    // that times out once in a few hundred tests gets one more try. scripts/e2e.mjs names every
    // test that needed it, so a spec that is flaky is still seen.
    retry: 1,
    // A failed `expect(errors).toEqual([])` shows the browser's messages in full, not "[ Array(1) ]".
    chaiConfig: { truncateThreshold: 2000 },
  },
});
