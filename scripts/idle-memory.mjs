// The idle memory of the server: RSS after start and one warm-up GET /api/health, run from the
// sources through tsx (as npm run dev and the tests do) and compiled (as npm start does), on PGlite
// and PostgreSQL: a first start (empty DATA_DIR, or a fresh PostgreSQL database created and dropped
// here; the migrations run) and a later start on the same data.
//   node scripts/idle-memory.mjs            (IDLE_RUNS=3 by default; the median is printed)
// Builds dist/server first when it is missing or stale. PostgreSQL: TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres (skipped when it is not reachable).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuild } from './lib.mjs';

const runs = Number(process.env.IDLE_RUNS ?? 3);
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const modes = {
  tsx: ['--import', 'tsx', 'server/main.ts'],
  compiled: ['--enable-source-maps', 'dist/server/main.js'],
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const rssKiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return 0;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (kib) => (kib / 1024).toFixed(0);

/** One start: the server's RSS in KiB once it answered one GET /api/health. */
async function measure(mode, extraEnv, dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, modes[mode], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // PGLITE_THREAD=main measures the embedded database on the main thread (the server's default is a worker).
      ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  try {
    const deadline = Date.now() + 60_000;
    let ok = false;
    // Polls until the server listens; the first answered GET /api/health is the warm-up request.
    while (!ok && Date.now() < deadline && child.exitCode === null) {
      ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) await sleep(100);
    }
    if (!ok) throw new Error(`the server did not answer (${mode}):\n${stderr}`);
    await sleep(1000); // the start's own background work (template sync, sweep) settles
    return rssKiB(child.pid);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs fn with the URL of a fresh database, dropped afterwards. */
async function withFreshDatabase(fn) {
  const name = `classbots_idle_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await withDataDir((dataDir) => fn(url.toString(), dataDir));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function withDataDir(fn) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'classbots-idle-'));
  try {
    return await fn(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const built = await ensureServerBuild();
if (built !== 0) process.exit(built);

const databases = ['pglite'];
if (await postgresReachable()) databases.push('postgres');
else console.log(`PostgreSQL is not reachable at ${adminUrl}: measuring PGlite only.`);

console.log(`Idle RSS after start and one GET /api/health, median of ${runs} start(s), MiB:`);
console.log('| database | server | RSS |');
console.log('|---|---|---|');
for (const database of databases) {
  for (const mode of Object.keys(modes)) {
    const first = [];
    const later = [];
    for (let i = 0; i < runs; i++) {
      const twice = async (env, dataDir) => {
        first.push(await measure(mode, env, dataDir));
        later.push(await measure(mode, env, dataDir));
      };
      if (database === 'pglite') await withDataDir((dataDir) => twice({}, dataDir));
      else {
        const secret = randomBytes(24).toString('hex');
        await withFreshDatabase((url, dataDir) => twice({ DATABASE_URL: url, AUTH_SECRET: secret }, dataDir));
      }
    }
    const name = database === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const [label, samples] of [
      [`${name}, first start`, first],
      [`${name}, later start`, later],
    ]) {
      console.log(`| ${label} | ${mode} | ${mib(median(samples))} |`);
    }
  }
}
