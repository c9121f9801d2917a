import { defineConfig } from 'vitest/config';

// Unit and integration tests. TEST_DB=postgres runs the same suite on a PostgreSQL server.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
