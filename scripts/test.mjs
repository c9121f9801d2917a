// npm test: the static checks (typecheck, lint, format), the unit tests once, the database tests on
// PGlite and (where reachable) on PostgreSQL, then the browser tests. Stages that fit the machine
// side by side run together (docs/decisions/220-test-stages.md); each one's output is kept in
// .test-artifacts/<stage>.log and printed whole when it ends, so nothing interleaves. The summary
// gives each stage's counts and wall time, the tests a retry let pass, and the closing total.
// SKIP_E2E=1 leaves out the browser tests (a developer's shortcut; CI runs everything);
// TEST_SERIAL=1 runs every stage alone, one after another (on a machine already busy).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runToFile } from './lib.mjs';

const outDir = path.resolve('.test-artifacts');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const started = Date.now();
const stages = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const retried = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const clock = () => seconds(Date.now() - started);

/**
 * The whole machine's processor time so far, in core-seconds (Linux's /proc/stat; null elsewhere).
 * Counted machine-wide because a stage's own rusage misses Chromium's renderers and the PostgreSQL
 * server: with it, the summary says how busy the cores were and so how far a run is from its floor.
 */
function machineBusy() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number); // idle and iowait are not busy
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}
const cores = availableParallelism();
const busyAtStart = machineBusy();
/** "machine 93 % busy" over a stretch of wall time, from two machineBusy() readings. */
function busyShare(from, to, ms) {
  if (from === null || to === null || ms <= 0) return '';
  return `; machine ${Math.round(((to - from) / (cores * (ms / 1000))) * 100)} % busy`;
}

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

/** Runs one stage with its output in a log file, prints that output when it ends, and times it. */
async function stage(name, slug, cmd, args, { env = {} } = {}) {
  const log = path.join(outDir, `${slug}.log`);
  console.log(`[${clock()}] started: ${name}`);
  const t0 = Date.now();
  const busy0 = machineBusy();
  const code = await runToFile(cmd, args, log, { env });
  const ms = Date.now() - t0;
  const busy = busyShare(busy0, machineBusy(), ms);
  const output = readFileSync(log, 'utf8');
  console.log(`\n=== ${name} (${seconds(ms)}) ===`);
  process.stdout.write(output.endsWith('\n') || !output ? output : `${output}\n`);
  return { code, ms, output, busy };
}

async function check(name, slug, cmd, args, options) {
  const { code, ms, busy } = await stage(name, slug, cmd, args, options);
  stages.push({ name, result: code === 0 ? 'ok' : `FAILED (exit ${code})`, failed: code !== 0, ms, busy });
}

const vitest = (project, json) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=./tests/retry-reporter.ts',
  '--reporter=json',
  `--outputFile.json=${json}`,
];

/** Adds a test stage's counts to the totals and its line to the summary. */
function record(name, code, ms, counts, busy) {
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  } else totals.failed += 1;
  const summary = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : 'no results (the run crashed)';
  stages.push({
    name,
    result: `${summary}${code !== 0 ? ` (exit ${code})` : ''}`,
    failed: code !== 0 || !counts || counts.failed > 0,
    ms,
    busy,
  });
}

async function suite(name, slug, project, env) {
  const json = path.join(outDir, `${slug}.json`);
  const { code, ms, output, busy } = await stage(name, slug, 'npx', vitest(project, json), { env });
  for (const line of output.split('\n')) if (line.startsWith('[retried] ')) retried.push(`${name}: ${line.slice(10)}`);
  record(name, code, ms, readCounts(json), busy);
}

async function postgresReachable(url) {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.query('select 1');
    return null;
  } catch (err) {
    return err.message;
  } finally {
    await probe.end().catch(() => {});
  }
}

// On two cores: the static checks are one process each and run one after another, beside the
// unit tests and, once those end, the two database stages side by side (the PostgreSQL one spends
// much of its time waiting on its server). The browser tests come last, alone: started beside the
// others (tried, docs/decisions/220-test-stages.md) they drove the load past 20 and made waits time out.
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pgError = await postgresReachable(pgUrl);
const serial = process.env.TEST_SERIAL === '1';

