// npm run bench:seed: seeds a realistic installation (bench/seed.ts) for load benchmarks and KEEPS it.
//
//   npm run bench:seed                         scale 1 into PostgreSQL database classbots_bench_seed
//   BENCH_SCALE=10 npm run bench:seed          scale 10 into classbots_bench_seed_x10
//   npm run bench:seed -- --replace            drops the database first if it exists, then seeds
//   npm run bench:seed -- --drop               drops the database and exits
//   BENCH_DB=pglite DATA_DIR=/tmp/x npm run bench:seed   PGlite in DATA_DIR/db (as the server opens it)
//
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server and a database to connect to for CREATE DATABASE; BENCH_DB_NAME the database made (default
// classbots_bench_seed, _x<scale> above scale 1). The app's migrations run first, as the server runs
// them. Prints rows and seconds per table and the sign-ins, and writes everything a load benchmark
// needs to bench/results/seed-<database>.json (and, for PGlite, DATA_DIR/bench-seed.json).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { lockDataDir } from '../server/db/lock';
import { seedInstallation, type SeedResult } from './seed';

/** A refusal to act, told in one line. */
class UsageError extends Error {}

const args = new Set(process.argv.slice(2));
for (const a of args) if (!['--drop', '--replace'].includes(a)) throw new Error(`Unknown option ${a} (known: --drop, --replace)`);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const kind = process.env.BENCH_DB ?? 'postgres';
if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`BENCH_DB is postgres or pglite, not ${kind}`);
const resultsDir = path.join(import.meta.dirname, 'results');

function report(result: SeedResult, name: string, where: string) {
  const byTable = new Map<string, { rows: number; seconds: number }>();
  for (const s of result.steps) {
    const table = s.table.replace(/ \(.*\)$/, '');
    const row = byTable.get(table) ?? { rows: 0, seconds: 0 };
    byTable.set(table, { rows: row.rows + s.rows, seconds: row.seconds + s.seconds });
  }
  console.log(`\nSeeded ${name} at scale ${result.scale} in ${result.seconds.toFixed(1)} s (${where}).`);
  console.log('table                       rows after   seconds');
  for (const [table, v] of byTable) {
    const rows = result.counts[table];
    console.log(
      `${table.padEnd(24)} ${(rows === undefined ? '' : rows.toLocaleString('en-US')).padStart(13)} ${v.seconds.toFixed(1).padStart(9)}`,
    );
  }
  const c = result.credentials;
  console.log(`\nSign-ins (school ${result.school.name}, ${result.school.domain}):`);
  console.log(`  school admin  ${c.admin.email}  ${c.admin.password}`);
  for (const t of c.teachers) console.log(`  teacher       ${t.email}  ${t.password}`);
  for (const s of c.students) console.log(`  student       ${s.email}  ${s.password}`);
  console.log(`  everyone else ${c.sharedPassword}`);
}

async function withPostgres() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = process.env.BENCH_DB_NAME ?? (scale === 1 ? 'classbots_bench_seed' : `classbots_bench_seed_x${scale}`.replace('.', '_'));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new UsageError(`BENCH_DB_NAME must be a plain lower-case identifier, not ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (args.has('--drop')) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      rmSync(path.join(resultsDir, `seed-${name}.json`), { force: true });
      console.log(exists ? `Dropped database ${name}.` : `No database ${name} to drop.`);
      return;
    }
    if (exists && !args.has('--replace')) {
      throw new UsageError(`Database ${name} exists already: use it, or run with --replace to seed it afresh (--drop drops it).`);
    }
    if (exists) await admin.query(`drop database "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`Database ${name} (${url.toString()}): migrating, then seeding.`);
  const opened = performance.now();
  const database = await openPostgres(url.toString(), { max: 2 });
  console.log(`  migrations ${((performance.now() - opened) / 1000).toFixed(1)} s`);
  try {
    await seedAndWrite(database, name, `DATABASE_URL=${url.toString()}`, { url: url.toString(), name });
  } finally {
    await database.close();
  }
}

async function withPglite() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir)
    throw new UsageError('BENCH_DB=pglite needs DATA_DIR, the folder the server will run on (the database goes in DATA_DIR/db).');
  const name = `pglite-${path.basename(path.resolve(dataDir))}`;
  const marker = path.join(dataDir, 'bench-seed.json');
  if (args.has('--drop')) {
    if (!existsSync(marker)) throw new UsageError(`${dataDir} has no bench-seed.json: not a folder bench:seed made; not removing it.`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(resultsDir, `seed-${name}.json`), { force: true });
    console.log(`Removed ${dataDir}.`);
    return;
  }
  if (existsSync(path.join(dataDir, 'db'))) {
    if (!args.has('--replace') || !existsSync(marker)) {
      throw new UsageError(
        `${dataDir}/db exists already: use it, or run with --replace to seed it afresh (only a folder bench:seed made).`,
      );
    }
    rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
  }
  const release = lockDataDir(dataDir, 'npm run bench:seed');
  try {
    const opened = performance.now();
    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    console.log(`PGlite in ${dataDir}/db: migrations ${((performance.now() - opened) / 1000).toFixed(1)} s, seeding.`);
    try {
      await seedAndWrite(database, name, `DATA_DIR=${dataDir}`, { dataDir: path.resolve(dataDir), name }, marker);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function seedAndWrite(database: Database, name: string, where: string, target: Record<string, string>, marker?: string) {
  const result = await seedInstallation(database, { scale, log: (line) => console.log(line) });
  const json = JSON.stringify({ database: { kind, ...target }, ...result }, null, 2);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `seed-${name}.json`);
  writeFileSync(file, json);
  if (marker) writeFileSync(marker, json);
  report(result, name, where);
  console.log(`\nStart the app on it: ${where} AUTH_SECRET=<32+ characters> npx tsx server/main.ts`);
  console.log(`Credentials and sample ids: ${path.relative(process.cwd(), file)}`);
}

try {
  if (kind === 'postgres') await withPostgres();
  else await withPglite();
} catch (err) {
  // A refusal (the database exists, no DATA_DIR) is one line; anything else keeps its stack.
  console.error(err instanceof UsageError ? err.message : err);
  process.exitCode = 1;
}
