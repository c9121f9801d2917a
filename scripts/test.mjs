// npm test: typecheck, lint, the unit and integration suite on PGlite and (where reachable) on
// PostgreSQL, then the browser tests. Prints what ran, each stage's counts, and a closing total.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { run } from './lib.mjs';

const outDir = path.resolve('.test-artifacts');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const stages = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function readCounts(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) + (r.success === false && r.numFailedTests === 0 ? 1 : 0),
      skipped: r.numPendingTests + r.numTodoTests,
    };
  } catch {
    return null;
  }
}

async function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const code = await run(cmd, args);
  stages.push({ name, result: code === 0 ? 'ok' : `FAILED (exit ${code})`, failed: code !== 0 });
}

async function suite(name, cmd, args, jsonFile, env = {}) {
  console.log(`\n=== ${name} ===`);
  const code = await run(cmd, args, { env });
  const counts = readCounts(jsonFile);
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  } else totals.failed += 1;
  const summary = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : 'no results (the run crashed)';
  stages.push({ name, result: `${summary}${code !== 0 ? ` (exit ${code})` : ''}`, failed: code !== 0 || !counts || counts.failed > 0 });
}

const vitest = (json) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];

await check('typecheck (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await check('lint (eslint)', 'npx', ['eslint', '.']);
await check('format (prettier --check)', 'npx', ['prettier', '--check', '.']);

const pgliteJson = path.join(outDir, 'pglite.json');
await suite('unit and integration tests on PGlite', 'npx', vitest(pgliteJson), pgliteJson, { TEST_DB: 'pglite' });

const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
let pgError = null;
try {
  await probe.connect();
  await probe.query('select 1');
} catch (err) {
  pgError = err.message;
} finally {
  await probe.end().catch(() => {});
}
if (pgError) {
  console.log(
    `\n=== the same suite on PostgreSQL: NOT RUN ===\nPostgreSQL is not reachable at ${pgUrl} (${pgError}).\nStart it or set TEST_DATABASE_URL to run this stage.`,
  );
  stages.push({ name: 'the same suite on PostgreSQL', result: `NOT RUN: PostgreSQL not reachable at ${pgUrl}`, failed: false });
} else {
  const pgJson = path.join(outDir, 'postgres.json');
  await suite(`the same suite on PostgreSQL (${new URL(pgUrl).host})`, 'npx', vitest(pgJson), pgJson, {
    TEST_DB: 'postgres',
    TEST_DATABASE_URL: pgUrl,
  });
}

const e2eJson = path.join(outDir, 'e2e.json');
await suite('browser tests (Chromium)', 'node', ['scripts/e2e.mjs', '--json-out', e2eJson], e2eJson);

console.log('\n=== summary ===');
for (const s of stages) console.log(`${s.failed ? 'FAIL' : 'ok  '}  ${s.name}: ${s.result}`);
const failedStages = stages.filter((s) => s.failed).length;
if (failedStages && totals.failed === 0) totals.failed = failedStages;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages ? 1 : 0);