/** Runs the tasks side by side, or one after another under TEST_SERIAL=1. */
async function together(...tasks) {
  if (!serial) await Promise.all(tasks.map((t) => t()));
  else for (const t of tasks) await t();
}

const staticChecks = async () => {
  await check('typecheck (tsc)', 'tsc', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  await check('lint (eslint, check:cycles)', 'eslint', 'npm', ['run', '--silent', 'lint']);
  await check('format (prettier --check)', 'prettier', 'npx', ['prettier', '--check', '.']);
};

const onPostgres = async () => {
  if (pgError) {
    console.log(
      `\n=== database tests on PostgreSQL: NOT RUN ===\nPostgreSQL is not reachable at ${pgUrl} (${pgError}).\nStart it or set TEST_DATABASE_URL to run this stage.`,
    );
    stages.push({ name: 'database tests on PostgreSQL', result: `NOT RUN: PostgreSQL not reachable at ${pgUrl}`, failed: false });
    return;
  }
  await suite(`database tests on PostgreSQL (${new URL(pgUrl).host})`, 'postgres', 'db', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
};

// Three app processes behind nginx on PostgreSQL and moto's S3 (tests/topology, docs/decisions/205).
const topology = async () => {
  const name = 'topology (3 processes behind nginx on PostgreSQL and S3)';
  if (pgError) {
    console.log(`\n=== ${name}: NOT RUN ===\nPostgreSQL is not reachable at ${pgUrl} (${pgError}).`);
    stages.push({ name, result: `NOT RUN: PostgreSQL not reachable at ${pgUrl}`, failed: false });
    return;
  }
  await suite(name, 'topology', 'topology', { TEST_DATABASE_URL: pgUrl });
};

const testStages = async () => {
  await suite('unit tests (no database)', 'unit', 'unit', {});
  await together(() => suite('database tests on PGlite', 'pglite', 'db', { TEST_DB: 'pglite' }), onPostgres);
  await topology();
};

const browserTests = async () => {
  if (process.env.SKIP_E2E === '1') {
    stages.push({ name: 'browser tests (Chromium)', result: 'NOT RUN: SKIP_E2E=1', failed: false });
    return;
  }
  const json = path.join(outDir, 'e2e.json');
  const { code, ms, output, busy } = await stage('browser tests (Chromium)', 'e2e', 'node', ['scripts/e2e.mjs', '--json-out', json]);
  const flaky = '[e2e] flaky (passed on its retry): ';
  for (const line of output.split('\n')) if (line.startsWith(flaky)) retried.push(`browser tests: ${line.slice(flaky.length)}`);
  record('browser tests (Chromium)', code, ms, readCounts(json), busy);
};

await together(staticChecks, testStages);
await browserTests();

console.log('\n=== summary ===');
for (const s of stages)
  console.log(`${s.failed ? 'FAIL' : 'ok  '}  ${s.name}: ${s.result}${s.ms === undefined ? '' : ` [${seconds(s.ms)}${s.busy ?? ''}]`}`);
console.log(
  retried.length ? `\nPassed only on a retry (flaky; fix them):\n${retried.map((r) => `  ${r}`).join('\n')}` : '\nNo test needed a retry.',
);
const failedStages = stages.filter((s) => s.failed).length;
if (failedStages && totals.failed === 0) totals.failed = failedStages;
console.log(`\ntotal time: ${clock()} (stages side by side: see docs/benchmarks.md)`);
const busyAtEnd = machineBusy();
if (busyAtStart !== null && busyAtEnd !== null) {
  const used = busyAtEnd - busyAtStart;
  console.log(
    `processor time used on this machine: ${Math.round(used)} core-s${busyShare(busyAtStart, busyAtEnd, Date.now() - started)} of ${cores} cores; ` +
      `with every core busy throughout, the run could not end before ${seconds((used / cores) * 1000)}`,
  );
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages ? 1 : 0);
