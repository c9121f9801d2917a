import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPglite, openPostgres } from '../server/db/client';
import { pgliteExtensions } from '../server/db/extensions';
import { databaseUrlFor, testDatabaseUrl, testDbKind } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** PGlite: an uncompressed dump (tar) of a migrated data dir to start each test database from. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database to copy (CREATE DATABASE ... TEMPLATE). */
    pgTemplate: string;
    runId: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules/.cache/classbots-tests');

/**
 * What a migrated PGlite database depends on: every migration file, the PGlite version and the
 * extensions it loads. A template made from the same inputs is the same database, so it is made
 * once and kept (docs/decisions/221-template-database.md).
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const f of files(migrationsFolder).sort()) hash.update(`${path.relative(migrationsFolder, f)}\0`).update(readFileSync(f));
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\0extensions ${Object.keys(pgliteExtensions).sort().join(',')}`);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite template for this migration set: made on first use, then reused by every run. */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(cacheDir, `pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const db = await openPglite({});
  // dumpDataDir lives on the PGlite instance behind the drizzle handle.
  const pglite = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  // Uncompressed: every test database is loaded from it, and gunzipping 40 MB each time costs more than the disk.
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await db.close();
  mkdirSync(cacheDir, { recursive: true });
  // Written under a name of its own and renamed, so a run started alongside never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return file;
}

/** Makes (or finds) the migrated template; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const runId = `cb_${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);
  project.provide('dbKind', testDbKind());
  if (testDbKind() === 'pglite') {
    project.provide('pgliteTemplate', await pgliteTemplate());
    project.provide('pgTemplate', '');
    return;
  }
  const admin = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${testDatabaseUrl()} (${(err as Error).message}). ` +
        'Start it, or set TEST_DATABASE_URL to a server where this user may create databases.',
    );
  }
  const template = `${runId}_tmpl`;
  await admin.query(`create database "${template}"`);
  const migrated = await openPostgres(databaseUrlFor(template), { max: 1 });
  await migrated.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${runId}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}
