import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../server/db/client';
import { databaseUrlFor, testDatabaseUrl, testDbKind } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** PGlite: a dumped, migrated data dir to start each test database from. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database to copy (CREATE DATABASE ... TEMPLATE). */
    pgTemplate: string;
    runId: string;
  }
}

/** Migrates once per run; each test file then starts from a copy of that database. */
export default async function setup(project: TestProject) {
  const runId = `cb_${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('runId', runId);
  project.provide('dbKind', testDbKind());
  if (testDbKind() === 'pglite') {
    const db = await openPglite({});
    const client = db as unknown as { close(): Promise<void> };
    // dumpDataDir lives on the PGlite instance behind the drizzle handle.
    const pglite = (db.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await pglite.dumpDataDir('gzip');
    const dir = path.resolve('.test-artifacts');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${runId}.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('pgliteTemplate', file);
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
