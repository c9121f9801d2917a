import { defineConfig } from 'vitest/config';
import { classifyTestFiles } from './tests/projects';

// Two projects (docs/decisions/220-test-stages.md): `unit` runs once and provides no database;
// `db` is every file whose imports reach tests/harness.ts or tests/env.ts, run on the database
// TEST_DB names (pglite, the default, or postgres). `vitest run` runs both; npm test runs `unit`
// once and `db` on each database (--project).
const { unit, database } = await classifyTestFiles();

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', 'tests/retry-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: unit } },
      { extends: true, test: { name: 'db', include: database, isolate: false, globalSetup: ['tests/global-setup.ts'] } },
      // Several app processes behind nginx on PostgreSQL and S3 (tests/topology; its own stage of npm test).
      {
        extends: true,
        test: { name: 'topology', include: ['tests/topology/**/*.topology.ts'], testTimeout: 60_000, hookTimeout: 180_000 },
      },
    ],
  },
});
